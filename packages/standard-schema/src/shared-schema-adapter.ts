import { createError } from '@framework/error-formatter'
import { isStandardSchema } from './is-standard-schema.js'
import { type JsonSchemaObject, type ToJsonSchemaOptions, toJsonSchema } from './to-json-schema.js'

/**
 * The framework's shared-schema adapter for Standard Schema: `addSchema(value)` of a Standard
 * Schema value stores its JSON Schema ({@link toJsonSchema}) under an id taken from that JSON
 * Schema: its `$id`, or the one named definition its root refers to (what Zod's
 * `.meta({ id: 'User' })` produces). `{ $ref: 'User#' }` in JSON Schema slots then reaches it.
 * Any other value is returned as it is.
 *
 * @throws FRM_ERR_SCH_MISSING_ID for a Standard Schema value whose JSON Schema names no id
 * @throws FRM_ERR_STANDARD_SCHEMA_CONVERSION for one that cannot be converted
 * @example
 * import { z } from 'zod'
 *
 * const adapter = standardSchemaSharedSchemaAdapter()
 * adapter(z.object({ name: z.string() }).meta({ id: 'User' }))
 * // { $id: 'User', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }
 */
export function standardSchemaSharedSchemaAdapter(
  options: ToJsonSchemaOptions = {},
): (schema: object) => object {
  return function adaptSharedSchema(schema) {
    if (!isStandardSchema(schema)) return schema
    return withId(toJsonSchema(schema, 'addSchema()', options))
  }
}

function withId(json: JsonSchemaObject): JsonSchemaObject {
  if (typeof json.$id === 'string' && json.$id !== '') return json
  const ref = json.$ref
  const definitions = json.definitions as Record<string, JsonSchemaObject> | undefined
  const prefix = '#/definitions/'
  if (typeof ref === 'string' && ref.startsWith(prefix) && definitions !== undefined) {
    const id = ref.slice(prefix.length)
    const named = definitions[id]
    if (typeof named === 'object' && named !== null && !id.includes('/')) {
      const shared: JsonSchemaObject = { ...named, $id: id }
      // Other definitions (and the schema's references to itself) stay reachable from the root.
      if (Object.keys(definitions).length > 1 || JSON.stringify(named).includes(prefix)) {
        shared.definitions = definitions
      }
      return shared
    }
  }
  throw createError('FRM_ERR_SCH_MISSING_ID')
}
