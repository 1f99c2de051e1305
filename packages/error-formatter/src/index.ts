export { type CatalogueEntry, codes, type ErrorCode } from './codes.js'
export {
  type ErrorBody,
  errorBody,
  errorBodyJson,
  errorStatusCode,
  statusText,
} from './error-body.js'
export { createError, FrameworkError } from './framework-error.js'
export {
  createValidationError,
  dataVarOf,
  defaultSchemaErrorFormatter,
  type FrameworkSchemaValidationError,
  formatValidationMessage,
  isValidationError,
  type SchemaErrorDataVar,
  type SchemaErrorFormatter,
  type ValidationContext,
  type ValidationError,
  verbatimSchemaErrorFormatter,
} from './validation-error.js'
