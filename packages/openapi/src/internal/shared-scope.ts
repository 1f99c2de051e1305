import { isObject, type JsonObject } from './json.js'
import { toJsonSchema } from './schema-value.js'

/**
 * The shared schemas one context sees, by `$id` (`'user'` and `'user#'` alike), embedded shared
 * schemas (an `$id` inside another shared schema) included. Standard Schema values added as
 * shared schemas are read through their JSON Schema.
 */
export class SharedScope {
  readonly #byId = new Map<string, JsonObject>()

  constructor(schemas: Readonly<Record<string, unknown>>) {
    for (const key of Object.keys(schemas)) {
      const schema = toJsonSchema(schemas[key], 'input')
      if (!isObject(schema)) continue
      this.#byId.set(normalizeId(key), schema)
      collectEmbedded(schema, this.#byId, true)
    }
  }

  /** The shared schema with this `$id`, or undefined. */
  lookup(id: string): JsonObject | undefined {
    return this.#byId.get(normalizeId(id))
  }
}

/** `'user#'` → `'user'`. */
export function normalizeId(id: string): string {
  return id.endsWith('#') ? id.slice(0, -1) : id
}

/** True when `node` has an `$id` that names a schema resource (not an anchor `#foo`). */
export function hasResourceId(node: JsonObject): node is JsonObject & { $id: string } {
  return typeof node.$id === 'string' && node.$id !== '' && !node.$id.startsWith('#')
}

const dataKeywords = new Set(['enum', 'const', 'default', 'examples', 'example'])

function collectEmbedded(node: unknown, into: Map<string, JsonObject>, root: boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) collectEmbedded(item, into, false)
    return
  }
  if (!isObject(node)) return
  if (!root && hasResourceId(node) && !into.has(normalizeId(node.$id))) {
    into.set(normalizeId(node.$id), node)
  }
  for (const key of Object.keys(node)) {
    if (!dataKeywords.has(key)) collectEmbedded(node[key], into, false)
  }
}
