import { kPhase, Phase } from '../util/index.js'
import { handleError } from './error-handling.js'
import type { Reply } from './reply.js'
import { warnAlreadySent } from './send.js'

/**
 * A route handler threw. Before anything was sent the error is answered; after (the handler sent
 * or hijacked the reply, then threw) it is what Fastify 4 makes of `reply.send(error)` then: the
 * "already sent" warning.
 */
export function handlerThrew(reply: Reply, error: unknown): void {
  if (reply[kPhase] === Phase.Open) handleError(reply, error)
  else warnAlreadySent(reply, error)
}

/**
 * A route handler's promise rejected. Before anything was sent the error is answered; after, it
 * is logged with Fastify 4's message, the error attached.
 */
export function handlerRejected(reply: Reply, error: unknown): void {
  if (reply[kPhase] === Phase.Open) handleError(reply, error)
  else reply.request.log.error({ err: error }, 'Promise errored, but reply.sent = true was set')
}
