import { isStandardSchema } from './is-standard-schema.js'
import {
  type StandardValidateFunction,
  standardSchemaValidator,
} from './standard-schema-validator.js'

/**
 * Adds Standard Schema to a validator compiler factory (the framework's `(sharedSchemas) =>
 * (input) => validate` contract, for request parts and for response validation alike): a part
 * whose schema is a Standard Schema value is validated by its own `validate`; every other schema
 * goes to the wrapped factory's compiler, unchanged.
 *
 * @example
 * import { buildValidatorCompiler } from '@framework/validator-compiler'
 *
 * const validatorCompiler = withStandardSchemaValidation(buildValidatorCompiler())
 * createInstance({ validatorCompiler, ... })
 */
export function withStandardSchemaValidation<Shared, Input extends { schema: unknown }, Validate>(
  factory: (sharedSchemas: Shared) => (input: Input) => Validate,
): (sharedSchemas: Shared) => (input: Input) => Validate | StandardValidateFunction {
  return function standardSchemaValidatorFactory(sharedSchemas) {
    let compile: ((input: Input) => Validate) | undefined
    return function standardSchemaValidatorCompiler(input) {
      if (isStandardSchema(input.schema)) return standardSchemaValidator(input.schema)
      compile ??= factory(sharedSchemas)
      return compile(input)
    }
  }
}
