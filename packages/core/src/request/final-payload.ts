import { createError } from '@framework/error-formatter'
import type { WritablePayload } from '../contracts/transport.js'
import { kHeaders, kStatus } from '../util/index.js'
import {
  discardStream,
  isNodeStream,
  isWebResponse,
  isWebStream,
  type WebResponse,
} from './payload-kinds.js'
import type { Reply } from './reply.js'

/**
 * The payload after the onSend hooks, made writable as Fastify 4.29 makes it:
 * - a WHATWG `Response` gives its status and headers to the reply (over those set so far) and its
 *   body stream as the payload (FRM_ERR_REP_RESPONSE_BODY_CONSUMED if that body was read);
 * - a 1xx or 204 answer has no body: its Content-Type and Content-Length go, whatever the payload
 *   (an object an onSend hook returned included), and a stream is drained unwritten (see
 *   `discardStream`: a Node stream still ends, its errors are ignored); so is a stream answering
 *   304;
 * - a Buffer, TypedArray or DataView is sent as its bytes;
 * - a string, a Node stream or a WHATWG stream is written as it is, but for a WHATWG stream a
 *   reader holds: FRM_ERR_REP_READABLE_STREAM_LOCKED (500);
 * - anything else is refused: FRM_ERR_REP_INVALID_PAYLOAD_TYPE (500).
 *
 * Returns the payload to write, or the error to answer with. Throws what `reply.header` throws
 * for a header of the `Response` Node would refuse.
 */
export function finalPayload(reply: Reply, payload: unknown): WritablePayload | Error {
  if (isWebResponse(payload)) {
    const error = applyResponse(reply, payload)
    if (error !== undefined) return error
    payload = payload.body
  }
  if (payload === undefined || payload === null) return null
  const status = reply[kStatus]
  if (status < 200 || status === 204) {
    const headers = reply[kHeaders]
    delete headers['content-type']
    delete headers['content-length']
    if (typeof payload === 'object' && (isNodeStream(payload) || isWebStream(payload))) {
      discardStream(payload, ignoreError)
    }
    return null
  }
  if (typeof payload === 'string') return payload
  if (typeof payload !== 'object') {
    return createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', typeof payload)
  }
  if (ArrayBuffer.isView(payload)) {
    return Buffer.isBuffer(payload)
      ? payload
      : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
  }
  if (isNodeStream(payload) || isWebStream(payload)) {
    if ((payload as { locked?: unknown }).locked === true) {
      // Someone holds a reader of it: it cannot be written (Fastify 5 refuses it too).
      return createError('FRM_ERR_REP_READABLE_STREAM_LOCKED')
    }
    if (status === 304) {
      discardStream(payload, ignoreError)
      return null
    }
    return payload as WritablePayload
  }
  return createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', typeof payload)
}

/** A body nobody reads may fail: nothing is left to answer (Fastify ignores it too). */
function ignoreError(): void {}

function applyResponse(reply: Reply, response: WebResponse): Error | undefined {
  if (response.body !== null && response.bodyUsed) {
    return createError('FRM_ERR_REP_RESPONSE_BODY_CONSUMED')
  }
  if (typeof response.status === 'number') reply.code(response.status)
  response.headers.forEach((value, name) => {
    reply.header(name, value)
  })
  return undefined
}
