export { isStandardSchema } from './is-standard-schema.js'
export { pointerOf, type StandardValidationError, toValidationErrors } from './issues.js'
export { standardSchemaSharedSchemaAdapter } from './shared-schema-adapter.js'
export {
  type StandardValidateFunction,
  type StandardValidationOutcome,
  standardSchemaValidator,
} from './standard-schema-validator.js'
export {
  type ConversionMode,
  type JsonSchemaConverter,
  type JsonSchemaObject,
  type ToJsonSchemaOptions,
  toJsonSchema,
} from './to-json-schema.js'
export {
  type SerializerInputLike,
  withStandardSchemaSerialization,
} from './with-standard-schema-serialization.js'
export { withStandardSchemaValidation } from './with-standard-schema-validation.js'
