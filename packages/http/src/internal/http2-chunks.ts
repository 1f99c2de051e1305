import type { ServerResponse } from 'node:http'

/** The largest piece of a string or Buffer payload written to an HTTP/2 stream at once. */
export const HTTP2_CHUNK_BYTES = 64 * 1024

/**
 * Ends an HTTP/2 response with `payload` written {@link HTTP2_CHUNK_BYTES} at a time, each piece
 * once the stream has drained. Written whole, a large buffer is queued in the session at once: a
 * client that cancels that stream then has its next stream refused (NGHTTP2_ENHANCE_YOUR_CALM).
 * Fastify 5.12.1 writes such payloads the same way. Stops when the stream is gone.
 *
 * @example
 * res.writeHead(200, { 'content-length': payload.byteLength })
 * endInChunks(res, payload)
 */
export function endInChunks(res: ServerResponse, payload: Uint8Array): void {
  let offset = 0
  const writeMore = (): void => {
    while (offset < payload.byteLength) {
      if (res.destroyed || res.writableEnded) return
      const end = Math.min(offset + HTTP2_CHUNK_BYTES, payload.byteLength)
      const drained = res.write(payload.subarray(offset, end))
      offset = end
      if (!drained) {
        res.once('drain', writeMore)
        return
      }
    }
    res.end()
  }
  writeMore()
}
