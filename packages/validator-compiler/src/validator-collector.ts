import type { Ajv } from 'ajv'
import type standaloneCodeType from 'ajv/dist/standalone/index.js'
import { ownRequire } from './internal/own-require.js'
import type { ValidateFunction } from './validate-function.js'

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
   * The module text of the collected validators (CommonJS): `exports.validators`, per set of shared
   * schemas, its route parts in chunks of {@link CHUNK_SIZE}, each chunk the text of one Ajv
   * standalone module (the shared schemas it calls written once per chunk), and an index from
   * route key to chunk. Each chunk is written as a function `(require, exports)` around that
   * code: plain code a bundler includes (no `new Function` at start, which Cloudflare Workers
   * forbid), run when a route first asks for one of its parts, and little code repeated.
   */
  code(): string {
    this.skipped.length = 0
    let out = 'exports.validators = {\n'
    for (const [key, set] of this.sets) {
      if (set.entries.size === 0) continue
      const chunks: string[] = []
      const index: Record<string, number> = {}
      const pending = [...set.entries]
      for (let start = 0; start < pending.length; start += CHUNK_SIZE) {
        const code = this.chunkCode(set, pending.slice(start, start + CHUNK_SIZE))
        if (code === undefined) continue
        for (const routeKey of code.keys) index[routeKey] = chunks.length
        chunks.push(code.text)
      }
      out += `${JSON.stringify(key)}: {\nindex: ${JSON.stringify(index)},\nchunks: [\n`
      for (const chunk of chunks) out += `function (require, exports) {\n${chunk}\n},\n`
      out += ']\n},\n'
    }
    return `${out}};\n`
  }

  /** One standalone module for these parts; when Ajv cannot write one, part by part, leaving out those it cannot write. */
  private chunkCode(
    set: CollectedSet,
    entries: Array<[string, { validate: ValidateFunction; where: string }]>,
  ): { text: string; keys: string[] } | undefined {
    const standaloneCode: typeof standaloneCodeType = ownRequire(
      'ajv/dist/standalone/index.js',
    ).default
    const refs: Record<string, string> = {}
    for (const [routeKey, { validate }] of entries) {
      const name = `${REF_PREFIX}${routeKey}`
      if (register(set.ajv, name, validate)) refs[routeKey] = name
    }
    const custom = customFormats(set.ajv)
    try {
      const text = standaloneCode(set.ajv, refs)
      if (usedFormat(text, custom) === undefined) return { text, keys: Object.keys(refs) }
    } catch {
      // Some part cannot be written standalone (a format or keyword from a plugin that gives
      // Ajv no code for it): write the others, each in a scope of its own.
    }
    let text = ''
    const keys: string[] = []
    for (const [routeKey, { where }] of entries) {
      try {
        const code = standaloneCode(set.ajv, { [routeKey]: refs[routeKey] ?? routeKey })
        const format = usedFormat(code, custom)
        if (format !== undefined) {
          throw new Error(
            `it uses the format '${format}', which a plugin added as a function: standalone code cannot carry it`,
          )
        }
        text += `Object.assign(exports, (function () {\nconst exports = {};\n${code}\nreturn exports;\n})());\n`
        keys.push(routeKey)
      } catch (error) {
        this.skipped.push(`${where}: ${(error as Error).message}`)
      }
    }
    return keys.length === 0 ? undefined : { text, keys }
  }
}

/** Route parts per chunk of standalone code: small scripts to parse, few repeated shared schemas. */
const CHUNK_SIZE = 32

/**
 * The formats of `ajv` that are not ajv-formats' own. Standalone code loads formats from
 * ajv-formats by name (`code.formats`), so a part that uses one of these would get `undefined`.
 */
function customFormats(ajv: Ajv): string[] {
  const { fullFormats } = ownRequire('ajv-formats/dist/formats') as {
    fullFormats: Record<string, unknown>
  }
  return Object.keys(ajv.formats).filter((name) => ajv.formats[name] !== fullFormats[name])
}

/** The first of `names` that standalone `code` loads from ajv-formats, if any. */
function usedFormat(code: string, names: readonly string[]): string | undefined {
  return names.find((name) => {
    const property = /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`
    return code.includes(`fullFormats${property}`)
  })
}

/** Makes a compiled function reachable by `ajv.getSchema(name)`, which standalone code uses. */
function register(ajv: Ajv, name: string, validate: ValidateFunction): boolean {
  const env = (validate as unknown as { schemaEnv?: unknown }).schemaEnv
  if (env === undefined) return false
  ;(ajv.refs as Record<string, unknown>)[name] = env
  return true
}
