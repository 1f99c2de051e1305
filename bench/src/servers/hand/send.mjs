// Response writing for the node:http server: JSON with an explicit length, like the frameworks.
import { STATUS_CODES } from 'node:http'
import { JSON_TYPE } from '../../scenarios.mjs'

/** Writes `body` (a JSON string) with the given status. */
export function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/** Writes the `{ statusCode, error, message }` error body, serialized (never concatenated). */
export function sendError(res, status, message) {
  sendJson(
    res,
    status,
    JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message }),
  )
}
