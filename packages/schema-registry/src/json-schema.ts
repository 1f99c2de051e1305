/**
 * A JSON Schema as the framework passes it around: an object, or the boolean schemas `true`
 * (accept anything) and `false` (accept nothing).
 *
 * @example
 * const anything: JsonSchema = true
 * const user: JsonSchema = { $id: 'user', type: 'object' }
 */
export type JsonSchema = Record<string, unknown> | boolean

/**
 * A JSON Schema object (Draft 7), with the keywords this package reads spelled out for the reader.
 * Any other keyword is allowed.
 *
 * @example
 * const user: JsonSchemaObject = {
 *   $id: 'user',
 *   type: 'object',
 *   properties: { name: { type: 'string' }, address: { $ref: 'address#' } },
 *   required: ['name'],
 * }
 */
export interface JsonSchemaObject {
  /** Identifies a shared schema (`'user'`), or marks an anchor inside a schema (`'#street'`). */
  $id?: string
  /** A reference: `'#foo'`, `'#/definitions/x'`, `'user#'`, `'user#/definitions/x'`, `'user#foo'`. */
  $ref?: string
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  definitions?: Record<string, JsonSchema>
  [keyword: string]: unknown
}
