import { createError } from '@framework/error-formatter'
import { kPhase, kRequestSignal, kRoute, kTimeoutTimer, Phase } from '../util/index.js'
import { clearHandlerTimeout, type TimedRequest } from './handler-timer.js'
import type { Reply } from './reply.js'

/**
 * Fastify 5's `handlerTimeout`, armed when a request of a route that has one arrives: its
 * `request.signal` is made at once, and aborts when the client goes away or when the time runs out
 * before the reply was sent; then the reply is `FRM_ERR_HANDLER_TIMEOUT` (503) through the error
 * handlers, the signal's reason that same error. Sending, or hijacking, the reply stops the timer.
 */
export function armHandlerTimeout(reply: Reply, timeout: number): void {
  const request = reply.request as unknown as TimedRequest
  const controller = new AbortController()
  request[kRequestSignal] = controller
  request[kTimeoutTimer] = setTimeout(() => {
    request[kTimeoutTimer] = null
    if (reply[kPhase] !== Phase.Open) return
    const url = reply[kRoute].info.url
    const error = createError('FRM_ERR_HANDLER_TIMEOUT', String(timeout), url)
    controller.abort(error)
    reply.send(error)
  }, timeout)
  const rc = reply[kRoute]
  rc.core.transport.onAbort?.(reply.request.raw as never, reply.raw, () => {
    if (!controller.signal.aborted) controller.abort()
    clearHandlerTimeout(reply)
  })
}
