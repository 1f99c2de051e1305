import { expandShorthand, fingerprint } from '@framework/schema-registry'
import type { AnySchema as FjsSchema, Options } from 'fast-json-stringify'
import type { PrecompiledSerializers } from '../precompiled-types.js'
import type { SerializerCollector } from '../serializer-collector.js'
import { cloneSchema } from './clone-schema.js'
import { fjsBuild, precompiledRequire } from './own-require.js'
import { PlainSubset } from './plain-subset.js'
import { optionsKey, precompileKey } from './precompile-key.js'
import { scanSchema } from './scan-schema.js'
import { SchemaProblem } from './schema-problem.js'
import { schemaRefs } from './schema-refs.js'
import { type AnySchema, type SharedFacts, SharedSet } from './shared-set.js'

export type { AnySchema, SharedSet } from './shared-set.js'

/** Where serializers come from and go to when precompiling (see `buildSerializerCompiler`). */
export interface StorePrecompile {
  precompiled?: PrecompiledSerializers | undefined
  collector?: SerializerCollector | undefined
  /** Nothing waits for a first response (see `SerializerPrecompileOptions.eager`). */
  eager?: boolean | undefined
  onWarning: (message: string) => void
}

/** One fast-json-stringify build. */
export interface BuiltSerializer {
  readonly stringify: (data: unknown) => unknown
  /** The output must go through `isCompleteJson` (the schema has places without a type). */
  readonly checked: boolean
}

/** A build that waits for the first response that needs it (see `SerializerStore.deferred`). */
export interface DeferredSerializer {
  /** Builds the serializer (once per distinct content, as `SerializerStore.build`). */
  readonly build: () => (data: unknown) => unknown
  readonly checked: boolean
}

/**
 * The builds of one compiler (one set of fast-json-stringify options), cached by content.
 *
 * - A build gets only the shared schemas its response schema reaches through `$ref`, so its cost
 *   does not grow with the number of shared schemas, and it is cached by (response schema, those
 *   shared schemas): two contexts that differ in schemas the route does not use share the build.
 * - Equal means deeply equal, property order included (it is the output order).
 * - A shared schema is read once, the first time it is seen: the registry keeps shared schemas as
 *   they were added, and one object is not expected to change afterwards.
 * - fast-json-stringify writes into the schemas it is given (it adds the types it infers), so it
 *   only ever gets fresh copies, made for each build: a build never sees what another one wrote.
 */
export class SerializerStore {
  /** How many times fast-json-stringify built a serializer (read by the tests). */
  builds = 0
  readonly #options: Options
  readonly #sets = new Map<string, SharedSet>()
  readonly #builds = new Map<string, BuiltSerializer>()
  readonly #numbers = new Map<string, number>()
  readonly #facts = new WeakMap<object, SharedFacts>()
  readonly #plain: PlainSubset

  readonly #precompile: StorePrecompile | undefined
  /**
   * Plain schemas may wait for their first response, built or loaded from a precompiled module
   * then (not while collecting a module, which must hold every build, nor eager).
   */
  readonly #mayDefer: boolean
  #require: ((id: string) => unknown) | undefined
  /** The options' part of every precompile key; undefined when there is nothing to precompile. */
  readonly #optionsKey: string | undefined

  constructor(options: Options, precompile?: StorePrecompile) {
    this.#options = options
    this.#plain = new PlainSubset(options.maxDepth ?? 100)
    const active =
      precompile !== undefined &&
      (precompile.precompiled !== undefined || precompile.collector !== undefined)
    this.#precompile = active ? precompile : undefined
    this.#mayDefer = precompile?.collector === undefined && precompile?.eager !== true
    this.#optionsKey = active ? optionsKey(options) : undefined
  }

  /**
   * The shared schemas `schemas` as a set: the same object for every equal set.
   *
   * @example
   * store.sharedSet({ user }) === store.sharedSet({ user: { ...user } }) // true
   */
  sharedSet(schemas: Readonly<Record<string, AnySchema>>): SharedSet {
    const set = new SharedSet(schemas, (schema) => this.#factsOf(schema))
    if (set.key === undefined) return set
    const known = this.#sets.get(set.key)
    if (known !== undefined) return known
    this.#sets.set(set.key, set)
    return set
  }

  /**
   * The serializer of a response schema (shorthand expanded) against a set of shared schemas,
   * built once per distinct content. Throws what fast-json-stringify throws, or a
   * {@link SchemaProblem}.
   *
   * @example
   * const { stringify } = store.build(set, { type: 'object', properties: { id: { type: 'integer' } } })
   */
  build(set: SharedSet, schema: AnySchema): BuiltSerializer {
    const refs = schemaRefs(schema)
    const names = refs.ids.length === 0 ? [] : set.reachable(refs)
    const content = fingerprint(schema)
    const sharedKey = set.keyOf(names)
    // When precompiling, the precompile key (a short hash of the same facts) is the cache key too.
    const precompiled =
      this.#optionsKey === undefined || content === undefined
        ? undefined
        : precompileKey(this.#optionsKey, content, set.schemas, names)
    const key =
      content === undefined || sharedKey === undefined
        ? undefined
        : (precompiled ?? `${sharedKey}|${content}`)
    let built = key === undefined ? undefined : this.#builds.get(key)
    if (built === undefined) {
      built = this.#build(set, names, schema, precompiled)
      if (key !== undefined) this.#builds.set(key, built)
    }
    return built
  }

  /**
   * The build of a response schema in the plain subset (plain-subset.ts), deferred to its first
   * call: there fast-json-stringify cannot fail, so `ready()` loses no error by not building it,
   * and an application pays only for the serializers its requests use (a build was about a fifth
   * of the start-up of 1000 schema routes; loading one from a precompiled module, a twentieth).
   * Undefined for any other schema, which is built at once with {@link build}, and always when
   * collecting a precompiled module (it must hold every build) or eager (a host that refuses code
   * generation while serving).
   *
   * The schema is copied now, so that a change made to it after `ready()` is not what gets built.
   */
  deferred(set: SharedSet, schema: AnySchema): DeferredSerializer | undefined {
    if (!this.#mayDefer || typeof schema !== 'object' || schema === null) {
      return undefined
    }
    const expanded = expandShorthand(schema as Record<string, unknown>)
    const shared = (name: string) =>
      Object.hasOwn(set.schemas, name) ? set.schemas[name] : undefined
    if (!this.#plain.includes(expanded, shared)) return undefined
    // Without a module, the library is loaded now all the same: the first response pays for its
    // code, not for this. With one, the first response takes the module's code, not the library.
    if (this.#precompile === undefined) fjsBuild()
    // Copied as given, the form `build` reads at once (and a precompiled module is keyed by).
    const snapshot = cloneSchema(schema)
    const refs = schemaRefs(expanded)
    const names = refs.ids.length === 0 ? [] : set.reachable(refs)
    const scan = scanSchema(expanded)
    return {
      build: () => this.build(set, snapshot).stringify,
      checked: scan.untyped || (scan.externalRef && set.needsCheck(names)),
    }
  }

  #build(
    set: SharedSet,
    names: readonly string[],
    schema: AnySchema,
    key: string | undefined,
  ): BuiltSerializer {
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
    let stringify = key === undefined ? undefined : this.#precompiled(key)
    if (stringify === undefined) {
      const shared: Record<string, AnySchema> = {}
      for (const name of names) shared[name] = cloneSchema(set.schemas[name] as AnySchema)
      const options = { ...this.#options, schema: shared as Options['schema'] }
      stringify = fjsBuild()(cloneSchema(expanded) as FjsSchema, options) as (
        data: unknown,
      ) => unknown
      this.builds++
      const collector = this.#precompile?.collector
      if (key !== undefined && collector !== undefined && !collector.has(key)) {
        collector.add(key, this.#standalone(set, names, expanded))
      }
    }
    return { stringify, checked: scan.untyped || (scan.externalRef && set.needsCheck(names)) }
  }

  /** The precompiled serializer of `key`, if the module holds one that loads. */
  #precompiled(key: string): ((data: unknown) => unknown) | undefined {
    const module = this.#precompile?.precompiled
    const serializers = module?.serializers
    if (typeof serializers !== 'object' || serializers === null || !Object.hasOwn(serializers, key))
      return undefined
    try {
      const code = serializers[key]
      if (typeof code !== 'string' && typeof code !== 'function') return undefined
      this.#require ??= precompiledRequire(module!.require)
      const loaded = { exports: {} as unknown }
      if (typeof code === 'function') code(this.#require, loaded, loaded.exports)
      else new Function('require', 'module', 'exports', code)(this.#require, loaded, loaded.exports)
      const stringify = loaded.exports
      if (typeof stringify === 'function') return stringify as (data: unknown) => unknown
      throw new TypeError(`its code gave ${typeof stringify}, not a function`)
    } catch (error) {
      this.#precompile!.onWarning(
        `A precompiled serializer could not be loaded, so it is built from its schema instead: ${(error as Error).message}`,
      )
      return undefined
    }
  }

  /** fast-json-stringify's standalone code for the same build, on fresh copies of the schemas. */
  #standalone(set: SharedSet, names: readonly string[], expanded: AnySchema): string {
    const shared: Record<string, AnySchema> = {}
    for (const name of names) shared[name] = cloneSchema(set.schemas[name] as AnySchema)
    const options = { ...this.#options, schema: shared, mode: 'standalone' } as Options
    return fjsBuild()(cloneSchema(expanded) as FjsSchema, options) as unknown as string
  }

  #factsOf(schema: AnySchema): SharedFacts {
    const isObject = typeof schema === 'object' && schema !== null
    const known = isObject ? this.#facts.get(schema) : undefined
    if (known !== undefined) return known
    const scan = scanSchema(schema)
    const facts: SharedFacts = {
      number: this.#numberOf(fingerprint(schema)),
      refs: schemaRefs(schema),
      needsCheck: scan.untyped || scan.literalWithoutJson !== undefined,
    }
    if (isObject) this.#facts.set(schema, facts)
    return facts
  }

  #numberOf(content: string | undefined): number | undefined {
    if (content === undefined) return undefined
    let number = this.#numbers.get(content)
    if (number === undefined) {
      number = this.#numbers.size
      this.#numbers.set(content, number)
    }
    return number
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}
