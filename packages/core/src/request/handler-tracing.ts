import { tracingChannel } from 'node:diagnostics_channel'
import { isThenable, kRoute } from '../util/index.js'
import { lifecycleError, statusFor } from './error-handling.js'
import { handlerRejected, handlerThrew } from './handler-errors.js'
import { settleResolved, settleResult } from './handler-result.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'

/**
 * The message of Fastify 5's `tracing:fastify.request.handler:*` channels: one object per request,
 * the same for every event. `async` is true once the handler returned a promise; `error` is set
 * when it threw or rejected (or a preHandler hook failed).
 */
export interface HandlerTraceMessage {
  request: Request
  reply: Reply
  route: { url: string; method: string }
  async: boolean
  error?: unknown
}

/**
 * Fastify 5's tracing channel around route handlers (`start`, `end`, `asyncStart`, `asyncEnd`,
 * `error`). Read only where `hasSubscribers` is true, so the request path pays nothing else while
 * nobody listens.
 */
export const handlerChannels = tracingChannel<HandlerTraceMessage>('fastify.request.handler')

/** The five channels of a tracing channel, as `hasSubscribers` needs them. */
interface ChannelsOfTracing {
  hasSubscribers?: boolean
  start: { hasSubscribers: boolean }
  end: { hasSubscribers: boolean }
  asyncStart: { hasSubscribers: boolean }
  asyncEnd: { hasSubscribers: boolean }
  error: { hasSubscribers: boolean }
}

/**
 * Whether anyone listens to `channels`: the tracing channel's own `hasSubscribers` where the
 * runtime has it (Node, Deno), else any of its five channels' (Bun's TracingChannel has none).
 */
export function tracingHasSubscribers(channels: ChannelsOfTracing): boolean {
  const all = channels.hasSubscribers
  if (all !== undefined) return all
  return (
    channels.start.hasSubscribers ||
    channels.end.hasSubscribers ||
    channels.asyncStart.hasSubscribers ||
    channels.asyncEnd.hasSubscribers ||
    channels.error.hasSubscribers
  )
}

/** Whether a route handler run must be traced: someone listens, and it is a route's (not a 404's). */
export function isTraced(reply: Reply): boolean {
  return tracingHasSubscribers(handlerChannels) && !reply[kRoute].notFound
}

/**
 * Runs the handler of `reply`'s route inside the tracing channel: `start`, then the handler,
 * `end` when it returns; for a promise `asyncStart`/`asyncEnd` around sending what it resolved
 * to; `error` for a throw or a rejection. `failed`: a preHandler hook failed with `preHandlerError`, so the
 * handler does not run and the error is published and handled in its place (as Fastify 5).
 */
export function runTracedHandler(reply: Reply, failed = false, preHandlerError?: unknown): void {
  const rc = reply[kRoute]
  const message: HandlerTraceMessage = {
    request: reply.request,
    reply,
    async: false,
    route: { url: rc.url, method: rc.method },
  }
  handlerChannels.start.runStores(message, () => {
    try {
      if (failed) {
        fail(reply, message, preHandlerError)
        return
      }
      let result: unknown
      try {
        result = rc.handler.call(rc.instance, reply.request as never, reply as never)
      } catch (thrown) {
        publishError(reply, message, thrown)
        handlerThrew(reply, thrown)
        return
      }
      if (isThenable(result)) {
        message.async = true
        result.then(
          (value) => resolved(reply, message, value),
          (reason) => rejected(reply, message, reason),
        )
      } else {
        settleResult(reply, result, handlerRejected)
      }
    } finally {
      handlerChannels.end.publish(message)
    }
  })
}

function resolved(reply: Reply, message: HandlerTraceMessage, value: unknown): void {
  handlerChannels.asyncStart.publish(message)
  try {
    settleResolved(reply, value, handlerRejected)
  } finally {
    handlerChannels.asyncEnd.publish(message)
  }
}

function rejected(reply: Reply, message: HandlerTraceMessage, reason: unknown): void {
  // The reason as it is, `null` and `undefined` too (Fastify 5 hands them to the error handler).
  publishError(reply, message, reason)
  handlerChannels.asyncStart.publish(message)
  try {
    handlerRejected(reply, reason)
  } finally {
    handlerChannels.asyncEnd.publish(message)
  }
}

function fail(reply: Reply, message: HandlerTraceMessage, error: unknown): void {
  publishError(reply, message, error)
  lifecycleError(reply, error)
}

/** Publishes `error`, the reply already carrying the status the error will answer with. */
function publishError(reply: Reply, message: HandlerTraceMessage, error: unknown): void {
  message.error = error
  if (!reply.sent) reply.code(statusFor(error, reply.statusCode))
  handlerChannels.error.publish(message)
}
