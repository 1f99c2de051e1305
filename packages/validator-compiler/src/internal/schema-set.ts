import { createError } from '@framework/error-formatter'
import type Ajv from 'ajv'
import type { ValidateFunction, ValidatorCompileInput } from '../validator-compiler-types.js'
import { externalRefs, hasAsync, withoutFragment } from './async-use.js'
import { compileFailure } from './compile-failure.js'
import { linkEmbeddedShared } from './embedded-shared.js'
import { prepareRouteSchema, prepareSharedSchema } from './prepare-schema.js'
import { markForCall, setErrorRoot } from './shared-functions.js'
import { stableKey } from './stable-key.js'
import type { WarningSink } from './warning-sink.js'

/** A shared schema as added to Ajv, and what the `$async` check learnt about it (lazily). */
interface SharedEntry {
  schema: unknown
  facts?: { async: boolean; refs: Set<string> }
}

/**
 * One Ajv instance holding one set of shared schemas, and the route validators compiled with it.
 * Identical route schemas (deeply equal, same header handling) share one compiled function.
 */
export class SchemaSet {
  readonly ajv: Ajv
  /** Prepared shared schemas by id (URI without fragment). */
  private readonly shared = new Map<string, SharedEntry>()
  private readonly compiled = new Map<string, ValidateFunction>()
  private readonly warnings: WarningSink

  constructor(
    ajv: Ajv,
    sharedSchemas: Readonly<Record<string, object | boolean>>,
    warnings: WarningSink,
  ) {
    this.ajv = ajv
    this.warnings = warnings
    const prepared = Object.keys(sharedSchemas).map((key) => ({
      key,
      schema: prepareSharedSchema(sharedSchemas[key]!),
    }))
    linkEmbeddedShared(prepared, this.resolver())
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
  }

  /** Compiles (or finds) the validator of one route part. */
  compile(input: ValidatorCompileInput): ValidateFunction {
    const { schema, httpPart } = input
    const headers = httpPart === 'headers'
    const key = stableKey(schema)
    const cacheKey = key === undefined ? undefined : `${headers ? 'headers' : 'other'}:${key}`
    if (cacheKey !== undefined) {
      const found = this.compiled.get(cacheKey)
      if (found) return found
    }
    const prepared = prepareRouteSchema(schema, headers)
    this.refuseAsync(schema, prepared, input)
    let validate: ValidateFunction
    this.warnings.where = `${input.method} ${input.url}, part ${httpPart}`
    try {
      validate = this.ajv.compile(prepared as object) as unknown as ValidateFunction
    } catch (error) {
      throw compileFailure(error, input, (id) => this.shared.has(id))
    } finally {
      this.warnings.where = undefined
    }
    if (cacheKey !== undefined) this.compiled.set(cacheKey, validate)
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

  private resolver(): (base: string, ref: string) => string {
    const uri = this.ajv.opts.uriResolver
    return (base, ref) => uri.resolve(base, ref)
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
