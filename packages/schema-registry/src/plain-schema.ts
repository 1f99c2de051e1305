import type { JsonSchema } from './json-schema.js'

/** What a fluent-json-schema builder looks like from outside: flagged, with its JSON as `valueOf()`. */
interface FluentSchema {
  isFluentSchema?: unknown
  isFluentJSONSchema?: unknown
  valueOf(): unknown
}

/**
 * The JSON Schema of a schema given in another form, else the schema itself. Recognised
 * structurally, without importing the library: a fluent-json-schema builder (`isFluentSchema` or
 * `isFluentJSONSchema` true, and its own `valueOf()` function) gives the JSON its `valueOf()`
 * returns, built once here.
 *
 * @example
 * import S from 'fluent-json-schema'
 * plainSchema(S.object().prop('name', S.string())) // { $schema: '...draft-07...', type: 'object', properties: { name: { type: 'string' } } }
 * plainSchema({ type: 'string' }) // the same object
 */
export function plainSchema<T>(schema: T): T | JsonSchema {
  if (typeof schema !== 'object' || schema === null) return schema
  const fluent = schema as FluentSchema
  if (
    (fluent.isFluentSchema === true || fluent.isFluentJSONSchema === true) &&
    Object.hasOwn(fluent, 'valueOf') &&
    typeof fluent.valueOf === 'function'
  ) {
    return fluent.valueOf() as JsonSchema
  }
  return schema
}
