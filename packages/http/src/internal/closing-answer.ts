import type { ServerResponse } from 'node:http'
import { closesConnection } from './close-connection.js'

/** Fastify's body for a request refused while the server closes. */
const CLOSING_BODY = JSON.stringify({
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Service Unavailable',
})

/** True for a response of the HTTP/2 compatibility API (it has no connection of its own). */
export function isHttp2Response(res: object): boolean {
  return (res as { stream?: unknown }).stream !== undefined
}

/**
 * Answers a request that arrived on an open connection while the server closes (Fastify's
 * `return503OnClosing`): 503, the standard error body, and over HTTP/1.1 `connection: close`, so
 * the client takes its next request elsewhere. HTTP/2 has no such header: its session got a GOAWAY.
 */
export function answerClosing(res: ServerResponse): void {
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(CLOSING_BODY),
  }
  if (!isHttp2Response(res) && closesConnection(res, true)) headers['connection'] = 'close'
  res.writeHead(503, headers)
  res.end(CLOSING_BODY)
}
