import type {
  PrecompiledSetCode,
  PrecompiledValidators,
  RequireFunction,
} from '../precompiled-types.js'
import type { ValidateFunction } from '../validator-compiler-types.js'
import { precompiledRequire } from './own-require.js'

/**
 * The precompiled validators of one set of shared schemas. A chunk of code is evaluated by the
 * first lookup of one of its keys; a chunk that fails to evaluate is reported once and its parts
 * are compiled as if the module did not hold them.
 */
export class PrecompiledSet {
  private readonly code: PrecompiledSetCode
  private readonly module: PrecompiledValidators
  private readonly onError: (message: string) => void
  private readonly loaded = new Map<number, Record<string, unknown>>()
  private require: RequireFunction | undefined

  constructor(
    module: PrecompiledValidators,
    code: PrecompiledSetCode,
    onError: (message: string) => void,
  ) {
    this.module = module
    this.code = code
    this.onError = onError
  }

  /** The precompiled validator of a route key, or undefined. */
  get(routeKey: string): ValidateFunction | undefined {
    const index = this.code.index
    if (typeof index !== 'object' || index === null || !Object.hasOwn(index, routeKey)) {
      return undefined
    }
    const exports = this.chunk(index[routeKey]!)
    const validate = exports[routeKey]
    return typeof validate === 'function' ? (validate as ValidateFunction) : undefined
  }

  private chunk(position: number): Record<string, unknown> {
    let exports = this.loaded.get(position)
    if (exports !== undefined) return exports
    exports = {}
    this.loaded.set(position, exports)
    this.require ??= precompiledRequire(this.module.require)
    try {
      const code = this.code.chunks?.[position]
      if (typeof code === 'function') code(this.require, exports)
      else if (typeof code === 'string')
        new Function('require', 'exports', code)(this.require, exports)
      else throw new TypeError(`it has no chunk ${position}`)
    } catch (error) {
      exports = {}
      this.loaded.set(position, exports)
      this.onError(
        `Precompiled validators could not be loaded, so they are compiled at start: ${(error as Error).message}`,
      )
    }
    return exports
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
  const code = validators[key]
  return typeof code === 'object' && code !== null
    ? new PrecompiledSet(module, code, onError)
    : undefined
}
