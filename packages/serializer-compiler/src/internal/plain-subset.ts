/**
 * The plain subset of JSON Schema: the response schemas whose fast-json-stringify build cannot
 * fail, so that it can wait for the first response that needs it (see `SerializerStore.deferred`)
 * without moving an error from `ready()` to a request.
 *
 * A schema is in the subset when every subschema, its own and those of the shared schemas it
 * reaches, is a plain object that is either
 *
 * - `{ $ref: '<name>#' }` alone, `<name>` a shared schema registered under that name whose `$id`
 *   is absent or that same name, itself in the subset, reached without a cycle; or
 * - a schema with a single `type` of the seven JSON types and no keyword but `properties` (a map
 *   of subschemas), `required` (distinct strings), `items` (one subschema),
 *   `additionalProperties` (a boolean), `title`, `description`, `$comment`, `format` (strings),
 *   `pattern` (a string that compiles as a regular expression, with and without the `u` flag),
 *   `minLength`, `maxLength`, `minItems`, `maxItems` (non-negative integers), `minimum` and
 *   `maximum` (finite numbers), plus `$id` at the root of a shared schema;
 *
 * and it nests no deeper than the `maxDepth` option, counting the objects between the root and
 * its deepest leaf, and each reference followed on the way, as one level.
 *
 * Why the build cannot fail there, check by check of fast-json-stringify 7: the depth checks
 * (object depth up to twice `maxDepth`, subschema depth up to `maxDepth`, through references)
 * pass within that bound, which also rules out circular objects; its meta-schema check (draft-07)
 * accepts every keyword value above; each reference resolves (its target is registered under the
 * name it uses) and none is circular or merged with siblings; every subschema carries its type,
 * so nothing is inferred (nor written into the schema), and no `allOf`, `anyOf`, `oneOf` or
 * `if` calls for merging or for an Ajv validator; the seven types are all supported. What the
 * generated code throws (a missing required property, a value that is no integer) it throws when
 * serializing, as it does for a serializer built at `ready()`.
 */

/** What the check needs to know of the shared schemas: the schema registered under a name. */
export type SharedLookup = (name: string) => unknown

const TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])
const TEXTS = new Set(['title', 'description', '$comment', 'format'])
const COUNTS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems'])
const BOUNDS = new Set(['minimum', 'maximum'])
/** A reference to a whole shared schema by a plain name: nothing to resolve against a base. */
const NAME_REF = /^([A-Za-z0-9_.-]+)#$/

/**
 * The check, for the `maxDepth` of one compiler's options. It remembers the depth of each shared
 * schema it checked (undefined: not in the subset), by schema object: the registry keeps the
 * shared schemas as they were added (see `SerializerStore`).
 */
export class PlainSubset {
  readonly #maxDepth: number
  readonly #sharedDepths = new WeakMap<object, number | undefined>()

  constructor(maxDepth: number) {
    this.#maxDepth = maxDepth
  }

  /**
   * Whether `schema` (a route's response schema, shorthand expanded) is in the plain subset, with
   * the shared schemas of `shared`.
   *
   * @example
   * new PlainSubset(100).includes({ type: 'object', properties: { id: { type: 'integer' } } }, () => undefined) // true
   * new PlainSubset(100).includes({ properties: { id: { type: 'integer' } } }, () => undefined) // false: no type
   */
  includes(schema: unknown, shared: SharedLookup): boolean {
    const depth = this.#depth(schema, false, shared, new Set(), this.#maxDepth)
    return depth !== undefined && depth <= this.#maxDepth
  }

  /**
   * How many levels `node` nests below itself; undefined when it is not in the subset, Infinity
   * when it nests deeper than `budget` (the walk stops there, so a circular object ends it too).
   */
  #depth(
    node: unknown,
    sharedRoot: boolean,
    shared: SharedLookup,
    path: Set<string>,
    budget: number,
  ): number | undefined {
    if (budget < 0) return Number.POSITIVE_INFINITY
    if (!isPlainObject(node)) return undefined
    const keys = Object.keys(node)
    if ('$ref' in node) {
      return keys.length === 1 ? this.#refDepth(node.$ref, shared, path, budget) : undefined
    }
    if (typeof node.type !== 'string' || !TYPES.has(node.type)) return undefined
    let depth = 0
    for (const key of keys) {
      const value = node[key]
      if (key === 'type' || (key === '$id' && sharedRoot)) continue
      if (key === 'properties') {
        if (!isPlainObject(value)) return undefined
        for (const name of Object.keys(value)) {
          const child = this.#depth(value[name], false, shared, path, budget - 2)
          if (child === undefined) return undefined
          depth = Math.max(depth, child + 2)
        }
      } else if (key === 'items') {
        const child = this.#depth(value, false, shared, path, budget - 1)
        if (child === undefined) return undefined
        depth = Math.max(depth, child + 1)
      } else if (key === 'required') {
        if (!isDistinctStrings(value)) return undefined
        depth = Math.max(depth, 1)
      } else if (!isPlainValue(key, value)) {
        return undefined
      }
    }
    return depth
  }

  /** A reference counts as a level: fast-json-stringify bounds chains of references too. */
  #refDepth(
    ref: unknown,
    shared: SharedLookup,
    path: Set<string>,
    budget: number,
  ): number | undefined {
    const name = typeof ref === 'string' ? NAME_REF.exec(ref)?.[1] : undefined
    if (name === undefined || path.has(name)) return undefined
    const target = shared(name)
    if (!isPlainObject(target) || (target.$id !== undefined && target.$id !== name))
      return undefined
    let depth: number | undefined
    if (this.#sharedDepths.has(target)) depth = this.#sharedDepths.get(target)
    else {
      path.add(name)
      depth = this.#depth(target, true, shared, path, budget - 1)
      path.delete(name)
      // A depth found within the budget is exact; one cut short by it is not kept.
      if (depth !== Number.POSITIVE_INFINITY) this.#sharedDepths.set(target, depth)
    }
    return depth === undefined ? undefined : depth + 1
  }
}

function isPlainValue(key: string, value: unknown): boolean {
  if (key === 'additionalProperties') return typeof value === 'boolean'
  if (key === 'pattern') return typeof value === 'string' && compiles(value)
  if (TEXTS.has(key)) return typeof value === 'string'
  if (COUNTS.has(key)) return Number.isInteger(value) && (value as number) >= 0
  if (BOUNDS.has(key)) return Number.isFinite(value)
  return false
}

function isDistinctStrings(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string') &&
    new Set(value).size === value.length
  )
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern)
    new RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
