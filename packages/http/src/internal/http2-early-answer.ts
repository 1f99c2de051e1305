import type { ServerResponse } from 'node:http'
import type { ServerHttp2Stream } from 'node:http2'
import { loadHttp2 } from './load-on-demand.js'

/**
 * HTTP/2's counterpart of closing the connection after an early answer (a body refused or read only
 * in part): once the response is written, the stream is closed with RST_STREAM NO_ERROR, which asks
 * the client to stop sending the request without error (RFC 9113 §8.1). Node does this by itself
 * only for a request it never started reading; without it, a client still sending waits on flow
 * control for ever, and `close()` waits on its stream.
 */
export function stopRequestAfterResponse(res: ServerResponse): void {
  const stream = (res as unknown as { stream?: ServerHttp2Stream }).stream
  if (stream === undefined) return
  const close = (): void => {
    // As Node does: on the next turn, so the last frames of the response go out first.
    setImmediate(() => {
      if (!stream.closed && !stream.destroyed) stream.close(loadHttp2().constants.NGHTTP2_NO_ERROR)
    })
  }
  if (stream.writableFinished) close()
  else stream.once('finish', close)
}
