import { createError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import type { SerializeFunction } from '../contracts/compilers.js'
import type { OutgoingHeaders, RawRequest, WritablePayload } from '../contracts/transport.js'
import {
  kEndTime,
  kErrorIndex,
  kHeaders,
  kInSend,
  kPhase,
  kRoute,
  kSerializer,
  kStatus,
  kTrailers,
  mediaTypeEssence,
  now,
  Phase,
} from '../util/index.js'
import { finalPayload } from './final-payload.js'
import { clearHandlerTimeout } from './handler-timer.js'
import { runPayloadHooks, runRequestHooks } from './hook-runner.js'
import { discardStream, isStreamLike, withJsonCharset } from './payload-kinds.js'
import type { Reply } from './reply.js'
import { hasTrailers, trailerSource } from './trailers.js'

/**
 * The step of sending that failed, where it matters to the error reply:
 * - `'onSend'`: an onSend hook. Should the default error reply fail the same way, the onError hooks
 *   see that failure too and the fallback keeps the status (Fastify's: `reply.code(406)` then a
 *   throwing onSend answers 406);
 * - `'stream'`: a payload stream, before its first chunk. A custom error handler still sees the
 *   Content-Type the stream was sent with, as it stays on Fastify's raw response (an object it
 *   sends under a non-JSON type is refused).
 */
export type FailedStep = 'onSend' | 'stream'

/**
 * Where sending hands an error (error-handling.ts: the error handlers, which send, so this file
 * cannot import them): `connectRequestPath` (connect.ts) passes them in.
 */
export interface SendingCallees {
  handleError(reply: Reply, error: unknown): void
  failWhileSending(reply: Reply, error: unknown, step?: FailedStep): void
}

let errors: SendingCallees

/** Passes in the error path sending calls (see `SendingCallees`). */
export function connectSending(functions: SendingCallees): void {
  errors = functions
}

const JSON_TYPE = 'application/json; charset=utf-8'
const TEXT_TYPE = 'text/plain; charset=utf-8'
const BINARY_TYPE = 'application/octet-stream'

/**
 * `reply.send(payload)`: strings, Buffers, streams and `undefined` go to the onSend hooks as they
 * are; an Error goes to the error handler; anything else is serialized (after the preSerialization
 * hooks): by `reply.serializer(fn)`, else the context's reply serializer, else the route's response
 * schema for the status, else JSON.
 */
export function send(reply: Reply, payload: unknown): void {
  if (reply[kPhase] !== Phase.Open) {
    warnAlreadySent(reply)
    return
  }
  if (payload instanceof Error) {
    errors.handleError(reply, payload)
    return
  }
  // Marked on the reply (a boolean, not a module variable holding the reply: storing a new
  // object in the module's scope costs a write barrier on every send).
  reply[kInSend] = true
  try {
    sendPayload(reply, payload)
  } finally {
    reply[kInSend] = false
  }
}

/**
 * The refusals that throw out of a synchronous `reply.send` (Fastify 5 throws them there): a
 * payload refused as `FRM_ERR_REP_INVALID_PAYLOAD_TYPE` (or a locked ReadableStream) while that
 * call still runs (`kInSend`), as Fastify 5's `reply.send({})` with a `text/html` type throws,
 * the reply left unsent (a handler that does not catch it throws it, and gets the error reply).
 */
const throwsOutOfSend: ReadonlySet<unknown> = new Set([
  'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
  'FRM_ERR_REP_READABLE_STREAM_LOCKED',
])

/**
 * A second `reply.send` (or a value returned once the reply was sent) is ignored with a warning
 * whose `err` names the request, as Fastify 4 logs it (the message is the error's). `cause`: the
 * error a handler threw after sending, kept on the warning's error.
 */
export function warnAlreadySent(reply: Reply, cause?: unknown): void {
  const { url, method } = reply.request
  const error =
    cause === undefined
      ? createError('FRM_ERR_REP_ALREADY_SENT', url, method)
      : createError('FRM_ERR_REP_ALREADY_SENT', url, method, { cause })
  reply.request.log.warn({ err: error }, error.message)
}

/**
 * `send` past the Error check (the default error handler sends an Error's view through here), as
 * Fastify 4.29 sorts payloads:
 * - a Node stream, a WHATWG `ReadableStream` or `Response`: to the onSend hooks as it is;
 * - a Buffer or any TypedArray/DataView: its bytes, `application/octet-stream` unless typed;
 * - a string: `text/plain` unless typed; with `reply.serializer(fn)` and a type, serialized by it;
 * - anything else without a type, or with a type naming `json` (charset added where missing):
 *   serialized (after the preSerialization hooks);
 * - anything else with another type: to the onSend hooks as it is (where an object fails).
 */
export function sendPayload(reply: Reply, payload: unknown): void {
  reply[kPhase] = Phase.Sending
  if (payload === undefined) {
    onSendStep(reply, undefined)
    return
  }
  const headers = reply[kHeaders]
  const contentType = headers['content-type'] as string | undefined
  if (typeof payload === 'object' && payload !== null) {
    if (isStreamLike(payload)) {
      onSendStep(reply, payload)
      return
    }
    if (ArrayBuffer.isView(payload)) {
      if (contentType === undefined) headers['content-type'] = BINARY_TYPE
      onSendStep(reply, toBuffer(payload))
      return
    }
  }
  if (typeof payload === 'string') {
    if (contentType === undefined) {
      headers['content-type'] = TEXT_TYPE
      onSendStep(reply, payload)
      return
    }
    const custom = reply[kSerializer]
    if (custom !== null) {
      let text: unknown
      try {
        text = custom(payload)
      } catch (error) {
        errors.failWhileSending(reply, error)
        return
      }
      onSendStep(reply, text)
      return
    }
  }
  if (reply[kSerializer] === null) {
    if (contentType === undefined) headers['content-type'] = JSON_TYPE
    else if (contentType.toLowerCase().includes('json')) {
      // Any case (`ApPlIcAtIoN/JsOn`), as Fastify reads the media type.
      headers['content-type'] = withJsonCharset(contentType)
    } else {
      onSendStep(reply, payload)
      return
    }
    if (typeof payload === 'string') {
      onSendStep(reply, payload)
      return
    }
  }
  const rc = reply[kRoute]
  if (rc.preSerialization !== null && reply[kErrorIndex] === -1) {
    runPayloadHooks(rc.preSerialization, reply, payload, afterPreSerialization, false)
  } else {
    serialize(reply, payload)
  }
}

function toBuffer(view: ArrayBufferView): Buffer {
  return Buffer.isBuffer(view) ? view : Buffer.from(view.buffer, view.byteOffset, view.byteLength)
}

function afterPreSerialization(reply: Reply, error: unknown, payload: unknown): void {
  if (error !== null) errors.failWhileSending(reply, error)
  else serialize(reply, payload)
}

/**
 * The text of a payload: `reply.serializer(fn)`, else the context's reply serializer (not for the
 * default error handler's bodies), else the route's response schema for the status (and the
 * reply's media type, for a schema declared by content type), else JSON. Throws what the
 * serializer throws.
 */
export function serializePayload(reply: Reply, payload: unknown): string {
  const custom = reply[kSerializer]
  if (custom !== null) return custom(payload)
  const rc = reply[kRoute]
  const replySerializer = rc.replySerializer
  if (replySerializer !== null && !sendsDefaultErrorBody(reply)) {
    return replySerializer(payload, reply[kStatus])
  }
  if (rc.selectResponse !== null) {
    const key = rc.selectResponse(reply[kStatus])
    const entry = key === undefined ? undefined : rc.serializers![key]
    const fn = typeof entry === 'object' ? byMediaType(reply, entry) : entry
    if (fn !== undefined) return fn(payload)
  }
  return JSON.stringify(payload)
}

/**
 * A response schema declared by content type: the serializer of the reply's media type, else the
 * one declared for every type (`'*\/*'`), as in Fastify.
 */
function byMediaType(
  reply: Reply,
  entry: Readonly<Record<string, SerializeFunction>>,
): SerializeFunction | undefined {
  const contentType = reply[kHeaders]['content-type']
  const essence = typeof contentType === 'string' ? mediaTypeEssence(contentType) : undefined
  return entry[essence ?? 'application/json'] ?? entry['*/*']
}

function serialize(reply: Reply, payload: unknown): void {
  let text: unknown
  try {
    text = serializePayload(reply, payload)
  } catch (error) {
    errors.failWhileSending(reply, error)
    return
  }
  if (text === undefined) {
    // JSON has nothing to write for it (a function, a symbol).
    errors.failWhileSending(reply, createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', typeof payload))
    return
  }
  // Another result that is not a string goes on as it is, as in Fastify: a Buffer is written,
  // anything else is refused once the onSend hooks have run (see `end`).
  const headers = reply[kHeaders]
  if (headers['content-type'] === undefined) headers['content-type'] = JSON_TYPE
  onSendStep(reply, text)
}

function sendsDefaultErrorBody(reply: Reply): boolean {
  const index = reply[kErrorIndex]
  return index !== -1 && reply[kRoute].errorHandlers[index]?.fn === null
}

function onSendStep(reply: Reply, payload: unknown): void {
  const hooks = reply[kRoute].onSend
  if (hooks !== null) runPayloadHooks(hooks, reply, payload, afterOnSend, false)
  else end(reply, payload)
}

function afterOnSend(reply: Reply, error: unknown, payload: unknown): void {
  if (error !== null) errors.failWhileSending(reply, error, 'onSend')
  else end(reply, payload)
}

/** The payload made writable (see `finalPayload`), then written; a refused one is an error. */
function end(reply: Reply, payload: unknown): void {
  let body: WritablePayload | Error
  try {
    body = finalPayload(reply, payload)
  } catch (error) {
    body = error as Error
  }
  if (body instanceof Error) {
    if (
      reply[kInSend] &&
      reply[kErrorIndex] === -1 &&
      throwsOutOfSend.has((body as { code?: unknown }).code)
    ) {
      reply[kPhase] = Phase.Open
      throw body
    }
    errors.failWhileSending(reply, body)
  } else write(reply, body)
}

/**
 * Sends `text`, a body the core wrote as JSON itself (the 400 of a failed validation),
 * as `send` sends an object once serialized: typed `application/json`, then the onSend hooks and
 * the write. For a reply without a Content-Type or `reply.serializer`, whose body `send` would not
 * give to the preSerialization hooks or a reply serializer (none in its context, or the default
 * error handler's).
 */
export function sendJsonText(reply: Reply, text: string): void {
  reply[kPhase] = Phase.Sending
  reply[kHeaders]['content-type'] = JSON_TYPE
  onSendStep(reply, text)
}

/**
 * Writes `text`, a body the core wrote as JSON itself, for a request of a context without hooks
 * that made no request or reply object (the built-in 404's): what `sendJsonText` and `write` do
 * for such a reply, typed `application/json`, a HEAD request getting the length and no body.
 */
export function writeJsonText(
  rc: RouteContext,
  raw: RawRequest,
  res: unknown,
  status: number,
  text: string,
): void {
  const headers: OutgoingHeaders = { 'content-type': JSON_TYPE }
  if (raw.method === 'HEAD') {
    setHeadLength(headers, text)
    rc.core.transport.send(res, status, headers, null, undefined)
  } else rc.core.transport.send(res, status, headers, text, undefined)
}

/**
 * Hands the reply to the transport. A HEAD request gets the headers (Content-Length included)
 * and no body: a stream is drained or cancelled unwritten (see `discardStream`). The onResponse
 * hooks run once the transport is done.
 */
export function write(reply: Reply, payload: WritablePayload | undefined): void {
  const rc = reply[kRoute]
  reply[kPhase] = Phase.Written
  reply[kEndTime] = now()
  if (rc.info.handlerTimeout > 0) clearHandlerTimeout(reply)
  const headers = reply[kHeaders]
  let body: WritablePayload = payload ?? null
  // Every trailer removed (`reply.removeTrailer`): a response without trailers, as Fastify 5.
  if (reply[kTrailers] !== null && !hasTrailers(reply[kTrailers])) reply[kTrailers] = null
  if (reply.request.raw.method === 'HEAD') body = headOnly(reply, body)
  // A closure per reply only where it is needed: onResponse hooks, or a stream (which may fail
  // before its first chunk, while an error reply can still be sent). Otherwise no `done` at all:
  // a string or Buffer write reports no error, and the transport then adds no listeners.
  const simple =
    rc.onResponse === null && (body === null || typeof body === 'string' || Buffer.isBuffer(body))
  const done = simple ? undefined : whenResponded(reply)
  if (reply[kTrailers] === null) {
    rc.core.transport.send(reply.raw, reply[kStatus], headers, body, done)
  } else {
    const trailers = trailerSource(reply, isStream(body) ? null : body)
    rc.core.transport.send(reply.raw, reply[kStatus], headers, body, done, trailers)
  }
}

/**
 * A HEAD request's answer: the headers a GET would have had, Content-Length included (0 for an
 * empty body), and no body. Returns the body to write: none.
 */
function headOnly(reply: Reply, body: WritablePayload): null {
  if (reply[kTrailers] === null) setHeadLength(reply[kHeaders], body)
  if (typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
    discardStream(body, headStreamFailed(reply), 'Stream cancelled by HEAD route')
  }
  return null
}

/**
 * The Content-Length of a HEAD answer whose body is not written: the length a GET would have had
 * (0 for no body; a stream's is unknown), unless one was set.
 */
function setHeadLength(headers: OutgoingHeaders, body: WritablePayload): void {
  if (headers['content-length'] !== undefined) return
  if (body === null) headers['content-length'] = '0'
  else if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body))
  else if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length)
}

/**
 * Where the error of a HEAD request's unwritten stream goes (a Node stream's 'error', a WHATWG
 * stream's failing cancel): logged as Fastify logs it. Its closure is made for such requests only.
 */
function headStreamFailed(reply: Reply): (error: unknown) => void {
  return (error) => reply.request.log.error({ err: error }, 'Error on Stream found for HEAD route')
}

function isStream(body: WritablePayload): boolean {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body)
}

/** The transport's `done` of a reply (apart from `write`: its closure costs other replies nothing). */
function whenResponded(reply: Reply): (error?: Error) => void {
  return (error) => responded(reply, error)
}

function responded(reply: Reply, error: Error | undefined): void {
  const rc = reply[kRoute]
  if (error !== undefined && error !== null) {
    if (!rc.core.transport.isSent(reply.raw)) {
      // Nothing reached the client (a stream failed before its first chunk): answer the error.
      errors.failWhileSending(reply, error, 'stream')
      return
    }
    // As Fastify 4: a response cut short (the client went away mid-stream, or the stream failed
    // after the headers) is logged, and the onResponse hooks do not run: it was never completed.
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.request.log.info({ res: { statusCode: reply.statusCode } }, 'stream closed prematurely')
    } else rc.written(error)
    return
  }
  if (rc.onResponse !== null) runRequestHooks(rc.onResponse, reply, afterOnResponse, false)
}

/**
 * The raw response of a route with onResponse hooks finished: when it was ended directly (a
 * Connect middleware's `res.end()`, `reply.raw.end()` in a hook, a hijacked reply written by
 * hand) rather than by the framework's write, the onResponse hooks run now, as Fastify runs them
 * from the raw response's 'finish'.
 */
export function rawFinished(reply: Reply): void {
  const phase = reply[kPhase]
  if ((phase === Phase.Open || phase === Phase.Hijacked) && rawEnded(reply.raw)) {
    reply[kEndTime] = now()
    runRequestHooks(reply[kRoute].onResponse!, reply, afterOnResponse, false)
  }
}

/** Whether a raw response was ended (`end()` called on it), whoever ended it. */
export function rawEnded(raw: unknown): boolean {
  return (raw as { writableEnded?: unknown } | null)?.writableEnded === true
}

/** An onResponse hook's error is logged as Fastify logs it: `request errored`. */
function afterOnResponse(reply: Reply, error: unknown): void {
  if (error !== null) {
    reply.request.log.error(
      { res: { statusCode: reply.statusCode }, err: error, responseTime: reply.elapsedTime },
      'request errored',
    )
  }
}
