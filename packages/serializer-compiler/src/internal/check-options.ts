import { createError } from '@framework/error-formatter'
import type { Options } from 'fast-json-stringify'
import { fjsBuild } from './own-require.js'

/** The fast-json-stringify options the serializer compiler passes through, by name. */
export const passedOptions = [
  'rounding',
  'largeArrayMechanism',
  'largeArraySize',
  'objectMechanism',
  'maxDepth',
  'compileValidators',
  'ajv',
] as const

/**
 * Checks the options of `buildSerializerCompiler` once, so a mistake fails at once and names the
 * option, instead of failing every route: an unknown name (or one the compiler owns: `schema`,
 * `mode`) is refused, and each value is tried on a one-line schema so fast-json-stringify judges it.
 * Returns the options to pass on, without the `undefined` ones.
 *
 * @example
 * checkOptions({ rounding: 'up' }) // throws FRM_ERR_INVALID_OPTION: Option 'rounding' is not valid: ...
 */
export function checkOptions(options: object): Options {
  const checked: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue
    if (!(passedOptions as readonly string[]).includes(name)) {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        name,
        `the serializer compiler passes only ${passedOptions.join(', ')} to fast-json-stringify (shared schemas come from addSchema())`,
      )
    }
    try {
      fjsBuild()({ type: 'integer' }, { [name]: value })
    } catch (error) {
      throw createError('FRM_ERR_INVALID_OPTION', name, error, { cause: error })
    }
    checked[name] = value
  }
  return checked as Options
}
