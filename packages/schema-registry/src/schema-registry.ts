import { createError } from '@framework/error-formatter'
import { assertResolvable } from './internal/assert-resolvable.js'
import { fingerprintOf } from './internal/fingerprint.js'
import { normalizeId, RefLocator } from './internal/ref-locator.js'
import { selfContained } from './internal/self-contained.js'
import { isObject } from './internal/subschemas.js'
import type { JsonSchema } from './json-schema.js'
import { plainSchema } from './plain-schema.js'

/** Ticks on every `add` anywhere, so a scope knows whether something it sees has changed. */
let clock = 0

interface Entry {
  /** The `$id` as the user wrote it. */
  id: string
  schema: Record<string, unknown>
}

interface Snapshot {
  stamp: number
  /** Normalized id → schema, ancestors' first. */
  schemas: Map<string, Record<string, unknown>>
  all: Readonly<Record<string, JsonSchema>>
  fingerprint: string | undefined
}

/**
 * A scoped store of shared JSON Schemas (specification 2.5 and 4.4.3). A root registry holds the
 * schemas every scope sees; `child()` opens a scope that sees its own schemas and its ancestors',
 * never a sibling's or a descendant's. Schemas are stored as given (never copied or changed) and
 * should not be changed once added.
 *
 * @example
 * const root = new SchemaRegistry()
 * root.add({ $id: 'address', type: 'object', properties: { city: { type: 'string' } } })
 * const scope = root.child().add({
 *   $id: 'user',
 *   type: 'object',
 *   properties: { address: { $ref: 'address#' } },
 * })
 * scope.resolve('user#/properties/address') // { $ref: 'address#' }
 * root.has('user') // false: ancestors never see a child's schemas
 */
export class SchemaRegistry {
  #parent: SchemaRegistry | undefined
  readonly #own = new Map<string, Entry>()
  #changedAt = 0
  #snapshot: Snapshot | undefined

  /**
   * The scope this one looks up through, or undefined for a root registry.
   *
   * @example
   * const root = new SchemaRegistry()
   * root.child().parent === root // true
   * root.parent // undefined
   */
  get parent(): SchemaRegistry | undefined {
    return this.#parent
  }

  /**
   * Opens a new scope below this one. It sees this registry's schemas (and its ancestors'),
   * including those added here later; this registry never sees the child's.
   *
   * @example
   * const child = root.child()
   * child.add({ $id: 'local', type: 'string' })
   * root.has('local') // false
   */
  child(): SchemaRegistry {
    const child = new SchemaRegistry()
    child.#parent = this
    return child
  }

  /**
   * Adds a shared schema to this scope. The schema must be an object with a non-empty string
   * `$id` that no schema visible here already uses; a fluent-json-schema builder is stored as its
   * JSON ({@link plainSchema}).
   *
   * @throws FRM_ERR_SCHEMA_INVALID when `schema` is not an object, or `$id` is not a non-empty
   * string, or `$id` is an anchor (`'#foo'`)
   * @throws FRM_ERR_SCH_MISSING_ID when `schema` has no `$id`
   * @throws FRM_ERR_SCH_ALREADY_PRESENT when the `$id` is already visible in this scope
   * @example
   * registry.add({ $id: 'user', type: 'object', properties: { name: { type: 'string' } } })
   */
  add(input: object): this {
    const schema = plainSchema(input)
    if (!isObject(schema)) {
      throw createError(
        'FRM_ERR_SCHEMA_INVALID',
        `a shared schema must be an object with a string $id, received ${describe(schema)}`,
      )
    }
    if (!('$id' in schema) || schema.$id === undefined) {
      throw createError('FRM_ERR_SCH_MISSING_ID')
    }
    const id = schema.$id
    if (typeof id !== 'string' || id === '' || id === '#') {
      throw createError(
        'FRM_ERR_SCHEMA_INVALID',
        `$id must be a non-empty string naming the schema (e.g. 'user'), received ${describe(id)}`,
      )
    }
    const key = normalizeId(id)
    if (this.#find(key) !== undefined) throw createError('FRM_ERR_SCH_ALREADY_PRESENT', id)
    this.#own.set(key, { id, schema })
    this.#changedAt = ++clock
    return this
  }

  /**
   * The shared schema with this `$id` visible in this scope (its own or an ancestor's), exactly as
   * it was added. `'user'` and `'user#'` name the same schema.
   *
   * @example
   * registry.get('user') // { $id: 'user', type: 'object', ... }
   * registry.get('nope') // undefined
   */
  get(id: string): JsonSchema | undefined {
    return typeof id === 'string' ? this.#find(normalizeId(id)) : undefined
  }

  /**
   * Whether a shared schema with this `$id` is visible in this scope.
   *
   * @example
   * registry.has('user') // true
   */
  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  /**
   * Every shared schema visible in this scope (ancestors' first, then its own), keyed by `$id`.
   * The object is frozen and cached until the visible set changes.
   *
   * @throws FRM_ERR_SCH_ALREADY_PRESENT when an ancestor added, after this scope used it, an `$id`
   * this scope already had
   * @example
   * root.child().add({ $id: 'b' }).getAll() // { a: {...}, b: { $id: 'b' } } when root holds 'a'
   */
  getAll(): Readonly<Record<string, JsonSchema>> {
    return this.#current().all
  }

  /**
   * A stable key that changes whenever the set of schemas visible here changes. Scopes that see
   * equal schemas (a child that added none, or siblings that added equal ones) share a key, so a
   * compiler can cache one validator or serializer per key.
   *
   * @example
   * const child = root.child()
   * child.fingerprint === root.fingerprint // true until either adds a schema
   */
  get fingerprint(): string {
    const snapshot = this.#current()
    snapshot.fingerprint ??= fingerprintOf(snapshot.schemas)
    return snapshot.fingerprint
  }

  /**
   * Resolves a reference the way the compilers do (specification 2.5): `'#foo'` (the object with
   * `$id: '#foo'` inside `base`), `'#/definitions/x'` (any JSON pointer inside `base`), `'id#'`
   * (a shared schema), `'id#/definitions/x'` and `'id#foo'` (inside a shared schema). Returns the
   * target as it is stored (a `$ref` found there is not followed).
   *
   * @param where - what holds the reference, for the error message (e.g. `'POST /users body'`)
   * @throws FRM_ERR_SCHEMA_REF_NOT_FOUND naming `ref` and `where`
   * @example
   * registry.resolve('user#/properties/name') // { type: 'string' }
   * registry.resolve('#/definitions/id', { definitions: { id: { type: 'integer' } } })
   */
  resolve(ref: string, base?: JsonSchema, where?: string): JsonSchema {
    const target = this.#locator().locate(ref, base)
    if (target === undefined) {
      throw createError('FRM_ERR_SCHEMA_REF_NOT_FOUND', ref, where ?? 'the schema')
    }
    return target.schema
  }

  /**
   * Checks that every `$ref` in `schema` resolves, following references into shared schemas (and
   * theirs, transitively). Throws for the first one that does not.
   *
   * @param where - what `schema` is, for the error message (e.g. `'POST /users body'`)
   * @throws FRM_ERR_SCHEMA_REF_NOT_FOUND naming the reference and `where`
   * @example
   * registry.assertResolvable({ type: 'array', items: { $ref: 'user#' } }, 'GET /users response 200')
   */
  assertResolvable(schema: JsonSchema, where?: string): void {
    assertResolvable(schema, this.#locator(), where)
  }

  /**
   * A self-contained copy of `schema` for tools (documentation, OpenAPI, client generators): the
   * shared schemas it uses are copied in and every `$ref` becomes a JSON pointer into the copy.
   * Built on json-schema-ref-parser, served only from this scope: no file or network access ever.
   * `schema` and the shared schemas are not changed.
   *
   * @throws FRM_ERR_SCHEMA_REF_NOT_FOUND for a reference that does not resolve
   * @example
   * await registry.bundle({ type: 'array', items: { $ref: 'user#' } })
   * // { type: 'array', items: { type: 'object', properties: { ... } } }
   */
  bundle(schema: JsonSchema, where?: string): Promise<JsonSchema> {
    return selfContained(schema, this.#locator(), 'bundle', where)
  }

  /**
   * Like `bundle`, then every reference is replaced by what it points at. A circular reference
   * stays a `$ref` (a JSON pointer into the copy), so the result is always JSON-serializable.
   *
   * @throws FRM_ERR_SCHEMA_REF_NOT_FOUND for a reference that does not resolve
   * @example
   * await registry.dereference({ properties: { owner: { $ref: 'user#' } } })
   */
  dereference(schema: JsonSchema, where?: string): Promise<JsonSchema> {
    return selfContained(schema, this.#locator(), 'dereference', where)
  }

  /** Nearest scope first: own schemas, then the parent's, and so on up to the root. */
  #find(key: string): Record<string, unknown> | undefined {
    for (let scope: SchemaRegistry | undefined = this; scope; scope = scope.#parent) {
      const entry = scope.#own.get(key)
      if (entry !== undefined) return entry.schema
    }
    return undefined
  }

  #locator(): RefLocator {
    return new RefLocator((id) => this.#find(id))
  }

  #current(): Snapshot {
    let stamp = 0
    const chain: SchemaRegistry[] = []
    for (let scope: SchemaRegistry | undefined = this; scope; scope = scope.#parent) {
      stamp = Math.max(stamp, scope.#changedAt)
      chain.push(scope)
    }
    if (this.#snapshot !== undefined && this.#snapshot.stamp === stamp) return this.#snapshot
    const schemas = new Map<string, Record<string, unknown>>()
    const entries: Array<[string, JsonSchema]> = []
    for (const scope of chain.reverse()) {
      for (const [key, entry] of scope.#own) {
        // Only when an ancestor added, after this scope was created, an id this scope had.
        if (schemas.has(key)) throw createError('FRM_ERR_SCH_ALREADY_PRESENT', entry.id)
        schemas.set(key, entry.schema)
        entries.push([entry.id, entry.schema])
      }
    }
    // Object.fromEntries defines own properties, so an $id such as '__proto__' stays a plain key.
    const all = Object.freeze(Object.fromEntries(entries))
    this.#snapshot = { stamp, schemas, all, fingerprint: undefined }
    return this.#snapshot
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `'${value}'`
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'function') return 'a function'
  return `${typeof value} ${String(value)}`
}
