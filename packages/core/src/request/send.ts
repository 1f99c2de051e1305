import { createError } from '@framework/error-formatter'
import type { WritablePayload } from '../contracts/transport.js'
import {
  kEndTime,
  kErrorIndex,
  kHeaders,
  kPhase,
  kRoute,
  kSerializer,
  kStatus,
  Phase,
} from '../util/index.js'
import { runPayloadHooks, runRequestHooks } from './hook-runner.js'
import type { Reply } from './reply.js'

/**
 * Where sending hands an error (error-handling.ts: the error handlers, which send, so this file
 * cannot import them): `connectRequestPath` (connect.ts) passes them in.
 */
export interface SendingCallees {
  handleError(reply: Reply, error: unknown, fromOnSend?: boolean): void
  failWhileSending(reply: Reply, error: unknown, fromOnSend?: boolean): void
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
 * hooks): by `reply.serializer(fn)`, else the route's response schema for the status, else JSON.
 */
export function send(reply: Reply, payload: unknown): void {
  if (reply[kPhase] !== Phase.Open) {
    const rc = reply[kRoute]
    reply.request.log.warn(
      { err: createError('FRM_ERR_REP_ALREADY_SENT', reply.request.method, rc.url) },
      'Reply already sent',
    )
    return
  }
  if (payload instanceof Error) {
    errors.handleError(reply, payload)
    return
  }
  sendPayload(reply, payload)
}

/** `send` past the Error check: the default error handler sends an Error's view through here. */
export function sendPayload(reply: Reply, payload: unknown): void {
  reply[kPhase] = Phase.Sending
  if (payload === undefined) {
    onSendStep(reply, undefined)
    return
  }
  if (typeof payload === 'string') {
    const headers = reply[kHeaders]
    if (headers['content-type'] === undefined) headers['content-type'] = TEXT_TYPE
    onSendStep(reply, payload)
    return
  }
  if (typeof payload === 'object' && payload !== null) {
    if (payload instanceof Uint8Array) {
      const headers = reply[kHeaders]
      if (headers['content-type'] === undefined) headers['content-type'] = BINARY_TYPE
      onSendStep(reply, payload)
      return
    }
    if (typeof (payload as { pipe?: unknown }).pipe === 'function') {
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

function afterPreSerialization(reply: Reply, error: unknown, payload: unknown): void {
  if (error !== null) errors.failWhileSending(reply, error)
  else serialize(reply, payload)
}

/**
 * The text of a payload: `reply.serializer(fn)`, else the route's response schema for the status,
 * else the reply serializer or JSON. Throws what the serializer throws.
 */
export function serializePayload(reply: Reply, payload: unknown): string {
  const custom = reply[kSerializer]
  if (custom !== null) return custom(payload)
  const rc = reply[kRoute]
  if (rc.selectResponse !== null) {
    const key = rc.selectResponse(reply[kStatus])
    const fn = key === undefined ? undefined : rc.serializers![key]
    if (fn !== undefined) return fn(payload)
  }
  return serializeWithoutSchema(reply, payload)
}

function serialize(reply: Reply, payload: unknown): void {
  let text: string | undefined
  try {
    text = serializePayload(reply, payload)
  } catch (error) {
    errors.failWhileSending(reply, error)
    return
  }
  if (typeof text !== 'string') {
    errors.failWhileSending(reply, createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', typeof payload))
    return
  }
  const headers = reply[kHeaders]
  if (headers['content-type'] === undefined) headers['content-type'] = JSON_TYPE
  onSendStep(reply, text)
}

/**
 * A payload without a response schema: the context's `setReplySerializer` function, else
 * `JSON.stringify`. The default error handler's bodies always use `JSON.stringify` (as in Fastify).
 */
function serializeWithoutSchema(reply: Reply, payload: unknown): string {
  const replySerializer = reply[kRoute].replySerializer
  if (replySerializer === null || sendsDefaultErrorBody(reply)) return JSON.stringify(payload)
  return replySerializer(payload, reply[kStatus])
}

function sendsDefaultErrorBody(reply: Reply): boolean {
  const index = reply[kErrorIndex]
  return index !== -1 && reply[kRoute].errorHandlers[index]?.fn === null
}

function onSendStep(reply: Reply, payload: unknown): void {
  const hooks = reply[kRoute].onSend
  if (hooks !== null) runPayloadHooks(hooks, reply, payload, afterOnSend, false)
  else write(reply, payload as WritablePayload | undefined)
}

function afterOnSend(reply: Reply, error: unknown, payload: unknown): void {
  if (error !== null) {
    errors.failWhileSending(reply, error, true)
    return
  }
  if (!isWritable(payload)) {
    errors.failWhileSending(reply, createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', typeof payload))
    return
  }
  write(reply, payload)
}

function isWritable(payload: unknown): payload is WritablePayload | undefined {
  return (
    payload === undefined ||
    payload === null ||
    typeof payload === 'string' ||
    payload instanceof Uint8Array ||
    (typeof payload === 'object' && typeof (payload as { pipe?: unknown }).pipe === 'function')
  )
}

/**
 * Hands the reply to the transport. A HEAD request gets the headers (Content-Length included)
 * and no body. The onResponse hooks run once the transport is done.
 */
export function write(reply: Reply, payload: WritablePayload | undefined): void {
  const rc = reply[kRoute]
  reply[kPhase] = Phase.Written
  reply[kEndTime] = performance.now()
  const headers = reply[kHeaders]
  let body: WritablePayload = payload ?? null
  if (body instanceof Uint8Array && !Buffer.isBuffer(body)) {
    const bytes = body as Uint8Array
    body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }
  if (reply.request.raw.method === 'HEAD') {
    // The headers a GET would have had, Content-Length included (0 for an empty body), no body.
    if (headers['content-length'] === undefined) {
      if (body === null) headers['content-length'] = '0'
      else if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body))
      else if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length)
    }
    if (typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
      ;(body as { destroy?: () => void }).destroy?.()
    }
    body = null
  }
  // A closure per reply only where it is needed: onResponse hooks, or a stream (which may fail
  // before its first chunk, while an error reply can still be sent). Otherwise no `done` at all:
  // a string or Buffer write reports no error, and the transport then adds no listeners.
  const simple =
    rc.onResponse === null && (body === null || typeof body === 'string' || Buffer.isBuffer(body))
  rc.core.transport.send(
    reply.raw,
    reply[kStatus],
    headers,
    body,
    simple ? undefined : (error) => responded(reply, error),
  )
}

function responded(reply: Reply, error: Error | undefined): void {
  const rc = reply[kRoute]
  if (error !== undefined && error !== null) {
    if (!rc.core.transport.isSent(reply.raw)) {
      // Nothing reached the client (a stream failed before its first chunk): answer the error.
      errors.failWhileSending(reply, error)
      return
    }
    rc.written(error)
  }
  if (rc.onResponse !== null) runRequestHooks(rc.onResponse, reply, afterOnResponse, false)
}

function afterOnResponse(reply: Reply, error: unknown): void {
  if (error !== null) {
    reply.request.log.error({ err: error }, 'An onResponse hook failed')
  }
}
