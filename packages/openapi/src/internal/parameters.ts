import { isObject, type JsonObject, pointerSegment } from './json.js'
import type { SchemaComponents } from './schema-components.js'

/** Where a request part's properties go in OpenAPI. */
export type ParameterLocation = 'path' | 'query' | 'header'

/**
 * The parameters of one request part, one per property of its schema. `placed` is the part's
 * schema as placed in the document: inline, or a `$ref` to a component (a `$ref`'d querystring,
 * for example), whose properties are then referenced, not copied.
 */
export function partParameters(
  placed: unknown,
  location: ParameterLocation,
  components: SchemaComponents,
): Array<Record<string, unknown>> {
  const { schema, ref } = follow(placed, components)
  if (!isObject(schema) || !isObject(schema.properties)) return []
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const parameters: Array<Record<string, unknown>> = []
  for (const name of Object.keys(schema.properties)) {
    const property = schema.properties[name]
    const parameter: Record<string, unknown> = {
      name,
      in: location,
      required: location === 'path' || required.has(name),
    }
    if (isObject(property) && typeof property.description === 'string') {
      parameter.description = property.description
    }
    parameter.schema =
      ref === undefined ? property : { $ref: `${ref}/properties/${pointerSegment(name)}` }
    parameters.push(parameter)
  }
  return parameters
}

/** Follows root `$ref`s to components (a few hops at most) to the object schema they lead to. */
function follow(
  placed: unknown,
  components: SchemaComponents,
): { schema: unknown; ref: string | undefined } {
  let schema = placed
  let ref: string | undefined
  for (let hop = 0; hop < 8 && isObject(schema) && typeof schema.$ref === 'string'; hop++) {
    ref = schema.$ref
    schema = components.resolve(ref) as JsonObject | undefined
  }
  return { schema, ref }
}
