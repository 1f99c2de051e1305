import type { OutgoingHttpHeaders } from 'node:http'
import { createError, errorBody } from '@framework/error-formatter'
import { closesConnection } from './close-connection.js'
import { isHttp2Response } from './closing-answer.js'
import { failSend, type SendingResponse } from './send-done.js'
import type { StreamLogger } from './send-stream.js'

/**
 * Node refused to write a response head (a header the core let through, a response already
 * started by hand through `reply.raw`). The process must live on: if nothing reached the client
 * it gets the default 500 body, otherwise the connection is closed. The send's `done` gets the
 * error (the core logs it); without one, the transport's logger does.
 */
export function answerWriteFailure(
  res: SendingResponse,
  error: unknown,
  hasDone: boolean,
  logger: StreamLogger | undefined,
): void {
  const failure = error instanceof Error ? error : new Error(String(error))
  if (!hasDone) logger?.error({ err: failure }, 'The response could not be written: answered 500')
  if (res.headersSent || res.writableEnded) {
    res.destroy()
  } else {
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    const body = JSON.stringify(errorBody(createError('FRM_ERR_REPLY_WRITE_FAILED'), 500))
    const headers: OutgoingHttpHeaders = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    }
    // HTTP/2 has no connection header (Node refuses it): the stream ends with the response.
    if (!isHttp2Response(res) && closesConnection(res, true)) headers['connection'] = 'close'
    res.writeHead(500, headers)
    res.end(body)
  }
  failSend(res, failure)
}
