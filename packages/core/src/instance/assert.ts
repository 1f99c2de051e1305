import { createError } from '@framework/error-formatter'
import type { ContextState } from '../context/index.js'
import { describe, isAsyncFunction } from '../util/index.js'

/**
 * Refuses additions once the instance is ready.
 *
 * @throws FRM_ERR_INSTANCE_ALREADY_LISTENING naming the call
 */
export function assertNotStarted(state: ContextState, call: string): void {
  if (state.core.started) throw alreadyListening(call)
}

/** Fastify's words for the refused call: `Cannot add route!`, `Cannot call "addSchema"!`. */
function alreadyListening(call: string): Error {
  const name = /^[\w.]+/.exec(call)?.[0] ?? call
  const what = name === 'route' ? 'Cannot add route!' : `Cannot call "${name}"!`
  return createError('FRM_ERR_INSTANCE_ALREADY_LISTENING', what)
}

/**
 * As `assertNotStarted`, but also allowed while the onReady hooks run (Fastify lets them decorate
 * the instance and add onReady or onListen hooks).
 *
 * @throws FRM_ERR_INSTANCE_ALREADY_LISTENING naming the call
 */
export function assertNotStartedOrOnReady(state: ContextState, call: string): void {
  if (state.core.started && !state.core.inOnReady) throw alreadyListening(call)
}

/**
 * Refuses a decorator once the instance is ready, with Fastify's error naming it (an instance
 * decorator is still taken while the onReady hooks run, when `duringOnReady` says so).
 *
 * @throws FRM_ERR_DEC_AFTER_START naming the decorator
 */
export function assertDecoratorNotStarted(
  state: ContextState,
  name: string | symbol,
  duringOnReady: boolean,
): void {
  if (state.core.started && !(duringOnReady && state.core.inOnReady)) {
    throw createError('FRM_ERR_DEC_AFTER_START', String(name))
  }
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
 * Refuses a schema error formatter that is not a synchronous function (specification 7.4), with
 * Fastify's error (the factory option and `setSchemaErrorFormatter` alike).
 *
 * @throws FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN naming what was received
 */
export function assertFormatter(value: unknown): void {
  if (formatterProblem(value) !== null)
    throw createError('FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', typeof value)
}
