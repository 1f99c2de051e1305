import { isObject, type JsonObject } from './json.js'
import { hasResourceId } from './shared-scope.js'

/** What a `$ref` found while rewriting is turned into, and where embedded resources go. */
export interface RefRewriter {
  /** The document reference for `ref`, written inside the resource `base`. */
  ref(ref: string, base: JsonObject): string
  /** The document reference for an embedded schema resource (a nested `$id`). */
  embedded(schema: JsonObject & { $id: string }): string
}

const schemaMaps = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
])
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
const singleSchemas = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
])

/**
 * A copy of `schema` fit for an OpenAPI 3.1 document (JSON Schema 2020-12): `$ref`s rewritten by
 * `rewriter`, `$schema` and the root `$id` dropped, embedded resources replaced by a `$ref`, and
 * the Draft 7 forms 2020-12 no longer has turned into their 2020-12 equivalents (`items` as an
 * array → `prefixItems`, `additionalItems` → `items`, `dependencies` → `dependentRequired` /
 * `dependentSchemas`), OpenAPI 3.0's `nullable` into a `'null'` type. Values of `enum`, `const`,
 * `default` and `examples` are data and stay as they are. The input is never changed.
 */
export function rewriteSchema(schema: unknown, rewriter: RefRewriter, base?: JsonObject): unknown {
  if (!isObject(schema)) return schema
  return rewriteNode(schema, rewriter, base ?? schema, true)
}

function rewriteNode(
  node: unknown,
  rewriter: RefRewriter,
  base: JsonObject,
  root: boolean,
): unknown {
  if (!isObject(node)) return node
  if (!root && hasResourceId(node)) return { $ref: rewriter.embedded(node) }
  const out: JsonObject = {}
  const tuple = Array.isArray(node.items)
  for (const key of Object.keys(node)) {
    const value = node[key]
    if (key === '$schema' || key === '$id') continue
    if (key === '$ref' && typeof value === 'string') out.$ref = rewriter.ref(value, base)
    else if (schemaMaps.has(key) && isObject(value)) out[key] = mapValues(value, rewriter, base)
    else if (schemaLists.has(key) && Array.isArray(value)) {
      out[key] = value.map((item) => rewriteNode(item, rewriter, base, false))
    } else if (singleSchemas.has(key)) out[key] = rewriteNode(value, rewriter, base, false)
    else if (key === 'items') {
      if (tuple)
        out.prefixItems = (value as unknown[]).map((i) => rewriteNode(i, rewriter, base, false))
      else out.items = rewriteNode(value, rewriter, base, false)
    } else if (key === 'additionalItems') {
      if (tuple) out.items = rewriteNode(value, rewriter, base, false)
    } else if (key === 'dependencies' && isObject(value))
      splitDependencies(value, out, rewriter, base)
    else if (key === 'nullable' && typeof value === 'boolean') continue
    else out[key] = value
  }
  if (node.nullable === true) addNull(out)
  return out
}

function mapValues(map: JsonObject, rewriter: RefRewriter, base: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const key of Object.keys(map)) out[key] = rewriteNode(map[key], rewriter, base, false)
  return out
}

function splitDependencies(
  dependencies: JsonObject,
  out: JsonObject,
  rewriter: RefRewriter,
  base: JsonObject,
): void {
  for (const key of Object.keys(dependencies)) {
    const value = dependencies[key]
    const target = Array.isArray(value) ? 'dependentRequired' : 'dependentSchemas'
    const into = (out[target] ??= {}) as JsonObject
    into[key] = Array.isArray(value) ? value : rewriteNode(value, rewriter, base, false)
  }
}

function addNull(out: JsonObject): void {
  if (typeof out.type === 'string') {
    if (out.type !== 'null') out.type = [out.type, 'null']
  } else if (Array.isArray(out.type)) {
    if (!out.type.includes('null')) out.type = [...out.type, 'null']
  }
}
