import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { OutgoingHeaders, TrailerSource, WebStream, WritablePayload } from '@framework/core'
import { createError } from '@framework/error-formatter'
import { closesConnection, mustCloseConnection } from './close-connection.js'
import { isHttp2Response } from './closing-answer.js'
import { endInChunks, HTTP2_CHUNK_BYTES } from './http2-chunks.js'
import { stopRequestAfterResponse } from './http2-early-answer.js'
import {
  failSend,
  kSendDone,
  onResponseEnd,
  type SendDone,
  type SendingResponse,
} from './send-done.js'
import { type StreamLogger, sendStream } from './send-stream.js'
import { sendWithTrailers } from './send-trailers.js'
import { sendWebStream } from './send-web-stream.js'
import { answerWriteFailure } from './write-failure.js'

/** True for the statuses whose responses never have a body (1xx, 204, 304). */
function hasNoBody(statusCode: number): boolean {
  return statusCode < 200 || statusCode === 204 || statusCode === 304
}

/** True when the response carries a body: not HEAD, nor a 1xx, 204 or 304. */
function writesBody(res: SendingResponse, statusCode: number): boolean {
  return !hasNoBody(statusCode) && res.req?.method !== 'HEAD'
}

/**
 * The framing of a string or Buffer payload, as Fastify 4 gives it: 1xx and 204 lose
 * `content-type` and `content-length`; every other status (304 included: Node then drops the
 * body) gets the payload's exact byte length.
 */
function frame(headers: OutgoingHeaders, statusCode: number, byteLength: number): void {
  if (statusCode < 200 || statusCode === 204) {
    delete headers['content-type']
    delete headers['content-length']
  } else {
    headers['content-length'] = byteLength
  }
}

/**
 * Writes a whole response: `writeHead` once with every header, then the payload.
 *
 * - a string or Buffer gets its exact `content-length` (bytes, not characters), a 304 too (an empty
 *   one `0`), while 1xx and 204 get neither `content-length` nor `content-type`;
 * - over HTTP/2, a string or Buffer larger than 64 KiB is written in pieces (see `endInChunks`);
 * - `null` writes no body: `content-length: 0`, except for HEAD (the core may give the length of
 *   the body a GET would have had) and for 1xx/204/304 responses;
 * - a stream is piped (see `sendStream`), a WHATWG `ReadableStream` written a chunk at a time
 *   (see `sendWebStream`).
 * - with `trailers`, the response is chunked and ends with them (see `sendWithTrailers`).
 *
 * `content-length` and `connection: close` (see `closesConnection`) are written into `headers` itself, which must be an
 * object of this reply alone. `done` runs once, when the response finished or the connection closed;
 * without `done` no listener is added to the response. A head that Node refuses to write never
 * escapes: the client gets a 500 instead (see `answerWriteFailure`).
 */
export function send(
  res: SendingResponse,
  statusCode: number,
  headers: OutgoingHeaders,
  payload: WritablePayload,
  done: SendDone | undefined,
  closing: boolean,
  logger: StreamLogger | undefined,
  trailers?: TrailerSource,
): void {
  if (!isHttp2Response(res)) {
    if (closesConnection(res, closing)) headers['connection'] = 'close'
  } else if (mustCloseConnection(res.req)) stopRequestAfterResponse(res)

  if (done !== undefined) {
    if (res[kSendDone] === undefined) {
      res.on('finish', onResponseEnd)
      res.on('close', onResponseEnd)
    }
    res[kSendDone] = done
  }
  try {
    if (trailers !== undefined) {
      sendWithTrailers(res, statusCode, headers, withNodeStream(payload), trailers, logger)
    } else if (typeof payload === 'string' || payload instanceof Uint8Array) {
      const byteLength =
        typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength
      frame(headers, statusCode, byteLength)
      res.writeHead(statusCode, headers as OutgoingHttpHeaders)
      if (byteLength > HTTP2_CHUNK_BYTES && isHttp2Response(res) && writesBody(res, statusCode)) {
        endInChunks(res, typeof payload === 'string' ? Buffer.from(payload) : payload)
      } else res.end(payload)
    } else if (payload === null) {
      if (writesBody(res, statusCode)) headers['content-length'] = 0
      res.writeHead(statusCode, headers as OutgoingHttpHeaders)
      res.end()
    } else if (typeof (payload as Readable | undefined)?.pipe === 'function') {
      sendStream(res, statusCode, headers, payload as Readable, logger)
    } else if (isWebStream(payload)) {
      sendWebStream(res, statusCode, headers, payload, logger)
    } else {
      failSend(res, createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', typeOf(payload)))
    }
  } catch (error) {
    // Node validates the head again as it writes it; whatever it refuses must not escape.
    if (payload !== null && typeof (payload as Readable).destroy === 'function') {
      ;(payload as Readable).destroy()
    }
    answerWriteFailure(res, error, done !== undefined, logger)
  }
}

function isWebStream(payload: WritablePayload): payload is WebStream {
  return typeof (payload as WebStream | null)?.getReader === 'function'
}

/** A WHATWG stream with trailers to follow is read as a Node stream. */
function withNodeStream(payload: WritablePayload): Exclude<WritablePayload, WebStream> {
  return isWebStream(payload) ? Readable.fromWeb(payload as never) : payload
}

function typeOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value
  return value.constructor?.name ?? 'object'
}

/**
 * True once the response has been written (or its head has), or the client has gone.
 */
export function isSent(res: ServerResponse): boolean {
  return res.writableEnded || res.headersSent || res.destroyed || res.socket?.destroyed === true
}
