import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import type { OutgoingHeaders, TrailerSource } from '@framework/core'
import { isHttp2Response } from './closing-answer.js'
import type { StreamLogger } from './send-stream.js'
import { sendStream } from './send-stream.js'

/**
 * Ends `res` with the trailers `source` hands over (`res.addTrailers`). A response whose
 * connection is already gone is left alone.
 */
function endWithTrailers(res: ServerResponse, source: TrailerSource): void {
  source((trailers) => {
    if (res.writableEnded || res.destroyed) return
    res.addTrailers(trailers)
    res.end()
  })
}

/**
 * The headers of a response with trailers: chunked (node:http then frames it so), so no
 * `content-length`; HTTP/2 frames by itself and refuses `transfer-encoding`.
 */
function chunkedHeaders(res: ServerResponse, headers: OutgoingHeaders): OutgoingHeaders {
  delete headers['content-length']
  if (isHttp2Response(res)) delete headers['transfer-encoding']
  return headers
}

/**
 * Writes a response with trailers (`reply.trailer()`): the head without `content-length`, the
 * body (a string or Buffer written at once, a stream piped without ending the response), then the
 * trailers once `source` has computed them, then the end.
 */
export function sendWithTrailers(
  res: ServerResponse,
  statusCode: number,
  headers: OutgoingHeaders,
  payload: string | Uint8Array | Readable | null,
  source: TrailerSource,
  logger: StreamLogger | undefined,
): void {
  const head = chunkedHeaders(res, headers)
  if (payload !== null && typeof (payload as Readable).pipe === 'function') {
    const stream = payload as Readable
    stream.once('end', () => endWithTrailers(res, source))
    sendStream(res, statusCode, head, stream, logger, false)
    return
  }
  res.writeHead(statusCode, head as OutgoingHttpHeaders)
  if (payload !== null && (payload as string | Uint8Array).length > 0) {
    res.write(payload as string | Uint8Array)
  }
  endWithTrailers(res, source)
}
