import type { PrecompiledValidators } from '../precompiled-types.js'
import type { ValidateFunction } from '../validator-compiler-types.js'
import { precompiledRequire } from './own-require.js'

/**
 * The precompiled validators of one set of shared schemas, evaluated on the first lookup. A
 * module whose code fails to load is reported once and then ignored: every part is compiled as
 * if there were no module.
 */
export class PrecompiledSet {
  private load: ((require: (id: string) => unknown) => Record<string, ValidateFunction>) | undefined
  private functions: Record<string, ValidateFunction> | undefined
  private readonly module: PrecompiledValidators
  private readonly onError: (message: string) => void

  constructor(
    module: PrecompiledValidators,
    load: (require: (id: string) => unknown) => Record<string, ValidateFunction>,
    onError: (message: string) => void,
  ) {
    this.module = module
    this.load = load
    this.onError = onError
  }

  /** The precompiled validator of a route key, or undefined. */
  get(routeKey: string): ValidateFunction | undefined {
    if (this.functions === undefined) {
      const load = this.load!
      this.load = undefined
      try {
        this.functions = load(precompiledRequire(this.module.require))
      } catch (error) {
        this.functions = {}
        this.onError(
          `The precompiled validators could not be loaded, so they are compiled at start: ${(error as Error).message}`,
        )
      }
    }
    const found = this.functions[routeKey]
    return typeof found === 'function' && Object.hasOwn(this.functions, routeKey)
      ? found
      : undefined
  }
}

/** The entry of a set key in a loaded module, if any. */
export function findSet(
  module: PrecompiledValidators | undefined,
  key: string | undefined,
  onError: (message: string) => void,
): PrecompiledSet | undefined {
  if (module === undefined || key === undefined) return undefined
  const validators = module.validators
  if (typeof validators !== 'object' || validators === null || !Object.hasOwn(validators, key)) {
    return undefined
  }
  const load = validators[key]
  return typeof load === 'function' ? new PrecompiledSet(module, load, onError) : undefined
}
