import { createError } from '@framework/error-formatter'
import type { Ajv } from 'ajv'
import type { ValidatorCollector } from '../validator-collector.js'
import type { ValidateFunction, ValidatorCompileInput } from '../validator-compiler-types.js'
import { externalRefs, hasAsync, withoutFragment } from './async-use.js'
import { compileFailure } from './compile-failure.js'
import { DeferrableSubset } from './deferrable-subset.js'
import { linkEmbeddedShared, linkRouteToShared } from './embedded-shared.js'
import { type KeywordRewrites, rewritesOf, snapshot } from './keyword-rewrites.js'
import { routeKey } from './precompile-keys.js'
import type { PrecompiledSet } from './precompiled-set.js'
import { prepareRouteSchema, prepareSharedSchema } from './prepare-schema.js'
import { markForCall, setErrorRoot } from './shared-functions.js'
import { stableKey } from './stable-key.js'
import type { WarningSink } from './warning-sink.js'

/**
 * Where a set's validators come from and go to when precompiling: the loaded module's entry of
 * this set (`lookup`), and the collector that keeps what is compiled here (under the set's `key`).
 */
export interface SetPrecompile {
  key: string
  lookup?: PrecompiledSet | undefined
  collector?: ValidatorCollector | undefined
}

/** A shared schema as added to Ajv, and what the `$async` check learnt about it (lazily). */
interface SharedEntry {
  schema: unknown
  facts?: { async: boolean; refs: Set<string> }
}

/**
 * One Ajv instance holding one set of shared schemas, and the route validators compiled with it.
 * Identical route schemas (deeply equal, same header handling) share one compiled function.
 *
 * The Ajv instance is created with the set, so an invalid shared schema fails at once; only when a
 * precompiled module holds this set (its shared schemas were valid when it was built) is it
 * created by the first part the module lacks.
 */
export class SchemaSet {
  private ajvInstance: Ajv | undefined
  /** Prepared shared schemas by id (URI without fragment). */
  private readonly shared = new Map<string, SharedEntry>()
  /** The `stableKey` of each prepared shared schema before linking, by id (see linkRouteToShared). */
  private readonly sharedKeys = new Map<string, string | undefined>()
  private readonly compiled = new Map<string, ValidateFunction>()
  /** Schema rewrites Ajv keywords made while compiling, by the same key as `compiled`. */
  private readonly rewrites = new Map<string, KeywordRewrites>()
  private readonly warnings: WarningSink
  private readonly precompile: SetPrecompile | undefined
  private readonly newAjv: () => Ajv
  private readonly sharedSchemas: Readonly<Record<string, object | boolean>>
  private collected: ReturnType<ValidatorCollector['setFor']> | undefined
  /** Whether a keyword of this Ajv may rewrite the schemas it compiles (see keyword-rewrites). */
  private readonly mayRewrite: boolean
  private resolveUri: ((base: string, ref: string) => string) | undefined
  /**
   * The check of the route schemas whose compile waits for their first call (deferrable-subset.ts),
   * undefined when nothing may wait: Ajv's options are not the compiler's own, or precompiling.
   */
  private subset: DeferrableSubset | undefined
  private readonly mayDefer: boolean

  constructor(
    newAjv: () => Ajv,
    sharedSchemas: Readonly<Record<string, object | boolean>>,
    warnings: WarningSink,
    precompile?: SetPrecompile,
    mayRewrite = true,
    mayDefer = false,
  ) {
    this.newAjv = newAjv
    this.mayRewrite = mayRewrite
    this.mayDefer = mayDefer && precompile === undefined
    this.sharedSchemas = sharedSchemas
    this.warnings = warnings
    this.precompile = precompile
    if (precompile?.lookup === undefined) void this.ajv
  }

  get ajv(): Ajv {
    this.ajvInstance ??= this.createAjv()
    return this.ajvInstance
  }

  private createAjv(): Ajv {
    const ajv = this.newAjv()
    const sharedSchemas = this.sharedSchemas
    const precompile = this.precompile
    if (precompile?.collector !== undefined) {
      this.collected = precompile.collector.setFor(precompile.key, ajv)
    }
    const prepared = Object.keys(sharedSchemas).map((key) => ({
      key,
      schema: prepareSharedSchema(sharedSchemas[key]!),
    }))
    const uri = ajv.opts.uriResolver
    for (const { key, schema } of prepared) {
      const id = (schema as { $id?: unknown } | null)?.$id
      this.sharedKeys.set(
        withoutFragment(uri.resolve('', typeof id === 'string' ? id : key)),
        stableKey(schema),
      )
    }
    linkEmbeddedShared(prepared, (base, ref) => uri.resolve(base, ref))
    for (const { key, schema } of prepared) {
      const declared =
        typeof schema === 'object' && typeof (schema as { $id?: unknown }).$id === 'string'
          ? (schema as { $id: string }).$id
          : undefined
      // Compiled once and called by the routes that use it, not inlined into each of them.
      const called = markForCall(ajv, schema)
      try {
        // A schema without $id is registered under its key, so `key#` still resolves.
        if (declared === undefined) ajv.addSchema(schema, key)
        else ajv.addSchema(schema)
      } catch (error) {
        throw createError(
          'FRM_ERR_SCHEMA_INVALID',
          `shared schema '${declared ?? key}': ${(error as Error).message}`,
          { cause: error },
        )
      }
      if (called) setErrorRoot(ajv, declared ?? key)
      this.shared.set(withoutFragment(declared ?? key), { schema })
    }
    return ajv
  }

  /** Compiles (or finds) the validator of one route part. */
  compile(input: ValidatorCompileInput): ValidateFunction {
    if (this.precompile !== undefined) return this.compilePrecompiled(input)
    return this.compileCached(input)
  }

  /** Deeply equal part schemas (same header handling) compile once. */
  private compileCached(input: ValidatorCompileInput): ValidateFunction {
    const key = stableKey(input.schema)
    const cacheKey =
      key === undefined ? undefined : `${input.httpPart === 'headers' ? 'headers' : 'other'}:${key}`
    const found = cacheKey === undefined ? undefined : this.compiled.get(cacheKey)
    if (found === undefined) return this.compileNew(input, cacheKey)
    // A deeply equal schema of another route gets the keyword rewrites the first one got.
    this.rewrites.get(cacheKey!)?.apply(input.schema)
    return found
  }

  /**
   * With a precompiled module or a collector: found in the module (by its route key, which also
   * serves as the cache: the module gives one function per key), else compiled, and collected.
   */
  private compilePrecompiled(input: ValidatorCompileInput): ValidateFunction {
    const key = routeKey(input.schema, input.httpPart === 'headers')
    const found = key === undefined ? undefined : this.precompile!.lookup?.get(key)
    if (found !== undefined) return found
    const validate = this.compileCached(input)
    // Only what this Ajv compiled has source code to collect.
    const collect = this.collected
    if (
      collect !== undefined &&
      key !== undefined &&
      !collect.entries.has(key) &&
      hasSource(validate)
    ) {
      collect.entries.set(key, {
        validate,
        where: `${input.method} ${input.url}, part ${input.httpPart}`,
      })
    }
    return validate
  }

  private compileNew(input: ValidatorCompileInput, cacheKey: string | undefined): ValidateFunction {
    const { schema, httpPart } = input
    const headers = httpPart === 'headers'
    const prepared = linkRouteToShared(
      prepareRouteSchema(schema, headers),
      this.sharedKeys,
      this.resolver(),
    ) as object | boolean
    this.refuseAsync(schema, prepared, input)
    if (this.deferrable(prepared)) {
      const validate = this.deferred(prepared, input)
      if (cacheKey !== undefined) this.compiled.set(cacheKey, validate)
      return validate
    }
    // Only a keyword of the application's can rewrite a schema: without any, no copy to compare.
    const before = this.mayRewrite ? snapshot(prepared) : undefined
    const validate = this.compileNow(prepared, input)
    const rewrites = before === undefined ? undefined : rewritesOf(before, prepared)
    rewrites?.apply(schema)
    if (cacheKey !== undefined) {
      this.compiled.set(cacheKey, validate)
      if (rewrites !== undefined) this.rewrites.set(cacheKey, rewrites)
    }
    return validate
  }

  private compileNow(prepared: object | boolean, input: ValidatorCompileInput): ValidateFunction {
    this.warnings.where = `${input.method} ${input.url}, part ${input.httpPart}`
    try {
      return this.ajv.compile(prepared as object) as unknown as ValidateFunction
    } catch (error) {
      throw compileFailure(error, input, (id) => this.shared.has(id))
    } finally {
      this.warnings.where = undefined
    }
  }

  /**
   * Whether the compile of `prepared` may wait for the validator's first call: Ajv runs with the
   * compiler's own options and the schema is in the deferrable subset, where compiling can neither
   * throw nor warn, so `ready()` loses nothing by not doing it.
   */
  private deferrable(prepared: object | boolean): boolean {
    if (!this.mayDefer) return false
    this.subset ??= new DeferrableSubset(
      this.ajv,
      new Set([...this.shared.values()].map((entry) => entry.schema)),
    )
    return this.subset.includes(prepared)
  }

  /**
   * A validator compiled by its first call, then validating as the compiled one does. `prepared`
   * is the compiler's own copy: a change the application makes to its schema after `ready()` does
   * not reach it.
   *
   * It looks like the function Ajv compiles: Ajv's second argument (where the data sits) passes
   * on, so a coerced root value is written back to its holder; and Ajv's `schema` and `schemaEnv`
   * are there, read from the compiled function (reading one compiles it, which cannot fail here).
   * The core recognises an Ajv function by its `schemaEnv`, and gives it the request as the
   * holder of a body whose schema is a primitive.
   *
   * Its `errors` are the compiled function's own (null before the compile), read through: a caller
   * that has compiled it may call the compiled function, `schemaEnv.validate` as Ajv names it,
   * without this one in between (the core does, on every request), and this one still shows the
   * errors of that function's last call, as `request.getValidationFunction(part)` must.
   */
  private deferred(prepared: object | boolean, input: ValidatorCompileInput): ValidateFunction {
    let compiled: AjvValidate | undefined
    // What `errors` was set to before the compile (Ajv's functions start with null).
    let errorsBefore: ValidateFunction['errors'] = null
    const build = (): AjvValidate => {
      compiled ??= this.compileNow(prepared, input) as AjvValidate
      return compiled
    }
    const validate: ValidateFunction = (data: unknown, context?: unknown) =>
      (compiled ?? build())(data, context)
    Object.defineProperty(validate, 'errors', {
      configurable: true,
      enumerable: true,
      get: () => (compiled === undefined ? errorsBefore : compiled.errors),
      set: (value: ValidateFunction['errors']) => {
        if (compiled === undefined) errorsBefore = value
        else compiled.errors = value
      },
    })
    for (const key of ['schema', 'schemaEnv'] as const) {
      Object.defineProperty(validate, key, {
        configurable: true,
        enumerable: true,
        get() {
          const value = build()[key]
          // Read once, then a plain property: the compiled function's, which never changes.
          Object.defineProperty(validate, key, { value, configurable: true, enumerable: true })
          return value
        },
      })
    }
    return validate
  }

  /** FRM_ERR_SCHEMA_ASYNC when the part's schema, or a shared schema it reaches, uses `$async`. */
  private refuseAsync(original: unknown, prepared: unknown, input: ValidatorCompileInput): void {
    const part = `The ${input.httpPart} schema of ${input.method} ${input.url}`
    if (hasAsync(original) || hasAsync(prepared)) throw createError('FRM_ERR_SCHEMA_ASYNC', part)
    const resolve = this.resolver()
    const pending = [...externalRefs(prepared, resolve)]
    const seen = new Set<string>(pending)
    while (pending.length > 0) {
      const id = pending.pop()!
      const facts = this.factsOf(id)
      if (facts === undefined) continue // unknown ids fail in Ajv, with its message
      if (facts.async) {
        throw createError(
          'FRM_ERR_SCHEMA_ASYNC',
          `Shared schema '${id}', used by ${lowerFirst(part)},`,
        )
      }
      for (const next of facts.refs) {
        if (!seen.has(next)) {
          seen.add(next)
          pending.push(next)
        }
      }
    }
  }

  private factsOf(id: string): SharedEntry['facts'] {
    const entry = this.shared.get(id)
    if (entry === undefined) return undefined
    entry.facts ??= {
      async: hasAsync(entry.schema),
      refs: externalRefs(entry.schema, this.resolver()),
    }
    return entry.facts
  }

  /** Ajv's URI resolution (memoized by createAjv unless the application gives its own). */
  private resolver(): (base: string, ref: string) => string {
    if (this.resolveUri !== undefined) return this.resolveUri
    const uri = this.ajv.opts.uriResolver
    this.resolveUri = (base, ref) => uri.resolve(base, ref)
    return this.resolveUri
  }
}

/** A function Ajv compiled: its optional second argument (Ajv's `DataValidationCxt`), its schema. */
type AjvValidate = ValidateFunction &
  ((data: unknown, context?: unknown) => boolean) & { schema: unknown; schemaEnv: unknown }

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

function hasSource(validate: ValidateFunction): boolean {
  return (validate as { source?: unknown }).source !== undefined
}
