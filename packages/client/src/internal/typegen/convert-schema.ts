import { atPointer, isObject, type JsonObject, normalizeId } from './json.js'
import type { SharedScope, SharedType } from './shared-types.js'

/** How a schema is read: as what a caller sends (`request`), or as what the server answers (`response`). */
export type Reading = 'request' | 'response'

/** Where a schema being converted sits. */
export interface Place {
  /** The document `#/...` references resolve in. */
  root: unknown
  /** The shared schema `root` is, when it is one (`#` then names it). */
  self?: SharedType | undefined
  scope: SharedScope
  reading: Reading
}

/** Keywords copied as they are: what json-schema-to-typescript turns into types. */
const copied = ['type', 'enum', 'const'] as const
const schemaLists = ['anyOf', 'oneOf', 'allOf'] as const
const maxDepth = 24

/**
 * A schema rewritten for json-schema-to-typescript: references to shared schemas become their
 * interface names (`tsType`), other references are inlined, tuples become arrays of the union
 * (as the framework's own inference reads them), `nullable` becomes `| null`, and every keyword
 * that does not change the type (titles, formats, descriptions) is dropped, so the output does not
 * depend on them. For a request, a property with a `default` is optional (the validator fills it);
 * for a response, an object without `additionalProperties` is closed (the serializer drops the
 * rest). Anything unreadable is `unknown`.
 */
export function convertSchema(node: unknown, place: Place, depth = 0): unknown {
  if (node === undefined || node === true) return {}
  if (node === false) return { tsType: 'never' }
  if (!isObject(node) || depth > maxDepth) return { tsType: 'unknown' }
  if (typeof node.$ref === 'string') return convertRef(node.$ref, place, depth)
  if (depth > 0 && typeof node.$id === 'string') {
    const shared = place.scope.get(normalizeId(node.$id))
    if (shared !== undefined && shared.schema === node) return { tsType: shared.name }
  }
  const next = (child: unknown) => convertSchema(child, place, depth + 1)
  const out: JsonObject = {}
  for (const key of copied) if (key in node) out[key] = node[key]
  for (const key of schemaLists) {
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map(next)
  }
  if (isObject(node.properties)) {
    const properties: JsonObject = {}
    for (const name of Object.keys(node.properties)) properties[name] = next(node.properties[name])
    out.properties = properties
    if (Array.isArray(node.required)) {
      const defaulted = (name: unknown) =>
        place.reading === 'request' &&
        typeof name === 'string' &&
        isObject(node.properties) &&
        isObject(node.properties[name]) &&
        'default' in node.properties[name]
      out.required = node.required.filter((name) => !defaulted(name))
    }
  }
  if (isObject(node.patternProperties)) {
    const patterns: JsonObject = {}
    for (const key of Object.keys(node.patternProperties)) {
      patterns[key] = next(node.patternProperties[key])
    }
    out.patternProperties = patterns
  }
  if (typeof node.additionalProperties === 'boolean') {
    out.additionalProperties = node.additionalProperties
  } else if (isObject(node.additionalProperties)) {
    out.additionalProperties = next(node.additionalProperties)
  } else if (place.reading === 'response' && isObject(node.properties)) {
    out.additionalProperties = false
  }
  const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : node.items
  if (Array.isArray(tuple)) out.items = tuple.length === 0 ? {} : { anyOf: tuple.map(next) }
  else if (node.items !== undefined) out.items = next(node.items)
  if (node.nullable === true) return { anyOf: [out, { type: 'null' }] }
  return out
}

/** `#/...` inside the document, `id#`/`id` (a shared schema), `id#/...` (a place inside one). */
function convertRef(ref: string, place: Place, depth: number): unknown {
  const hash = ref.indexOf('#')
  const id = hash === -1 ? ref : ref.slice(0, hash)
  const pointer = hash === -1 ? '' : ref.slice(hash + 1)
  if (id === '') {
    if (pointer === '' && place.self !== undefined) return { tsType: place.self.name }
    return convertSchema(atPointer(place.root, pointer), place, depth + 1)
  }
  const shared = place.scope.get(normalizeId(id))
  if (shared === undefined) return { tsType: 'unknown' }
  if (pointer === '') return { tsType: shared.name }
  const inner: Place = { ...place, root: shared.schema, self: shared }
  return convertSchema(atPointer(shared.schema, pointer), inner, depth + 1)
}

/**
 * The object schema a (converted or raw) part schema stands for, following a root `$ref` to a
 * shared schema: to read its `required` list.
 */
export function resolveRoot(node: unknown, scope: SharedScope): JsonObject | undefined {
  for (let hop = 0; hop < 8 && isObject(node) && typeof node.$ref === 'string'; hop++) {
    const [id = '', pointer = ''] = node.$ref.split('#')
    const shared = scope.get(normalizeId(id))
    node = shared === undefined ? undefined : atPointer(shared.schema, pointer)
  }
  return isObject(node) ? node : undefined
}
