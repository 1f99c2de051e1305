/**
 * Which parts of a schema are themselves schemas. Keywords whose value is data (`enum`, `const`,
 * `default`, `examples`, `example`) are never entered, so a `$ref` or `$id` written inside a default value is
 * not taken for a reference. Keywords whose value is a map of names to schemas (`properties`,
 * `definitions`, ...) are entered by name, so a property called `default` is still a schema.
 * Unknown keywords are entered: plugin keywords such as `$merge: { source, with }` hold schemas.
 */

/** Keywords whose value is data, never a schema. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  'enum',
  'const',
  'default',
  'examples',
  'example',
])

/** Keywords whose value maps names to schemas. */
const MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
  'dependentSchemas',
])

/** How a keyword's value is read: as data, as a map of names to schemas, or as schema(s). */
export type KeywordKind = 'data' | 'map' | 'schema'

/** How the value of `keyword` is read when looking for schemas inside a schema. */
export function keywordKind(keyword: string): KeywordKind {
  if (DATA_KEYWORDS.has(keyword)) return 'data'
  return MAP_KEYWORDS.has(keyword) ? 'map' : 'schema'
}

/** A schema object found below another, with the JSON pointer segments that lead to it. */
export interface Subschema {
  path: readonly string[]
  schema: Record<string, unknown>
}

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The direct subschemas of `node` that are objects (boolean subschemas hold nothing to find). */
export function subschemasOf(node: Record<string, unknown>): Subschema[] {
  const found: Subschema[] = []
  for (const key of Object.keys(node)) {
    const kind = keywordKind(key)
    if (kind === 'data') continue
    const value = node[key]
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isObject(item)) found.push({ path: [key, String(index)], schema: item })
      })
    } else if (isObject(value)) {
      if (kind === 'map') {
        for (const name of Object.keys(value)) {
          const item = value[name]
          if (isObject(item)) found.push({ path: [key, name], schema: item })
        }
      } else {
        found.push({ path: [key], schema: value })
      }
    }
  }
  return found
}

/**
 * Visits `root` and every schema below it, depth first, with its JSON pointer segments from `root`.
 * `visit` returns `false` to skip what lies below a node. Shared sub-objects are visited once.
 */
export function walkSchemas(
  root: Record<string, unknown>,
  visit: (schema: Record<string, unknown>, path: readonly string[]) => boolean | undefined,
): void {
  const seen = new Set<object>()
  const stack: Subschema[] = [{ path: [], schema: root }]
  while (stack.length > 0) {
    const { path, schema } = stack.pop()!
    if (seen.has(schema)) continue
    seen.add(schema)
    if (visit(schema, path) === false) continue
    const children = subschemasOf(schema)
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!
      stack.push({ path: [...path, ...child.path], schema: child.schema })
    }
  }
}
