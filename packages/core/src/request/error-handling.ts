import { errorBody, errorBodyJson, errorStatusCode } from '@framework/error-formatter'
import {
  kErrorIndex,
  kErrorStatus,
  kHeaders,
  kInOnError,
  kPhase,
  kRequestLog,
  kRoute,
  kSerializer,
  kStatus,
  Phase,
} from '../util/index.js'
import { settleResult } from './handler-result.js'
import { runErrorHooks } from './hook-runner.js'
import type { Reply } from './reply.js'
import { type FailedStep, sendJsonText, sendPayload, write } from './send.js'

/**
 * An error raised by a step of the lifecycle (a hook, the body parser, validation, the handler,
 * an error handler). Once the reply is on its way it can only be logged; once it was hijacked
 * it is the caller's, so nothing is said (Fastify 4's hook runner stops there too).
 */
export function lifecycleError(reply: Reply, error: unknown): void {
  if (reply[kPhase] === Phase.Hijacked) return
  if (reply[kPhase] !== Phase.Open) {
    reply.request.log.error({ err: error }, 'Error raised after the reply was sent')
    return
  }
  handleError(reply, error)
}

/**
 * An error raised while sending (serialization, preSerialization or onSend hooks, a payload stream
 * before its first chunk); `step` says which of those matters to the error reply (see `FailedStep`).
 */
export function failWhileSending(reply: Reply, error: unknown, step?: FailedStep): void {
  reply[kPhase] = Phase.Open
  handleError(reply, error, step)
}

/**
 * Sends `error` through the route's error handlers: the first error runs the onError hooks, then
 * the nearest handler; an error raised by a handler goes to the next one (the parent context's),
 * ending with the default handler; if even that one fails, a plain 500 is written (after the
 * onError hooks once more when an onSend hook failed it).
 */
export function handleError(reply: Reply, error: unknown, step?: FailedStep): void {
  const rc = reply[kRoute]
  const phase = reply[kPhase]
  if (phase === Phase.Written || phase === Phase.Handed || phase === Phase.Hijacked) {
    reply.request.log.error({ err: error }, 'Error raised after the reply was sent')
    return
  }
  const index = ++reply[kErrorIndex]
  if (index >= rc.errorHandlers.length) {
    if (step === 'onSend' && rc.onError !== null) {
      // The default handler's reply failed in an onSend hook: the onError hooks see that error
      // too before the fallback answers it, as in Fastify.
      reply[kInOnError] = true
      runErrorHooks(rc.onError, reply, error, afterFallbackErrorHooks)
    } else writeFallback(reply, error, step === 'onSend')
    return
  }
  const headers = reply[kHeaders]
  // The error reply's type comes from what it sends; but as on Fastify's raw response, the type a
  // stream that failed before its first chunk was sent with stays for a custom handler.
  // (`delete` only what is there: deleting an absent key still costs a runtime call.)
  if (step !== 'stream' && 'content-type' in headers) delete headers['content-type']
  if ('content-length' in headers) delete headers['content-length']
  reply[kSerializer] = null
  if (index === 0 && rc.onError !== null) {
    reply[kInOnError] = true
    runErrorHooks(rc.onError, reply, error, afterErrorHooks)
  } else invokeErrorHandler(reply, error)
}

function afterErrorHooks(reply: Reply, error: unknown): void {
  reply[kInOnError] = false
  invokeErrorHandler(reply, error)
}

function afterFallbackErrorHooks(reply: Reply, error: unknown): void {
  reply[kInOnError] = false
  writeFallback(reply, error, true)
}

/**
 * The status of an error reply: the error's own `statusCode`/`status` when it has one (used only
 * if it is an integer 400-599, else 500); otherwise the status already set on the reply when it is
 * 400-599; otherwise 500.
 */
export function statusFor(error: unknown, current: number): number {
  if (typeof error === 'object' && error !== null) {
    const own =
      (error as { statusCode?: unknown }).statusCode ?? (error as { status?: unknown }).status
    if (own !== undefined) return errorStatusCode(error)
  }
  return current >= 400 && current <= 599 ? current : 500
}

/**
 * Calls the error handler in turn. A custom one sees the reply as it is (Fastify: its
 * `reply.statusCode` is the status set so far, 200 or the 429 a plugin set before the error, not
 * the error's); the default one first sets the error's status.
 */
function invokeErrorHandler(reply: Reply, error: unknown): void {
  const rc = reply[kRoute]
  const entry = rc.errorHandlers[reply[kErrorIndex]]!
  if (entry.fn === null) {
    const headers = reply[kHeaders]
    if ('content-type' in headers) delete headers['content-type']
    // A status an error handler chose with reply.code() before sending an Error is kept (API.md:
    // `reply.code(422).send(new Error('x'))` answers 422); one the default handler set before is not.
    const current = reply[kStatus]
    const chosen = current !== reply[kErrorStatus] ? current : 500
    const status = statusFor(error, chosen)
    reply.code(status)
    reply[kErrorStatus] = status
    defaultErrorHandler(reply, error)
    return
  }
  let result: unknown
  try {
    result = entry.fn.call(entry.ctx, error, reply.request, reply)
  } catch (thrown) {
    lifecycleError(reply, thrown)
    return
  }
  settleResult(reply, result, lifecycleError)
}

/**
 * The default handler: applies the error's `headers`, logs (5xx as error, 4xx as info) and sends
 * the error body. Through a response schema for the status, the Error object itself is serialized
 * (its own properties, `customId`..., reach the schema) with the body's fields over it; otherwise
 * `errorBody`.
 */
function defaultErrorHandler(reply: Reply, error: unknown): void {
  const status = reply[kStatus]
  const message = messageOf(error)
  applyErrorHeaders(reply, error)
  const logged = reply[kRoute].core.logRequestErrors
  if (
    (logged === true || (logged !== false && logged(reply.request))) &&
    !silentRequestLog(reply)
  ) {
    // Fastify 5's line: the reply under `res` (and, for a 5xx, the request under `req`) for the
    // logger's serializers to write, else the status as its reply serializer writes it.
    const request = reply.request
    if (reply[kRoute].core.logRequestObjects) {
      if (status >= 500) request.log.error({ req: request, res: reply, err: error }, message)
      else request.log.info({ res: reply, err: error }, message)
    } else {
      const res = { statusCode: status }
      if (status >= 500) request.log.error({ res, err: error }, message)
      else request.log.info({ res, err: error }, message)
    }
  }
  if (typeof error === 'string') {
    // A thrown string is the body, as Fastify sends it (`throw 'nope'` answers 500 `nope`).
    reply.send(error)
    return
  }
  if (!(error instanceof Error)) {
    sendNonError(reply, error)
    return
  }
  const body = errorBody(error, status)
  const rc = reply[kRoute]
  const throughSchema = rc.selectResponse !== null && rc.selectResponse(status) !== undefined
  // The view is an Error too (its prototype is): it must not go back to the error handling.
  if (throughSchema) sendPayload(reply, Object.create(error, ownValues(body as never)))
  else reply.send(body)
}

/**
 * Whether a failed validation of this reply would reach only the default error handler, and it
 * would neither log the error nor serialize it through a response schema: no attachValidation, no
 * onError hooks, no error handler of the user's, a silent (or switched off) error log, no 400
 * response schema. The Error would then be made only to be read back as the 400 body: see
 * {@link answerInvalid}.
 */
export function answersInvalidPlainly(reply: Reply): boolean {
  const rc = reply[kRoute]
  if (rc.attachValidation || rc.onError !== null || reply[kPhase] !== Phase.Open) return false
  if (rc.errorHandlers.length !== 1 || rc.errorHandlers[0]!.fn !== null) return false
  if (reply[kErrorIndex] !== -1) return false
  if (rc.core.logRequestErrors !== false && !silentRequestLog(reply)) return false
  return rc.selectResponse === null || rc.selectResponse(400) === undefined
}

/**
 * Answers a failed validation as the default error handler answers the validation error the
 * default schema error formatter makes (`{ statusCode: 400, error: 'Bad Request', message }`, the
 * reply in the same state), without making the Error: capturing its stack, even an empty one, was
 * the largest part of a 400. Only where {@link answersInvalidPlainly} says nothing else sees it.
 */
export function answerInvalid(reply: Reply, message: string): void {
  reply[kErrorIndex] = 0
  const headers = reply[kHeaders]
  if ('content-type' in headers) delete headers['content-type']
  if ('content-length' in headers) delete headers['content-length']
  reply[kSerializer] = null
  reply.code(400)
  reply[kErrorStatus] = 400
  // the body errorBody makes of a validation error (statusCode, error and message, no code), as text
  sendJsonText(reply, errorBodyJson(message, 400))
}

/**
 * True when the request's logger, not made yet, would be made silent: the instance's logger is at
 * `silent` (the default without `logger`), and the route neither sets its own level nor makes its
 * child loggers itself. The error's line is then left out: it would cost the child logger, the
 * request id and the line's objects on every error answered (a failed validation is the common
 * one) to log nothing. A logger the request already has (a hook may have changed its level) logs
 * as it is.
 */
function silentRequestLog(reply: Reply): boolean {
  const rc = reply[kRoute]
  return (
    reply.request[kRequestLog] === undefined &&
    rc.childLoggerFactory === null &&
    rc.logLevel === undefined &&
    rc.core.log.level === 'silent'
  )
}

/**
 * A thrown value that is not an Error is the body itself, as Fastify sends it: an object's own
 * fields (rate-limit's `errorResponseBuilder` result, `{ statusCode: 401, message, hint }` from a
 * hook, ...) less a `stack` field, since no stack trace ever reaches a client; an array, `null`, a
 * boolean or a number as JSON (`throw false` answers `false`); `undefined` an empty body; a symbol,
 * which JSON cannot write, an empty JSON-typed body.
 */
function sendNonError(reply: Reply, error: unknown): void {
  if (typeof error === 'symbol') {
    reply[kHeaders]['content-type'] = 'application/json; charset=utf-8'
    sendPayload(reply, undefined)
  } else if (typeof error === 'object' && error !== null) {
    sendPayload(reply, withoutStack(error))
  } else {
    sendPayload(reply, error)
  }
}

function withoutStack(value: object): object {
  if (!Object.hasOwn(value, 'stack')) return value
  const { stack: _stack, ...rest } = value as { stack?: unknown }
  return rest
}

function ownValues(body: Record<string, unknown>): PropertyDescriptorMap {
  const descriptors: PropertyDescriptorMap = {}
  for (const key of Object.keys(body)) {
    descriptors[key] = { value: body[key], enumerable: true }
  }
  return descriptors
}

/** An error's `headers` property goes onto its reply; a header HTTP refuses is logged and left out. */
function applyErrorHeaders(reply: Reply, error: unknown): void {
  const headers =
    typeof error === 'object' && error !== null
      ? (error as { headers?: unknown }).headers
      : undefined
  if (typeof headers !== 'object' || headers === null) return
  for (const name of Object.keys(headers)) {
    try {
      reply.header(name, (headers as Record<string, never>)[name])
    } catch (refused) {
      reply.request.log.warn({ err: refused }, `The error's header '${name}' was not sent`)
    }
  }
}

/**
 * The default handler itself failed: its body did not fit the response schema (a plain 500), or an
 * onSend hook failed again on it (the error status stays, the hooks are not run again).
 */
function writeFallback(reply: Reply, error: unknown, fromOnSend: boolean): void {
  const current = reply[kStatus]
  const status = fromOnSend && current >= 400 && current <= 599 ? current : 500
  reply.request.log.error({ err: error }, `The error reply could not be sent; answering ${status}`)
  reply.code(status)
  const headers = reply[kHeaders]
  delete headers['content-length']
  headers['content-type'] = 'application/json; charset=utf-8'
  write(reply, JSON.stringify(errorBody(error, status)))
}

/** The log message for an error: its `message`, else the value as text (never "[object Object]"). */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message === 'string') return message
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error)
    } catch {
      return 'A non-Error value was thrown'
    }
  }
  return String(error)
}
