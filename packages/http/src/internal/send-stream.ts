import { finished, type Readable } from 'node:stream'
import type { OutgoingHeaders } from '@framework/core'
import { failSend, type SendingResponse } from './send-done.js'

/** Where a stream failure after the headers went out is reported. */
export interface StreamLogger {
  error(...args: unknown[]): void
  warn?(...args: unknown[]): void
}

/**
 * Sets the status and headers of a stream's response, unless the application already wrote the
 * head through `reply.raw.writeHead` (then, as Fastify 5, it is warned and the stream follows).
 */
export function streamHead(
  res: SendingResponse,
  statusCode: number,
  headers: OutgoingHeaders,
  logger: StreamLogger | undefined,
): void {
  if (res.headersSent) {
    logger?.warn?.("response will send, but you shouldn't use res.writeHead in stream mode")
    return
  }
  res.statusCode = statusCode
  for (const name in headers) res.setHeader(name, headers[name] as string | number | string[])
}

/**
 * Pipes `stream` into `res`. The head goes out with the first chunk (or at the end of an empty
 * stream), so:
 *
 * - a stream that fails before its first chunk leaves the response untouched (the headers set
 *   here are removed) and the send's `done` gets the error: the core can still answer 500;
 * - a stream that fails after the head went out destroys the response (the client sees a cut
 *   body, never a second response), is logged, and `done` gets the error;
 * - a stream destroyed before its end without an error fails the same ways (premature close);
 * - a client that goes away destroys the stream, so a file or a query behind it is released.
 *
 * With `end` false the response stays open once the stream has ended (trailers follow).
 */
export function sendStream(
  res: SendingResponse,
  statusCode: number,
  headers: OutgoingHeaders,
  stream: Readable,
  logger: StreamLogger | undefined,
  end = true,
): void {
  streamHead(res, statusCode, headers, logger)

  const onStreamError = (error: Error): void => {
    stream.unpipe(res)
    res.removeListener('close', onResponseClose)
    streamFailed(res, error, logger)
  }
  let clientGone = false
  const onResponseClose = (): void => {
    if (!stream.readableEnded && !stream.destroyed) {
      clientGone = true
      release(stream)
    }
  }
  // As Fastify does: a stream that is destroyed before its end without an error (a pipeline torn
  // down by a failing source) fails the send as well, with Node's premature-close error.
  finished(stream, { writable: false }, (error) => {
    if (error && !clientGone) onStreamError(error)
  })
  res.on('close', onResponseClose)
  // `end: false` leaves the response open after the stream (its trailers follow).
  stream.pipe(res, { end })
}

/**
 * Ends a stream the client no longer reads: `destroy()`, else `close()` (a stream-like object that
 * only has that, as Fastify accepts), else `abort()`.
 */
function release(stream: Readable): void {
  const source = stream as Partial<Readable> & { close?: unknown; abort?: unknown }
  if (typeof source.destroy === 'function') source.destroy()
  else if (typeof source.close === 'function') (source.close as (cb: () => void) => void)(() => {})
  else if (typeof source.abort === 'function') (source.abort as () => void)()
}

/**
 * A payload stream failed: before the head went out, the response is left untouched (headers
 * cleared) and the send's `done` gets the error, so the core can still answer 500; after it, the
 * failure is logged and the response, cut short, is destroyed.
 */
export function streamFailed(
  res: SendingResponse,
  error: Error,
  logger: StreamLogger | undefined,
): void {
  if (!res.headersSent) {
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    res.statusCode = 200
    failSend(res, error)
    return
  }
  logger?.error(
    { err: error },
    'The response stream failed after its headers were sent: the response was cut short',
  )
  failSend(res, error)
  res.destroy()
}
