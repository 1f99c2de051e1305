import { isNode, type SchemaNode } from './schema-walk.js'

/**
 * Lower-cases, in place, the property names and `required` entries of a headers schema: Node gives
 * header names in lower case, so a schema naming `X-Api-Key` must look for `x-api-key`. The branches
 * that describe the same headers object (`allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`) are
 * lower-cased too; schemas reached through `$ref` are left as they are (they may serve other parts).
 */
export function lowerCaseHeaders(schema: unknown): void {
  if (!isNode(schema)) return
  const properties = schema.properties
  if (isNode(properties)) {
    const lowered: SchemaNode = {}
    for (const name of Object.keys(properties)) lowered[name.toLowerCase()] = properties[name]
    schema.properties = lowered
  }
  if (Array.isArray(schema.required)) {
    schema.required = schema.required.map((name: unknown) =>
      typeof name === 'string' ? name.toLowerCase() : name,
    )
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[keyword]
    if (Array.isArray(branches)) for (const branch of branches) lowerCaseHeaders(branch)
  }
  for (const keyword of ['if', 'then', 'else'] as const) lowerCaseHeaders(schema[keyword])
}
