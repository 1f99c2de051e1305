/**
 * A schema-aware walk: visits every subschema of a JSON Schema (Draft 7, plus the Draft 2019+
 * applicators Ajv also knows, plus the `$merge`/`$patch` keywords of ajv-merge-patch), and never
 * descends into data-valued keywords (`enum`, `const`, `default`, `examples`...), so a property named
 * `type` inside a default value is never mistaken for a schema.
 */

/** A subschema that is an object (boolean subschemas carry no keywords to visit). */
export type SchemaNode = Record<string, unknown>

/** Keywords whose value is one subschema. */
const SINGLE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const

/** Keywords whose value is an array of subschemas. */
const LIST = ['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems'] as const

/** Keywords whose value maps names to subschemas. */
const MAP = [
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
] as const

/** Every keyword whose value holds subschemas (ajv-merge-patch's `$merge` and `$patch` too). */
const PARENT_KEYWORDS: ReadonlySet<string> = new Set([
  ...SINGLE,
  ...LIST,
  ...MAP,
  '$merge',
  '$patch',
])

/** Tells whether a value is a plain JSON object (not an array, not null). */
export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Calls `visit` for every direct subschema of `node` (object subschemas only), in keyword order.
 */
export function forEachChild(node: SchemaNode, visit: (child: SchemaNode) => void): void {
  // Most subschemas are leaves (`{ type: 'string', maxLength: 32 }`): a look at their few keys
  // spares the lookup of every keyword above, for each of the walks a route schema goes through.
  if (!hasParentKeyword(node)) return
  for (const keyword of SINGLE) {
    const value = node[keyword]
    if (isNode(value)) visit(value)
  }
  for (const keyword of LIST) {
    const value = node[keyword]
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item)
  }
  for (const keyword of MAP) {
    const value = node[keyword]
    if (!isNode(value)) continue
    // `dependencies` also holds arrays of property names: isNode skips them.
    for (const name of Object.keys(value)) {
      const child = value[name]
      if (isNode(child)) visit(child)
    }
  }
  for (const keyword of ['$merge', '$patch'] as const) {
    const value = node[keyword]
    if (!isNode(value)) continue
    if (isNode(value.source)) visit(value.source)
    // `$merge.with` is a partial schema; `$patch.with` is a list of JSON Patch operations (data).
    if (keyword === '$merge' && isNode(value.with)) visit(value.with)
  }
}

/**
 * Calls `visit` for `root` and every subschema below it, parents before children. `visit` may
 * change the node it receives (the walk reads the children after the call).
 */
export function walkSchema(root: unknown, visit: (node: SchemaNode) => void): void {
  if (!isNode(root)) return
  const seen = new Set<SchemaNode>()
  const stack: SchemaNode[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (seen.has(node)) continue
    seen.add(node)
    visit(node)
    forEachChild(node, (child) => stack.push(child))
  }
}

function hasParentKeyword(node: SchemaNode): boolean {
  for (const key in node) if (PARENT_KEYWORDS.has(key)) return true
  return false
}
