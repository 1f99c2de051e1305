/** What precompiled code is given to load its dependencies with. */
export type RequireFunction = (id: string) => any

/**
 * The part of a precompiled module the validator compiler reads (the module is written by
 * {@link ValidatorCollector.code} and, in the framework, by `writePrecompiled`). Pass the loaded
 * module as it is: `buildValidatorCompiler({ precompiled: require('./compiled.cjs') })`.
 *
 * @example
 * const precompiled: PrecompiledValidators = require('./compiled.cjs')
 */
export interface PrecompiledValidators {
  /**
   * Per set of shared schemas (by key): chunks of Ajv standalone code (each assigns
   * `exports[<route key>]` for its route parts) and the chunk of each route key. A chunk is
   * evaluated when a route first asks for one of its parts.
   */
  readonly validators?: Readonly<Record<string, PrecompiledSetCode>>
  /** The module's own `require`: tried after this package's for what a plugin's code needs. */
  readonly require?: RequireFunction
}

/** The standalone code of one set of shared schemas in a precompiled module. */
export interface PrecompiledSetCode {
  /** Route key → position of its chunk in `chunks`. */
  readonly index: Readonly<Record<string, number>>
  /**
   * Each chunk: a function `(require, exports)` (what the collector writes), or the text of that
   * code (modules written before functions were; evaluated with `new Function`).
   */
  readonly chunks: readonly (string | PrecompiledChunk)[]
}

/** One chunk of precompiled validators: assigns `exports[<route key>]` for its route parts. */
export type PrecompiledChunk = (require: RequireFunction, exports: Record<string, unknown>) => void
