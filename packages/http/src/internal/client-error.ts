import type { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { createError, errorBody, statusText } from '@framework/error-formatter'
import { isLastAnswered, noteLastAnswer } from './close-connection.js'
import { isLingering, lingerClose } from './linger.js'

/**
 * The 'clientError' listener: Node emits it for bytes that are not HTTP, headers that are too
 * large, and requests that did not arrive within `requestTimeout`/`headersTimeout`. Answers with
 * a JSON error body when no response is under way on the socket, then closes the connection.
 *
 * - a request that took too long → 408 `{"error":"Request Timeout","message":"Client Timeout","statusCode":408}`;
 * - headers over Node's size limit → 431;
 * - a version the parser does not know (HTTP/1.2, HTTP/3.0) → 505, like HTTP/2.0, which parses
 *   and is refused by the transport's request listener; a request line that ends in a bare LF
 *   (which llhttp also reports as a bad version) is malformed: 400;
 * - anything else → 400 `{"error":"Bad Request","message":"Client Error","statusCode":400}`
 *   (the 408, 400 and 431 byte for byte as Fastify 4 and 5 write them);
 * - a connection reset by the client, or a socket already destroyed → nothing to answer or close.
 *
 * The answer goes out (the 505 with `connection: close`) after the answers of the requests already started
 * on the connection (a malformed request pipelined behind them waits its turn), and the connection
 * then closes lingering (see `lingerClose`), so a client still writing reads it rather than a
 * reset. Once a response that closes the connection is committed, nothing more is answered.
 */
export function createClientErrorHandler(): (
  error: Error & { code?: string },
  socket: Duplex,
) => void {
  return function onClientError(error, socket) {
    // A connection reset, or a socket already destroyed: nothing to answer, nothing to close (as
    // Fastify, which leaves such a socket alone).
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const version =
      error.code === 'HPE_INVALID_VERSION'
        ? refusedVersion((error as { rawPacket?: unknown }).rawPacket)
        : null
    let answer: string
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      answer = fastifyAnswer(408, 'Client Timeout')
    } else if (version !== null) {
      const body = errorBody(createError('FRM_ERR_HTTP_VERSION_NOT_SUPPORTED', version), 505)
      answer = closingAnswer(505, JSON.stringify(body))
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      answer = fastifyAnswer(431, 'Exceeded maximum allowed HTTP header size')
    } else {
      answer = fastifyAnswer(400, 'Client Error')
    }
    answerAfterStarted(socket, answer, error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
  }
}

/** The 505 answer: this project's error body (with its code), `connection: close`. */
function closingAnswer(statusCode: number, body: string): string {
  return (
    `HTTP/1.1 ${statusCode} ${statusText(statusCode)}\r\n` +
    'connection: close\r\n' +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

/**
 * The 408, 400 and 431 answers, byte for byte as Fastify writes them (clients and tests compare the
 * whole text): `Content-Length` then `Content-Type: application/json`, the body's fields in the
 * order `error`, `message`, `statusCode`. The connection closes after it all the same.
 */
function fastifyAnswer(statusCode: number, message: string): string {
  const body = JSON.stringify({ error: statusText(statusCode), message, statusCode })
  return (
    `HTTP/1.1 ${statusCode} ${statusText(statusCode)}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `Content-Type: application/json\r\n\r\n${body}`
  )
}

/**
 * Writes `answer` and closes lingering. A malformed request pipelined behind requests already
 * started waits for their responses; a request in flight that fails (a malformed body, a timeout)
 * is answered at once, unless its response has begun (then the connection is destroyed). A
 * connection already closing after a committed response answers nothing more (a timeout then
 * destroys it).
 */
function answerAfterStarted(socket: Duplex, answer: string, timedOut: boolean): void {
  if (socket instanceof Socket && isLingering(socket)) {
    // Closing already: what the client still sends is discarded, never answered.
    if (timedOut) socket.destroy()
    return
  }
  if (!socket.writable) {
    socket.destroy()
    return
  }
  if (!(socket instanceof Socket)) {
    // Another duplex (a custom server's): written and destroyed, as Fastify does.
    socket.write(answer)
    socket.destroy()
    return
  }
  if (isLastAnswered(socket)) {
    if (timedOut) socket.destroy()
    return
  }
  const http = socket as HttpSocket
  const inFlight = http._httpMessage
  // The request the parser was reading: the error is about a request pipelined behind those
  // started when that one was read whole (or none is being read); otherwise it is about that one
  // (a malformed body, an end mid-body, a timeout).
  const reading = http.parser?.incoming
  const pipelined = !timedOut && inFlight != null && (reading == null || reading.complete)
  if (!pipelined && inFlight?.headersSent === true) {
    // A response already under way on this socket cannot be followed by another one.
    socket.destroy()
    return
  }
  noteLastAnswer(socket)
  if (pipelined) {
    afterStartedAnswers(http, () => {
      if (socket.writable) {
        socket.write(answer)
        lingerClose(socket)
      }
    })
    return
  }
  socket.write(answer)
  lingerClose(socket)
}

/** Node's view of an HTTP/1 socket: the response being written, and its parser. */
type HttpSocket = Socket & {
  _httpMessage?: (ServerResponse & { headersSent: boolean }) | null
  parser?: { incoming?: IncomingMessage | null } | null
}

/**
 * Calls `fn` once the responses of every request started on `socket` are written: Node writes them
 * one after the other, each taking the socket as the one before finishes.
 */
function afterStartedAnswers(socket: HttpSocket, fn: () => void): void {
  const current = socket._httpMessage
  if (current == null) {
    fn()
    return
  }
  // Node's own 'finish' listener, added first, hands the socket to the next response.
  current.once('finish', () => afterStartedAnswers(socket, fn))
}

/**
 * The version a well-formed request line of `packet` names when it is not one Node serves
 * (`3.0` of `GET / HTTP/3.0\r\n`), or null when the line itself is malformed: a line ending in a
 * bare LF, a version that is not `digit.digit`. llhttp reports both as an invalid version; only
 * the first is a 505, the second is a malformed request (400).
 */
function refusedVersion(packet: unknown): string | null {
  if (!Buffer.isBuffer(packet)) return null
  const head = packet.subarray(0, Math.min(packet.length, 8192)).toString('latin1')
  const end = head.indexOf('\r\n')
  const lf = head.indexOf('\n')
  if (end === -1 || lf < end) return null
  const match = / HTTP\/(\d\.\d)$/.exec(head.slice(0, end))
  if (match === null || match[1] === '1.0' || match[1] === '1.1') return null
  return match[1]!
}
