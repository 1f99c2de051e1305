import type { RouteContext } from '../context/index.js'
import type { QueryObject, RawRequest, RouteParams } from '../contracts/transport.js'
import { kRoute } from '../util/index.js'
import { runAbortHooks } from './abort-hooks.js'
import { parseBody } from './body.js'
import { lifecycleError } from './error-handling.js'
import { handlerRejected, handlerThrew } from './handler-errors.js'
import { settleResult } from './handler-result.js'
import { armHandlerTimeout } from './handler-timeout.js'
import { isTraced, runTracedHandler } from './handler-tracing.js'
import { runPayloadHooks, runRequestHooks } from './hook-runner.js'
import type { Reply } from './reply.js'
import { rawFinished } from './send.js'
import { validateRequest } from './validation.js'

/*
 * The request lifecycle, transport-free:
 * onRequest → preParsing → body parsing → preValidation → validation → preHandler → handler →
 * (reply.send) preSerialization → serialization → onSend → transport.send → onResponse.
 * Each step is a module-level function of the reply; a step whose hook list is null is skipped
 * without touching an array; closures are only made where a hook or handler is asynchronous.
 */

/** Runs one request through one route. The transport calls this (through the route's handle). */
export function runRoute(
  rc: RouteContext,
  raw: RawRequest,
  res: unknown,
  params: RouteParams,
  query: QueryObject,
): void {
  const reply = openReply(rc, raw, res, params, query)
  if (rc.onTimeout !== null) {
    const hooks = rc.onTimeout
    rc.core.transport.onTimeout(res, () =>
      runRequestHooks(hooks, reply, ignoreTimeoutResult, false),
    )
  }
  if (rc.onRequestAbort !== null) {
    const hooks = rc.onRequestAbort
    rc.core.transport.onAbort?.(raw, res, () => runAbortHooks(hooks, reply.request, rc.instance))
  }
  if (rc.onResponse !== null) {
    // The onResponse hooks of a response ended directly on `res` (see `rawFinished`).
    rc.core.transport.whenFinished?.(res, () => rawFinished(reply))
  }
  if (rc.onRequest !== null) runRequestHooks(rc.onRequest, reply, afterOnRequest, true)
  else afterOnRequest(reply, null)
}

/**
 * `runRoute` for a route without any hook (the route table picks it at ready): no listener to add
 * and no hook list to look at, so body parsing, validation and the handler follow each other
 * directly. What the request does is the same as through `runRoute`.
 */
export function runHooklessRoute(
  rc: RouteContext,
  raw: RawRequest,
  res: unknown,
  params: RouteParams,
  query: QueryObject,
): void {
  const reply = openReply(rc, raw, res, params, query)
  if (rc.parsesBody) parseBody(reply, undefined, validateThenHandle)
  else validateThenHandle(reply)
}

/** The request and reply of one request through `rc`, its handler timeout armed. */
function openReply(
  rc: RouteContext,
  raw: RawRequest,
  res: unknown,
  params: RouteParams,
  query: QueryObject,
): Reply {
  const reply = new rc.Reply(rc, res, new rc.Request(rc, raw, params, query))
  const timeout = rc.info.handlerTimeout
  if (timeout > 0) armHandlerTimeout(reply, timeout)
  return reply
}

/** The rest of a route without hooks once its body is parsed: validation, then the handler. */
function validateThenHandle(reply: Reply): void {
  if (reply[kRoute].validators !== null) validateRequest(reply, runHandler)
  else runHandler(reply)
}

function ignoreTimeoutResult(reply: Reply, error: unknown): void {
  if (error !== null) reply.request.log.error({ err: error }, 'An onTimeout hook failed')
}

function afterOnRequest(reply: Reply, error: unknown): void {
  if (error !== null) {
    lifecycleError(reply, error)
    return
  }
  const rc = reply[kRoute]
  if (rc.preParsing !== null) {
    runPayloadHooks(rc.preParsing, reply, reply.request.raw, afterPreParsing, true)
  } else {
    parseBody(reply, undefined, afterBody)
  }
}

function afterPreParsing(reply: Reply, error: unknown, payload: unknown): void {
  if (error !== null) {
    lifecycleError(reply, error)
    return
  }
  parseBody(reply, payload === reply.request.raw ? undefined : (payload as never), afterBody)
}

/** Body parsed (or none): preValidation hooks, then validation. */
function afterBody(reply: Reply): void {
  const rc = reply[kRoute]
  if (rc.preValidation !== null) runRequestHooks(rc.preValidation, reply, afterPreValidation, true)
  else afterPreValidation(reply, null)
}

function afterPreValidation(reply: Reply, error: unknown): void {
  if (error !== null) {
    lifecycleError(reply, error)
    return
  }
  if (reply[kRoute].validators !== null) validateRequest(reply, afterValidation)
  else afterValidation(reply)
}

/**
 * `reply.callNotFound()`: the request, body already parsed, goes on in the not-found route
 * context `nf`: its preHandler hooks, then its handler, with the same request and reply (its id,
 * logger and body), and its error handlers from then on, as Fastify switches the reply's context.
 */
export function continueInNotFound(reply: Reply, nf: RouteContext): void {
  reply[kRoute] = nf
  reply.request[kRoute] = nf
  afterValidation(reply)
}

/** Validation passed (or failed with attachValidation): preHandler hooks, then the handler. */
function afterValidation(reply: Reply): void {
  const rc = reply[kRoute]
  if (rc.preHandler !== null) runRequestHooks(rc.preHandler, reply, afterPreHandler, true)
  else runHandler(reply)
}

function afterPreHandler(reply: Reply, error: unknown): void {
  if (error === null) runHandler(reply)
  else if (isTraced(reply)) runTracedHandler(reply, true, error)
  else lifecycleError(reply, error)
}

function runHandler(reply: Reply): void {
  if (isTraced(reply)) {
    runTracedHandler(reply)
    return
  }
  const rc = reply[kRoute]
  let result: unknown
  try {
    result = rc.handler.call(rc.instance, reply.request as never, reply as never)
  } catch (thrown) {
    handlerThrew(reply, thrown)
    return
  }
  settleResult(reply, result, handlerRejected)
}
