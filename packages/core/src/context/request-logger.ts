import { createError } from '@framework/error-formatter'
import type { ChildLoggerFactory, Logger, LogSerializers } from '../types/logger.js'
import type { ContextState } from './context-state.js'
import type { GenReqId } from './request-id.js'

export type { ChildLoggerFactory, LogSerializers }

/** The `setGenReqId` of the nearest context that called it, or undefined. */
export function contextGenReqId(state: ContextState): GenReqId | undefined {
  for (const scope of state.chain()) if (scope.genReqId !== undefined) return scope.genReqId
  return undefined
}

/** The `setChildLoggerFactory` of the nearest context that called it, or undefined. */
export function contextChildLoggerFactory(state: ContextState): ChildLoggerFactory | undefined {
  for (const scope of state.chain()) {
    if (scope.childLoggerFactory !== undefined) return scope.childLoggerFactory
  }
  return undefined
}

/**
 * The `logSerializers` of a context (register option), over its ancestors', with a route's own
 * over them; undefined when none sets any.
 */
export function mergedLogSerializers(
  state: ContextState,
  own: LogSerializers | undefined,
): LogSerializers | undefined {
  let merged: LogSerializers | undefined
  for (const scope of [...state.chain()].reverse()) {
    if (scope.logSerializers !== undefined) merged = { ...merged, ...scope.logSerializers }
  }
  return own === undefined ? merged : { ...merged, ...own }
}

const loggerMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const

/** What a custom child logger factory returned must be a logger: else FRM_ERR_LOG_INVALID_LOGGER. */
export function assertLogger(value: unknown): Logger {
  const missing = loggerMethods.filter(
    (name) => typeof (value as Record<string, unknown> | null)?.[name] !== 'function',
  )
  if (missing.length > 0) throw createError('FRM_ERR_LOG_INVALID_LOGGER', missing.join(','))
  return value as Logger
}
