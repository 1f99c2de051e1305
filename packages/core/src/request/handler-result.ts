import { isThenable, kPhase, kRoute, Phase } from '../util/index.js'
import type { Reply } from './reply.js'

/** Where a thrown or rejected error goes (passed in: this module never imports the error path). */
type Fail = (reply: Reply, error: unknown) => void

/**
 * What a handler or an error handler returned, read as Fastify 4 reads it:
 * - `reply`, or `undefined` from a plain function: it has sent, or will send, itself;
 * - a value: sent;
 * - a promise: awaited; then `reply` means "I send later", a value is sent, and `undefined` with
 *   nothing sent answers an empty body with the status set so far (200 from a handler); one
 *   already fulfilled is read at once where the transport can (`settledValue`);
 * - a value that comes once the reply was already sent is ignored with `reply.send`'s warning,
 *   and silently once the reply was hijacked (Fastify 4's `wrapThenable`);
 * - a value `reply.send` refuses by throwing (an object with a non-JSON type set) goes to `fail`,
 *   as a thrown error would (Fastify answers it with the error reply too).
 */
export function settleResult(reply: Reply, result: unknown, fail: Fail): void {
  if (result === undefined || result === reply) return
  if (isThenable(result)) {
    const settledValue = reply[kRoute].core.transport.settledValue
    if (settledValue !== undefined && result instanceof Promise) {
      const value = settledValue(result)
      if (value !== result) {
        settleResolved(reply, value, fail)
        return
      }
    }
    result.then(
      (value) => settleResolved(reply, value, fail),
      (reason) => fail(reply, reason),
    )
    return
  }
  sendValue(reply, result, fail)
}

/** A promise's value, read as `settleResult` reads it (exported for the traced handler run). */
export function settleResolved(reply: Reply, value: unknown, fail: Fail): void {
  if (value === reply) return
  if (value !== undefined) sendValue(reply, value, fail)
  else if (reply[kPhase] === Phase.Open && !reply[kRoute].core.transport.isSent(reply.raw)) {
    // Nothing sent, and the raw response untouched: an empty body. A handler that wrote the head
    // through `reply.raw` itself (server-sent events) keeps its response (Fastify 5's wrapThenable).
    reply.send()
  }
}

function sendValue(reply: Reply, value: unknown, fail: Fail): void {
  if (reply[kPhase] === Phase.Hijacked) return
  try {
    reply.send(value)
  } catch (refused) {
    fail(reply, refused)
  }
}
