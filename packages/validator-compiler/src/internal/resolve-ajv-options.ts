import type { Options } from 'ajv'
import { defaultAjvOptions } from '../default-ajv-options.js'
import type { WarningSink } from './warning-sink.js'

/** The warning `allErrors: true` triggers, once per compiler built. */
export const ALL_ERRORS_WARNING =
  'validator.customOptions.allErrors is true: Ajv will check every keyword of every request part instead of stopping at the first error, which lets a crafted request make validation slow (a denial-of-service risk). Keep allErrors false unless you need every error, for example for the errorMessage keyword of ajv-errors.'

/** What users may pass as `customOptions`: Ajv 8's options plus Ajv 6's `jsonPointers`. */
export type CustomAjvOptions = Options & { jsonPointers?: boolean }

/**
 * The options a compiler's Ajv instances are built with: the baseline, `customOptions` over it,
 * `jsonPointers` dropped (Ajv 8 always reports JSON pointers and would warn about the option), and
 * Ajv's own warnings sent to the compiler's warnings unless `customOptions.logger` says otherwise.
 *
 * Ajv's code optimization pass (`code.optimize`) is off unless `customOptions.code.optimize` turns
 * it on: it only renames and folds variables of the generated function, which validates and
 * reports errors exactly the same either way, but it made up half the time of compiling a route
 * schema (its name bookkeeping grows with the size of the generated code) and kept that code's
 * intermediate trees in memory.
 */
export function resolveAjvOptions(
  customOptions: CustomAjvOptions | undefined,
  warnings: WarningSink,
): Options {
  const { jsonPointers: _ignored, ...custom } = customOptions ?? {}
  const options: Options = { ...defaultAjvOptions, ...custom }
  options.code = { optimize: false, ...custom.code }
  if (options.logger === undefined) {
    options.logger = {
      log: (...args: unknown[]) => console.log(...args),
      warn: (...args: unknown[]) => warnings.ajvWarning(...args),
      error: (...args: unknown[]) => console.error(...args),
    }
  }
  return options
}
