import { expandShorthand } from '@framework/schema-registry'
import build, { type AnySchema as FjsSchema, type Options } from 'fast-json-stringify'
import { cloneSchema } from './clone-schema.js'
import { fingerprint } from './fingerprint.js'
import { scanSchema } from './scan-schema.js'
import { SchemaProblem } from './schema-problem.js'

/** A schema as the compilers receive it: an object, or a boolean schema. */
export type AnySchema = object | boolean

/** One fast-json-stringify build. */
export interface BuiltSerializer {
  readonly stringify: (data: unknown) => unknown
  /** The output must go through `isCompleteJson` (the schema has places without a type). */
  readonly checked: boolean
}

/**
 * The builds of one compiler (one set of fast-json-stringify options), cached by content: one
 * {@link SharedSet} per distinct set of shared schemas, one build per distinct response schema in
 * it. Equal means deeply equal, property order included.
 *
 * A shared schema is read once, when first seen: the shared schemas are the registry's, which
 * keeps them as added, so one object is not expected to change afterwards.
 */
export class SerializerStore {
  /** How many times fast-json-stringify built a serializer (read by the tests). */
  builds = 0
  readonly #options: Options
  readonly #sets = new Map<string, SharedSet>()
  /** The number given to each distinct shared schema content, and per object. */
  readonly #contentNumbers = new Map<string, number>()
  readonly #objectNumbers = new WeakMap<object, number | null>()

  constructor(options: Options) {
    this.#options = options
  }

  /**
   * The builds for the shared schemas `shared`: the same object for every equal set.
   *
   * @example
   * store.sharedSet({ user }) === store.sharedSet({ user: { ...user } }) // true
   */
  sharedSet(shared: Readonly<Record<string, AnySchema>>): SharedSet {
    const key = this.#setKey(shared)
    let set = key === undefined ? undefined : this.#sets.get(key)
    if (set === undefined) {
      set = new SharedSet(this, shared, this.#options)
      if (key !== undefined) this.#sets.set(key, set)
    }
    return set
  }

  /** A short key equal for equal sets; undefined when a schema is not plain data. */
  #setKey(shared: Readonly<Record<string, AnySchema>>): string | undefined {
    let key = ''
    for (const id of Object.keys(shared).sort()) {
      const number = this.#numberOf(shared[id])
      if (number === undefined) return undefined
      key += `${JSON.stringify(id)}:${number},`
    }
    return key
  }

  #numberOf(schema: unknown): number | undefined {
    const isObject = typeof schema === 'object' && schema !== null
    if (isObject) {
      const known = this.#objectNumbers.get(schema)
      if (known !== undefined) return known ?? undefined
    }
    const content = fingerprint(schema)
    let number: number | undefined
    if (content !== undefined) {
      number = this.#contentNumbers.get(content)
      if (number === undefined) {
        number = this.#contentNumbers.size
        this.#contentNumbers.set(content, number)
      }
    }
    if (isObject) this.#objectNumbers.set(schema, number ?? null)
    return number
  }
}

/** The builds made against one set of shared schemas. */
export class SharedSet {
  readonly #store: SerializerStore
  readonly #options: Options
  /** fast-json-stringify writes into the schemas it is given: it gets copies, made once here. */
  readonly #shared: Record<string, AnySchema>
  /** Some shared schema has places without a type, or a `default` without a JSON form. */
  readonly #sharedNeedCheck: boolean
  readonly #builds = new Map<string, BuiltSerializer>()

  constructor(
    store: SerializerStore,
    shared: Readonly<Record<string, AnySchema>>,
    options: Options,
  ) {
    this.#store = store
    this.#shared = cloneSchema({ ...shared })
    this.#sharedNeedCheck = Object.values(shared).some((schema) => {
      const scan = scanSchema(schema)
      return scan.untyped || scan.literalWithoutJson !== undefined
    })
    this.#options = { ...options, schema: this.#shared as Options['schema'] }
  }

  /**
   * The serializer of a response schema (shorthand expanded), built once per distinct content.
   * Throws what fast-json-stringify throws, or a {@link SchemaProblem}.
   *
   * @example
   * const { stringify } = set.build({ type: 'object', properties: { id: { type: 'integer' } } })
   */
  build(schema: AnySchema): BuiltSerializer {
    const key = fingerprint(schema)
    let built = key === undefined ? undefined : this.#builds.get(key)
    if (built === undefined) {
      built = this.#build(schema)
      if (key !== undefined) this.#builds.set(key, built)
    }
    return built
  }

  #build(schema: AnySchema): BuiltSerializer {
    if (schema === false) {
      throw new SchemaProblem(
        'the schema is `false`, which no value matches: give a schema, or remove this response entry.',
      )
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new SchemaProblem(
        `a response schema must be a JSON Schema object, received ${describe(schema)}.`,
      )
    }
    const expanded = expandShorthand(schema as Record<string, unknown>)
    const scan = scanSchema(expanded)
    if (scan.literalWithoutJson !== undefined) {
      throw new SchemaProblem(
        `${scan.literalWithoutJson} is a function or a symbol, which has no JSON form: give a JSON value.`,
      )
    }
    const stringify = build(cloneSchema(expanded) as FjsSchema, this.#options) as (
      data: unknown,
    ) => unknown
    this.#store.builds++
    return { stringify, checked: scan.untyped || (scan.externalRef && this.#sharedNeedCheck) }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}
