import { finished, type Readable } from 'node:stream'
import type { OutgoingHeaders } from '@framework/core'
import { failSend, type SendingResponse } from './send-done.js'

/** Where a stream failure after the headers went out is reported. */
export interface StreamLogger {
  error(...args: unknown[]): void
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
 */
export function sendStream(
  res: SendingResponse,
  statusCode: number,
  headers: OutgoingHeaders,
  stream: Readable,
  logger: StreamLogger | undefined,
): void {
  res.statusCode = statusCode
  for (const name in headers) res.setHeader(name, headers[name] as string | number | string[])

  const onStreamError = (error: Error): void => {
    stream.unpipe(res)
    res.removeListener('close', onResponseClose)
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
  stream.pipe(res)
}

/**
 * Releases a stream whose client went away: `destroy()`, or for an older stream that lacks it
 * (one with only `close()` or `abort()`), that method, as Fastify does.
 */
function release(stream: Readable): void {
  const legacy = stream as unknown as { close?: (cb?: () => void) => void; abort?: () => void }
  if (typeof stream.destroy === 'function') stream.destroy()
  else if (typeof legacy.close === 'function') legacy.close(() => {})
  else if (typeof legacy.abort === 'function') legacy.abort()
}
