import {
  type ChildLoggerFactory,
  contextChildLoggerFactory,
  contextGenReqId,
  stateOf,
} from '../context/index.js'
import type { Instance } from '../types/instance.js'
import type { Logger } from '../types/logger.js'
import { assertFunction, assertNotStarted } from './assert.js'

/** The logger of a request when no context sets a factory: `logger.child(bindings, options)`. */
function defaultChildLoggerFactory(
  logger: Logger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
): Logger {
  return logger.child(bindings, options)
}

/** Request ids and request loggers, encapsulated like a decorator (Fastify 4.20 and 4.26). */
export const loggingMethods = {
  /**
   * Makes the request ids of this context's routes and its descendants' (over the `genReqId`
   * option; a valid `requestIdHeader` value still wins).
   */
  setGenReqId(this: Instance, fn: (raw: any) => string): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setGenReqId()')
    assertFunction(fn, 'setGenReqId(fn)')
    state.genReqId = state.core.wrapGenReqId(fn)
    return this
  },

  /** Makes the request loggers of this context's routes and its descendants'. */
  setChildLoggerFactory(this: Instance, factory: ChildLoggerFactory): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setChildLoggerFactory()')
    assertFunction(factory, 'setChildLoggerFactory(factory)')
    state.childLoggerFactory = factory
    return this
  },
}

export const loggingAccessors = {
  /** The request-id generator in force here. */
  get genReqId(): (raw: any) => string {
    const state = stateOf(this as unknown as Instance)
    return contextGenReqId(state) ?? state.core.genReqId
  },

  /** The child logger factory in force here. */
  get childLoggerFactory(): ChildLoggerFactory {
    return (
      contextChildLoggerFactory(stateOf(this as unknown as Instance)) ??
      (defaultChildLoggerFactory as ChildLoggerFactory)
    )
  },
}
