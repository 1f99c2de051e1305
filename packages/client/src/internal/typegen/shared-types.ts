import { isObject, type JsonObject, normalizeId } from './json.js'
import { toJsonSchema } from './schema-value.js'

/** One shared schema of the generated file: its interface name and its JSON Schema. */
export interface SharedType {
  name: string
  schema: JsonObject
  /** The shared schemas the context that first declared it sees (its references resolve there). */
  scope: SharedScope
}

/** The shared schemas one context sees, by normalized `$id`. */
export type SharedScope = ReadonlyMap<string, SharedType>

/** Names the generated file declares itself, which a shared schema's name must not take. */
const reserved = new Set([
  'Routes',
  'BadRequestBody',
  'NotFoundBody',
  'PayloadTooLargeBody',
  'UnsupportedMediaTypeBody',
  'InternalServerErrorBody',
  'ServiceUnavailableBody',
])

const dataKeywords = new Set(['enum', 'const', 'default', 'examples', 'example'])

/**
 * `'user'` → `User`, `'http://example.com/schemas/order-item.json'` → `OrderItem`: the last path
 * segment of the id, without `#` and a `.json` extension, in PascalCase.
 */
export function typeName(id: string): string {
  const last = normalizeId(id).split('/').filter(Boolean).pop() ?? ''
  const words = last
    .replace(/\.json$/i, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
  if (name === '') return 'Schema'
  return /^[0-9]/.test(name) ? `Schema${name}` : name
}

/**
 * Every shared schema the routes see, each named once. Contexts that see the same schema under the
 * same `$id` share its name; a different schema under an id (or name) already taken gets a numeric
 * suffix, in the order the routes are met, so the same application gives the same names.
 */
export class SharedTypes {
  readonly #byContent = new Map<string, SharedType>()
  readonly #names = new Set<string>(reserved)
  readonly #scopes = new WeakMap<object, Map<string, SharedType>>()

  /** The shared schemas `context` sees (its `getSchemas()`), embedded ones included. */
  scopeOf(context: { getSchemas(): Readonly<Record<string, unknown>> }): SharedScope {
    let scope = this.#scopes.get(context)
    if (scope !== undefined) return scope
    scope = new Map()
    const schemas = context.getSchemas()
    for (const id of Object.keys(schemas)) {
      const schema = toJsonSchema(schemas[id], 'input')
      if (!isObject(schema)) continue
      this.#add(id, schema, scope)
      this.#collectEmbedded(schema, scope, true)
    }
    this.#scopes.set(context, scope)
    return scope
  }

  /** Every named shared schema, sorted by name. */
  all(): SharedType[] {
    return [...this.#byContent.values()].sort((a, b) => (a.name < b.name ? -1 : 1))
  }

  #add(id: string, schema: JsonObject, scope: Map<string, SharedType>): void {
    const key = normalizeId(id)
    if (scope.has(key)) return
    const content = `${key}\0${JSON.stringify(schema)}`
    let entry = this.#byContent.get(content)
    if (entry === undefined) {
      const base = typeName(key)
      let name = base
      for (let suffix = 2; this.#names.has(name); suffix++) name = `${base}${suffix}`
      this.#names.add(name)
      entry = { name, schema, scope }
      this.#byContent.set(content, entry)
    }
    scope.set(key, entry)
  }

  #collectEmbedded(node: unknown, scope: Map<string, SharedType>, root: boolean): void {
    if (Array.isArray(node)) {
      for (const item of node) this.#collectEmbedded(item, scope, false)
      return
    }
    if (!isObject(node)) return
    if (!root && typeof node.$id === 'string' && node.$id !== '' && !node.$id.startsWith('#')) {
      this.#add(node.$id, node, scope)
    }
    for (const key of Object.keys(node)) {
      if (!dataKeywords.has(key)) this.#collectEmbedded(node[key], scope, false)
    }
  }
}
