import type { FrameworkSchemaValidationError } from '@framework/error-formatter'

/**
 * A compiled validation function: returns `true` when `data` is valid, after coercing it and filling
 * defaults in place; on `false`, the errors (Ajv's structure) are on `validate.errors`.
 *
 * @example
 * const validate = compile({ schema, method: 'GET', url: '/', httpPart: 'querystring' })
 * const query = { limit: '10' }
 * validate(query) // true, and query.limit is now the number 10
 */
export interface ValidateFunction {
  (data: unknown): boolean
  errors?: FrameworkSchemaValidationError[] | null
}
