import { createError } from '@framework/error-formatter'
import { isThenable, kPhase, kRoute, Phase } from '../util/index.js'
import type { Reply } from './reply.js'

/** Where a thrown or rejected error goes (passed in: this module never imports the error path). */
type Fail = (reply: Reply, error: unknown) => void

/**
 * What a handler or an error handler returned, read as Fastify 4 reads it:
 * - `reply`, or `undefined` from a plain function: it has sent, or will send, itself;
 * - a value: sent;
 * - a promise: awaited; then `reply` means "I send later", a value is sent, and `undefined` with
 *   nothing sent answers an empty body with the status set so far (200 from a handler);
 * - a value that comes once the reply was already sent is logged and ignored.
 * `what` names the function in messages (`handler`, `error handler`).
 */
export function settleResult(reply: Reply, result: unknown, fail: Fail, what: string): void {
  if (result === undefined || result === reply) return
  if (isThenable(result)) {
    result.then(
      (value) => settleResolved(reply, value, what),
      (reason) => fail(reply, reason ?? createError('FRM_ERR_SEND_UNDEFINED_ERR')),
    )
    return
  }
  sendValue(reply, result, what)
}

/** A promise's value, read as `settleResult` reads it (exported for the traced handler run). */
export function settleResolved(reply: Reply, value: unknown, what: string): void {
  if (value === reply) return
  if (value !== undefined) sendValue(reply, value, what)
  else if (reply[kPhase] === Phase.Open) reply.send()
}

function sendValue(reply: Reply, value: unknown, what: string): void {
  if (reply[kPhase] === Phase.Open) {
    reply.send(value)
    return
  }
  reply.request.log.warn(
    `The ${what} of ${reply.request.method} ${reply[kRoute].url} returned a value after the reply was sent: the value is ignored`,
  )
}
