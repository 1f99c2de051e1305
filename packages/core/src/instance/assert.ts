import { createError } from '@framework/error-formatter'
import type { ContextState } from '../context/index.js'
import { describe, isAsyncFunction } from '../util/index.js'

/**
 * Refuses additions once the instance is ready.
 *
 * @throws FRM_ERR_INSTANCE_ALREADY_LISTENING naming the call
 */
export function assertNotStarted(state: ContextState, call: string): void {
  if (state.core.started) throw createError('FRM_ERR_INSTANCE_ALREADY_LISTENING', call)
}

/**
 * As `assertNotStarted`, but also allowed while the onReady hooks run (Fastify lets them decorate
 * the instance and add onReady or onListen hooks).
 *
 * @throws FRM_ERR_INSTANCE_ALREADY_LISTENING naming the call
 */
export function assertNotStartedOrOnReady(state: ContextState, call: string): void {
  if (state.core.started && !state.core.inOnReady)
    throw createError('FRM_ERR_INSTANCE_ALREADY_LISTENING', call)
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

/** Why a schema error formatter is refused, or null when it is a synchronous function. */
export function formatterProblem(value: unknown): string | null {
  if (typeof value !== 'function') return `expected a function, received ${describe(value)}`
  if (isAsyncFunction(value)) {
    return 'the formatter must be synchronous and return an Error: an async function returns a promise'
  }
  return null
}

/**
 * Refuses a schema error formatter that is not a synchronous function (specification 7.4).
 *
 * @throws FRM_ERR_INVALID_OPTION naming the option
 */
export function assertFormatter(value: unknown, option: string): void {
  const problem = formatterProblem(value)
  if (problem !== null) throw createError('FRM_ERR_INVALID_OPTION', option, problem)
}
