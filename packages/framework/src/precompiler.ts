import { createError } from '@framework/error-formatter'
import { type PrecompiledSerializers, SerializerCollector } from '@framework/serializer-compiler'
import { type PrecompiledValidators, ValidatorCollector } from '@framework/validator-compiler'

/** The format a precompiled module declares (`exports.format`). */
export const PRECOMPILED_FORMAT = 'framework-precompiled/1'

/**
 * A module written by {@link Precompiler.write}, as loaded (`require(file)`, or `await import(file)`):
 * what the factory option `precompiled` takes.
 */
export interface PrecompiledModule extends PrecompiledValidators, PrecompiledSerializers {
  readonly format: string
}

/** What a build wrote. */
export interface PrecompileSummary {
  /** The file written. */
  file: string
  /** Validators (route parts) and serializers (response schemas) in it. */
  validators: number
  serializers: number
  /** Route parts left out (compiled at start), each with the reason. */
  skipped: string[]
}

/**
 * Build mode of the factory option `precompiled`: an application created with
 * `framework({ precompiled: precompiler })` compiles as usual when it becomes ready and the
 * precompiler keeps every validator and serializer as standalone code (Ajv's `ajv/dist/standalone`,
 * fast-json-stringify's `mode: 'standalone'`). {@link write} then writes them as one CommonJS
 * module, which the same application loads at start with `framework({ precompiled: require(file) })`.
 *
 * @example
 * const precompiler = createPrecompiler()
 * const app = buildApp({ precompiled: precompiler })
 * await app.ready() // a bad schema fails here, as it would at start
 * await precompiler.write('./compiled.cjs')
 */
export class Precompiler {
  /** @internal */
  readonly validators = new ValidatorCollector()
  /** @internal */
  readonly serializers = new SerializerCollector()

  /** The module's text (CommonJS; load it with `require`, or `import` from ESM). */
  code(): string {
    return [
      '"use strict";',
      "// Written by framework's Precompiler: the validators (Ajv standalone code) and serializers",
      '// (fast-json-stringify standalone code) of one application. Rebuild it; do not edit it.',
      `exports.format = ${JSON.stringify(PRECOMPILED_FORMAT)};`,
      'exports.require = require;',
      this.validators.code(),
      this.serializers.code(),
    ].join('\n')
  }

  /**
   * Writes {@link code} to `file` (use a `.cjs` name in an ESM package).
   *
   * @example
   * const { validators, serializers, skipped } = await precompiler.write('compiled.cjs')
   */
  async write(file: string): Promise<PrecompileSummary> {
    // Loaded here, not at import: a host without a file system (a Worker) loads this file too.
    const { writeFile } = await import('node:fs/promises')
    await writeFile(file, this.code())
    return {
      file,
      validators: this.validators.size - this.validators.skipped.length,
      serializers: this.serializers.size,
      skipped: [...this.validators.skipped],
    }
  }
}

/**
 * A new {@link Precompiler}.
 *
 * @example
 * const precompiler = createPrecompiler()
 */
export function createPrecompiler(): Precompiler {
  return new Precompiler()
}

/** The factory option `precompiled`, as the compilers take it. */
export interface ResolvedPrecompiled {
  module?: PrecompiledModule
  precompiler?: Precompiler
}

/**
 * Reads the factory option `precompiled`: a {@link Precompiler} (build mode), or a loaded module
 * (its ESM namespace is accepted too).
 *
 * @throws FRM_ERR_INVALID_OPTION for anything else, or a module of another format
 */
export function resolvePrecompiled(value: unknown): ResolvedPrecompiled {
  if (value === undefined) return {}
  if (value instanceof Precompiler) return { precompiler: value }
  if (typeof value === 'object' && value !== null) {
    const module =
      (value as { format?: unknown }).format === undefined
        ? (value as { default?: unknown }).default
        : value
    const format = (module as { format?: unknown } | undefined)?.format
    if (format === PRECOMPILED_FORMAT) return { module: module as PrecompiledModule }
    if (format !== undefined) {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        'precompiled',
        `the module is of format ${JSON.stringify(format)}, this framework reads ${JSON.stringify(PRECOMPILED_FORMAT)}: build it again`,
      )
    }
  }
  throw createError(
    'FRM_ERR_INVALID_OPTION',
    'precompiled',
    'expected a module written by a Precompiler (require(file)) or a Precompiler (createPrecompiler())',
  )
}
