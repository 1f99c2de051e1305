import { createError } from '@framework/error-formatter'
import { describe } from '../util/index.js'

/** A decorator: a value, or accessors. */
export type DecoratorSpec =
  | { kind: 'value'; value: unknown }
  | { kind: 'accessor'; get: () => unknown; set: ((value: unknown) => void) | undefined }

/** Reads `value` or `{ getter, setter }`. */
export function toDecoratorSpec(name: string | symbol, value: unknown): DecoratorSpec {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getter?: unknown }).getter === 'function'
  ) {
    const { getter, setter } = value as { getter: () => unknown; setter?: unknown }
    if (setter !== undefined && typeof setter !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        `decorator ${String(name)}`,
        `setter must be a function, received ${describe(setter)}`,
      )
    }
    return { kind: 'accessor', get: getter, set: setter as ((value: unknown) => void) | undefined }
  }
  return { kind: 'value', value }
}

/** Defines a decorator on an object (an instance or a request/reply prototype). */
export function defineDecorator(target: object, name: string | symbol, spec: DecoratorSpec): void {
  if (spec.kind === 'accessor') {
    Object.defineProperty(target, name, {
      get: spec.get,
      set: spec.set,
      enumerable: false,
      configurable: true,
    })
  } else {
    Object.defineProperty(target, name, {
      value: spec.value,
      writable: true,
      enumerable: false,
      configurable: true,
    })
  }
}

/** Which decorator kind: instance, request or reply. */
export type DecoratorKind = 'instance' | 'request' | 'reply'

/**
 * Checks that every name in `dependencies` is a visible decorator of the same kind.
 *
 * @throws FRM_ERR_DEC_DEPENDENCY_INVALID_TYPE when `dependencies` is not an array,
 * FRM_ERR_DEC_MISSING_DEPENDENCY naming the first missing dependency
 */
export function assertDependencies(
  name: string | symbol,
  dependencies: unknown,
  isVisible: (dependency: string) => boolean,
): void {
  if (dependencies === undefined) return
  if (!Array.isArray(dependencies)) {
    throw createError('FRM_ERR_DEC_DEPENDENCY_INVALID_TYPE', String(name))
  }
  for (const dependency of dependencies) {
    if (!isVisible(dependency)) {
      throw createError('FRM_ERR_DEC_MISSING_DEPENDENCY', dependency)
    }
  }
}

/**
 * Refuses request/reply decorator values every request would share: objects and arrays (use a
 * getter, or set the property in an onRequest hook).
 *
 * @throws FRM_ERR_DEC_REFERENCE_TYPE
 */
export function assertNotReference(name: string | symbol, spec: DecoratorSpec): void {
  if (spec.kind === 'value' && typeof spec.value === 'object' && spec.value !== null) {
    // Named by `typeof`, as Fastify names it: an array is an 'object' too.
    throw createError('FRM_ERR_DEC_REFERENCE_TYPE', String(name), typeof spec.value)
  }
}
