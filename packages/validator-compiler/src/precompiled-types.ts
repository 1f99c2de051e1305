import type { ValidateFunction } from './validator-compiler-types.js'

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
   * Per set of shared schemas (by key), a function that evaluates that set's standalone code
   * and returns its validators by route key. Called at most once, by the first lookup.
   */
  readonly validators?: Readonly<
    Record<string, (require: RequireFunction) => Record<string, ValidateFunction>>
  >
  /** The module's own `require`: tried after this package's for what a plugin's code needs. */
  readonly require?: RequireFunction
}
