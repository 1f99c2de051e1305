import type { Ajv } from 'ajv'
import { FINITE_KEYWORD } from './finite-numbers.js'

/**
 * The deferrable subset: the prepared route schemas whose Ajv compile cannot throw and cannot log,
 * so that it can wait for the first request that needs the validator (see `SchemaSet.compileNew`)
 * without moving an error or a warning from `ready()` to a request.
 *
 * It is only asked when Ajv runs with the compiler's own options, unchanged (no `customOptions`,
 * no plugins, no precompiled module or collector): Ajv 8 strict mode (`strictSchema` and
 * `strictNumbers` on, `strictTypes` and `strictTuples` logging, `strictRequired` off),
 * `coerceTypes: 'array'`, `useDefaults`, `removeAdditional: true`, `allErrors` off, `inlineRefs`
 * and `unicodeRegExp` on, ajv-formats and the framework's two keywords added.
 *
 * A schema is in the subset when it is `true`, `false`, or a plain object that is either
 *
 * - `{ $ref }` alone, the reference a valid `uri-reference` (the instance's own format) that
 *   resolves, with no fragment, to a shared schema this Ajv holds, itself in the subset, reached
 *   without a cycle; or
 * - a node with a `type` (one of the seven JSON types, or two when one is `null`; `nullable: true`
 *   counts as `null`) and no keyword but those below, each on a node whose type it applies to:
 *   - any type: `title`, `description`, `$comment` (strings), `examples` (an array), `enum` (a
 *     non-empty array of distinct strings, finite numbers, booleans or null), `const` and
 *     `default` (JSON values; `default` not at a root), the finite-number mark (`true`);
 *   - numbers: `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (finite numbers),
 *     `multipleOf` (a finite number above 0);
 *   - strings: `minLength`, `maxLength` (non-negative integers), `pattern` (compiles with the `u`
 *     flag and passes the instance's `regex` format), `format` (a format the instance knows);
 *   - arrays: `items` (one subschema), `minItems`, `maxItems`, `uniqueItems` (a boolean);
 *   - objects: `properties` (a map of subschemas), `required` (distinct strings),
 *     `additionalProperties` (a boolean or a subschema), `minProperties`, `maxProperties`;
 *   - at the root of a shared schema only: `$id` (a string) and the call marker
 *     `$recursiveAnchor: false` (shared-functions.ts); a shared schema without `$id` refers to no
 *     other (Ajv would resolve its references against the route's base, not its name);
 *
 * with no object reached twice on one path (no cycle) and no deeper than 64 levels.
 *
 * Why Ajv 8.20 can neither throw nor log there, step by step of `compile`:
 * - `_addSchema`: the schema is an object or a boolean; with no `$id` below a shared root,
 *   `getSchemaRefs` finds no id to clash and no anchor; `addUsedSchema` is off, so nothing is
 *   registered. The meta-schema check (draft-07) accepts every value above: the types, counts,
 *   bounds and strings it asks for, `enum` non-empty and unique, `pattern` by the same `regex`
 *   format, `$ref` by the same `uri-reference` format, subschemas objects or booleans.
 * - Code generation: every keyword is one Ajv knows (no "unknown keyword"); each applies to a
 *   type of its node and no node has a union but `X | null` (no strictTypes note); no `items`
 *   array (no strictTuples note); `default` is never at a root (no "default is ignored in the
 *   schema root") and no combinator makes a composite rule ("default is ignored for");
 *   `nullable` is only `true` and always beside a `type` (Ajv refuses `nullable` without one, and
 *   `nullable: false` beside `null`); each format is known (no "unknown format"); each pattern compiles with the `u` flag, as Ajv builds
 *   it; each value Ajv writes into the code (`default`, `const`, `enum`) is JSON, so `stringify`
 *   cannot throw; the value of each keyword has the type its definition declares; no `$async`
 *   (refused before, in `SchemaSet.refuseAsync`), no `$data`, no `$comment` option.
 * - References: each resolves to a whole shared schema registered in this Ajv (`resolveSchema`
 *   finds it under the same id), no fragment to follow; the shared schema is itself in the subset
 *   (its keywords are checked as above when Ajv compiles it, once per instance), and none leads
 *   back to itself.
 */

const TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])
const TEXTS = new Set(['title', 'description', '$comment'])
const NUMBER_BOUNDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])
const STRING_COUNTS = new Set(['minLength', 'maxLength'])
const ARRAY_COUNTS = new Set(['minItems', 'maxItems'])
const OBJECT_COUNTS = new Set(['minProperties', 'maxProperties'])
const MAX_DEPTH = 64

/** A shared schema a reference leads to: its id in Ajv and the object added there. */
interface SharedTarget {
  id: string
  schema: Record<string, unknown>
}

/** Where a node sits: the route's root, a shared schema's root, or below either. */
type Place = 'route root' | 'shared root' | 'inside'

/**
 * The check, for one Ajv instance and its shared schemas. It remembers each shared schema's
 * verdict by its id, where each reference leads, and which patterns compile (route schemas repeat
 * the same few).
 */
export class DeferrableSubset {
  readonly #ajv: Ajv
  /** The prepared shared schemas this instance holds (the objects added to Ajv). */
  readonly #shared: ReadonlySet<unknown>
  readonly #verdicts = new Map<string, boolean>()
  /** What each reference (`base \0 ref`) leads to, and whether each pattern compiles. */
  readonly #targets = new Map<string, SharedTarget | undefined>()
  readonly #patterns = new Map<string, boolean>()

  constructor(ajv: Ajv, shared: ReadonlySet<unknown>) {
    this.#ajv = ajv
    this.#shared = shared
  }

  /**
   * Whether Ajv's compile of `schema` (a prepared route schema: shorthand expanded, numbers marked,
   * shared copies linked) cannot throw nor log.
   *
   * @example
   * subset.includes({ type: 'object', properties: { id: { type: 'integer', 'x-framework-finite-number': true } } }) // true
   * subset.includes({ type: 'string', format: 'no-such-format' }) // false: Ajv would throw
   */
  includes(schema: unknown): boolean {
    return this.#node(schema, 'route root', '', new Set(), new Set(), 0)
  }

  #node(
    node: unknown,
    place: Place,
    base: string | undefined,
    objects: Set<object>,
    ids: Set<string>,
    depth: number,
  ): boolean {
    if (typeof node === 'boolean') return true
    if (!isPlainObject(node) || depth > MAX_DEPTH || objects.has(node)) return false
    const keys = Object.keys(node)
    if ('$ref' in node) {
      return keys.length === 1 && base !== undefined && this.#ref(node.$ref, base, ids, depth)
    }
    const types = typesOf(node)
    if (types === undefined) return false
    objects.add(node)
    const child = (value: unknown) => this.#node(value, 'inside', base, objects, ids, depth + 1)
    let included = true
    for (const key of keys) {
      const value = node[key]
      if (key === 'type' || key === 'nullable') continue
      if (key === 'properties') {
        included = types.has('object') && isPlainObject(value) && Object.values(value).every(child)
      } else if (key === 'items') {
        included = types.has('array') && !Array.isArray(value) && child(value)
      } else if (key === 'additionalProperties') {
        included = types.has('object') && child(value)
      } else {
        included = this.#leafKeyword(key, value, types, place)
      }
      if (!included) break
    }
    objects.delete(node)
    return included
  }

  /** A keyword that holds no subschema. */
  #leafKeyword(key: string, value: unknown, types: ReadonlySet<string>, place: Place): boolean {
    if (TEXTS.has(key)) return typeof value === 'string'
    switch (key) {
      case 'examples':
        return Array.isArray(value)
      case 'enum':
        return isDistinctPrimitives(value)
      case 'const':
        return isJson(value, 0)
      case 'default':
        return place === 'inside' && isJson(value, 0)
      case FINITE_KEYWORD:
        return value === true
      case 'multipleOf':
        return isNumeric(types) && Number.isFinite(value) && (value as number) > 0
      case 'pattern':
        return types.has('string') && typeof value === 'string' && this.#compiles(value)
      case 'format':
        return (
          types.has('string') &&
          typeof value === 'string' &&
          Object.hasOwn(this.#ajv.formats, value)
        )
      case 'uniqueItems':
        return types.has('array') && typeof value === 'boolean'
      case 'required':
        return types.has('object') && isDistinctStrings(value)
      case '$id':
        return place === 'shared root' && typeof value === 'string'
      case '$recursiveAnchor':
        return place === 'shared root' && value === false
    }
    if (NUMBER_BOUNDS.has(key)) return isNumeric(types) && Number.isFinite(value)
    const counted = STRING_COUNTS.has(key)
      ? 'string'
      : ARRAY_COUNTS.has(key)
        ? 'array'
        : OBJECT_COUNTS.has(key)
          ? 'object'
          : undefined
    return counted !== undefined && types.has(counted) && isCount(value)
  }

  /** A reference to a whole shared schema of this instance, in the subset, with no cycle. */
  #ref(ref: unknown, base: string, ids: Set<string>, depth: number): boolean {
    if (typeof ref !== 'string') return false
    const key = `${base}\0${ref}`
    let target = this.#targets.get(key)
    if (target === undefined && !this.#targets.has(key)) {
      target = this.#targetOf(ref, base)
      this.#targets.set(key, target)
    }
    if (target === undefined || ids.has(target.id)) return false
    const { id, schema } = target
    let verdict = this.#verdicts.get(id)
    if (verdict === undefined) {
      const declared = schema.$id
      // Without `$id`, Ajv resolves the references inside against the route's base: none allowed.
      const innerBase =
        typeof declared === 'string' ? this.#ajv.opts.uriResolver.resolve('', declared) : undefined
      ids.add(id)
      verdict = this.#node(schema, 'shared root', innerBase, new Set(), ids, depth + 1)
      ids.delete(id)
      // A verdict cut short by the depth bound is not the schema's own: not kept.
      if (verdict || depth === 0) this.#verdicts.set(id, verdict)
    }
    return verdict
  }

  /** The shared schema `ref` names from `base`, as Ajv finds it; undefined for anything else. */
  #targetOf(ref: string, base: string): SharedTarget | undefined {
    if (!this.#formatAccepts('uri-reference', ref)) return undefined
    const uri = this.#ajv.opts.uriResolver
    const resolved = uri.resolve(base, ref)
    // Ajv's own steps (resolveSchema): the full path without fragment is the id it looks up.
    const id = uri.serialize(uri.parse(resolved)).split('#')[0]!
    if (id === '' || resolved.replace(/#$/, '') !== id) return undefined
    const env = this.#ajv.refs[id] ?? this.#ajv.schemas[id]
    const schema = typeof env === 'object' ? env.schema : undefined
    return this.#shared.has(schema) && isPlainObject(schema) ? { id, schema } : undefined
  }

  /** What Ajv does with a pattern: checks it with the `regex` format, then compiles it with `u`. */
  #compiles(pattern: string): boolean {
    let compiles = this.#patterns.get(pattern)
    if (compiles === undefined) {
      compiles = this.#formatAccepts('regex', pattern) && compilesWithU(pattern)
      this.#patterns.set(pattern, compiles)
    }
    return compiles
  }

  /** Whether the instance's format `name` (ajv-formats') accepts `value`. */
  #formatAccepts(name: string, value: string): boolean {
    const format: unknown = this.#ajv.formats[name]
    const check =
      typeof format === 'object' && format !== null && !(format instanceof RegExp)
        ? (format as { validate?: unknown }).validate
        : format
    if (check instanceof RegExp) return check.test(value)
    if (typeof check === 'function') return check(value) === true
    return false
  }
}

/**
 * The types Ajv sees on a node (its `type`, plus `null` for `nullable: true`), undefined when there
 * is no `type`, or a union strictTypes would note, or a `nullable` other than `true`.
 */
function typesOf(node: Record<string, unknown>): ReadonlySet<string> | undefined {
  const { type, nullable } = node
  const list = typeof type === 'string' ? [type] : Array.isArray(type) ? type : []
  if (list.length === 0 || !list.every((item) => TYPES.has(item as string))) return undefined
  const types = new Set<string>(list as string[])
  if (types.size !== list.length) return undefined
  if (nullable !== undefined) {
    if (nullable !== true) return undefined
    types.add('null')
  }
  if (types.size > 2 || (types.size === 2 && !types.has('null'))) return undefined
  return types
}

function compilesWithU(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

function isNumeric(types: ReadonlySet<string>): boolean {
  return types.has('number') || types.has('integer')
}

function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0
}

function isDistinctStrings(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string') &&
    new Set(value).size === value.length
  )
}

function isDistinctPrimitives(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        item === null ||
        typeof item === 'string' ||
        typeof item === 'boolean' ||
        Number.isFinite(item),
    ) &&
    new Set(value).size === value.length
  )
}

/** A JSON value: what `JSON.stringify` writes back as it is (no function, symbol, BigInt, cycle). */
function isJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (depth > MAX_DEPTH) return false
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1))
  if (!isPlainObject(value)) return false
  return Object.values(value).every((item) => isJson(item, depth + 1))
}

/** An object as the compiler's copies are made of (cloneSchema), nothing Ajv could read oddly. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  )
}
