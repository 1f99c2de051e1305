import type Ajv from 'ajv'
import standaloneCode from 'ajv/dist/standalone/index.js'
import type { ValidateFunction } from './validator-compiler-types.js'

/** The validators of one set of shared schemas, compiled with Ajv's `code.source` on. */
interface CollectedSet {
  readonly ajv: Ajv
  /** Route key → compiled function and the route part it was compiled for. */
  readonly entries: Map<string, { validate: ValidateFunction; where: string }>
}

/** Where a set's validators are registered for Ajv's standalone code (see {@link code}). */
const REF_PREFIX = 'framework-precompiled:'

/**
 * Collects the validators a compiler builds, to write them as one module of Ajv standalone code
 * (`ajv/dist/standalone`): give it as `buildValidatorCompiler({ collector })`, make the
 * application ready, then write `collector.code()` into a CommonJS module. Loaded again with
 * `buildValidatorCompiler({ precompiled: require(file) })`, the compiler takes its validators from
 * there instead of compiling them. The framework's `createPrecompiler()` does all of this.
 *
 * A part whose code Ajv cannot write on its own (a format or keyword from a plugin that gives no
 * code for it) is left out, with a message in {@link skipped}: it is compiled at start.
 *
 * @example
 * const collector = new ValidatorCollector()
 * const compile = buildValidatorCompiler({ collector })({})
 * compile({ schema: { type: 'integer' }, method: 'GET', url: '/', httpPart: 'params' })
 * writeFileSync('validators.cjs', `"use strict";\n${collector.code()}`)
 */
export class ValidatorCollector {
  /** Why some parts were left out of the code (each names the route part). */
  readonly skipped: string[] = []
  private readonly sets = new Map<string, CollectedSet>()

  /** @internal The record of a set key (created by the first call). */
  setFor(key: string, ajv: Ajv): CollectedSet {
    let set = this.sets.get(key)
    if (set === undefined) {
      set = { ajv, entries: new Map() }
      this.sets.set(key, set)
    }
    return set
  }

  /** How many validators were collected. */
  get size(): number {
    let size = 0
    for (const set of this.sets.values()) size += set.entries.size
    return size
  }

  /**
   * The module text of the collected validators: `exports.validators = { ... }` (CommonJS,
   * strict), one function per set of shared schemas.
   */
  code(): string {
    let out = 'exports.validators = {\n'
    for (const [key, set] of this.sets) {
      if (set.entries.size === 0) continue
      out += `${JSON.stringify(key)}: function (require) {\nconst exports = {};\n${this.setCode(set)}\nreturn exports;\n},\n`
    }
    return `${out}};\n`
  }

  /** One standalone module for the whole set (shared schemas written once), else part by part. */
  private setCode(set: CollectedSet): string {
    const refs: Record<string, string> = {}
    for (const [routeKey, { validate }] of set.entries) {
      const name = `${REF_PREFIX}${routeKey}`
      register(set.ajv, name, validate)
      refs[routeKey] = name
    }
    try {
      return standaloneCode(set.ajv, refs)
    } catch {
      // Some part cannot be written standalone: write each on its own and leave those out.
    }
    let out = ''
    for (const [routeKey, { where }] of set.entries) {
      try {
        const code = standaloneCode(set.ajv, { [routeKey]: refs[routeKey]! })
        out += `Object.assign(exports, (function () {\nconst exports = {};\n${code}\nreturn exports;\n})());\n`
      } catch (error) {
        this.skipped.push(`${where}: ${(error as Error).message}`)
      }
    }
    return out
  }
}

/** Makes a compiled function reachable by `ajv.getSchema(name)`, which standalone code uses. */
function register(ajv: Ajv, name: string, validate: ValidateFunction): void {
  const env = (validate as unknown as { schemaEnv?: unknown }).schemaEnv
  if (env !== undefined) (ajv.refs as Record<string, unknown>)[name] = env
}
