import type { OutgoingHeaders, WebStream } from '@framework/core'
import type { SendingResponse } from './send-done.js'
import { type StreamLogger, streamFailed, streamHead } from './send-stream.js'

/** The reader of a WHATWG stream, as far as this file reads it. */
interface Reader {
  read(): Promise<{ done: boolean; value?: unknown }>
  cancel(reason?: unknown): Promise<void>
}

/**
 * Writes a WHATWG `ReadableStream` into `res` one chunk at a time, as Fastify 5 does: the next
 * chunk is read only once the response took the last one (after 'drain' when `write` returned
 * false), and a response destroyed meanwhile (the client gone) cancels the stream, so its source's
 * `cancel` runs while it still has something to give. The head goes out with the first chunk, so:
 *
 * - a stream that fails before its first chunk leaves the response untouched and the send's
 *   `done` gets the error (the core can still answer 500);
 * - one that fails after the head went out destroys the response, is logged, and fails `done`.
 */
export function sendWebStream(
  res: SendingResponse,
  statusCode: number,
  headers: OutgoingHeaders,
  stream: WebStream,
  logger: StreamLogger | undefined,
): void {
  streamHead(res, statusCode, headers, logger)
  const reader = stream.getReader() as Reader
  let settled = false

  const cancel = (): void => {
    if (settled) return
    settled = true
    res.removeListener('close', cancel)
    reader.cancel().catch(() => {})
  }
  const fail = (error: Error): void => {
    if (settled) return
    settled = true
    res.removeListener('close', cancel)
    streamFailed(res, error, logger)
  }
  const next = (): void => {
    if (settled) return
    if (res.destroyed) {
      cancel()
      return
    }
    reader.read().then(take, fail)
  }
  const take = (result: { done: boolean; value?: unknown }): void => {
    if (settled) return
    if (res.destroyed) {
      cancel()
      return
    }
    if (result.done) {
      settled = true
      res.removeListener('close', cancel)
      res.end()
      return
    }
    let accepted: boolean
    try {
      accepted = res.write(result.value as Uint8Array | string)
    } catch (error) {
      // Not something a response can carry (a number, an object): the stream fails.
      reader.cancel(error).catch(() => {})
      fail(error as Error)
      return
    }
    if (accepted) next()
    else res.once('drain', next)
  }
  res.on('close', cancel)
  next()
}
