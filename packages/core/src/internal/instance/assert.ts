import { createError } from '@framework/error-formatter'
import type { ContextState } from '../context-state.js'
import { describe } from '../describe.js'

/**
 * Refuses additions once the instance is ready.
 *
 * @throws FRM_ERR_INSTANCE_ALREADY_STARTED naming the call
 */
export function assertNotStarted(state: ContextState, call: string): void {
  if (state.core.started) throw createError('FRM_ERR_INSTANCE_ALREADY_STARTED', call)
}

/**
 * Refuses a non-function where a function is expected.
 *
 * @throws FRM_ERR_INVALID_OPTION naming the option
 */
export function assertFunction(
  value: unknown,
  option: string,
): asserts value is (...args: any[]) => unknown {
  if (typeof value !== 'function') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      option,
      `expected a function, received ${describe(value)}`,
    )
  }
}
