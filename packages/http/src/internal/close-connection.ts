import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * When an HTTP/1 connection closes, and which of its requests start. One rule, whatever the
 * options: every request the server starts (its hooks run) is answered, and a request that would
 * come after the connection's last answer never starts.
 *
 * - A response asks for the connection to close (`connection: close`) when its request's body was
 *   refused unread or read only in part (413, a 400 on its length), or while the server closes.
 * - HTTP/1.1 answers in order: when a later request on the same connection has already started (a
 *   pipelining client), the response does not close the connection; the close passes to the latest
 *   request's response, so every started request gets its answer. (Node only parses a later request
 *   once it has read the whole body of the earlier one: the connection is still in step.)
 * - Once a response that closes the connection is committed, a request read after it on the same
 *   connection never starts: its answer could not be sent. RFC 9112 lets a client retry it.
 */
const kCloseConnection = Symbol('framework.http.closeConnection')
/** On a request: its ordinal among the requests started on its connection. */
const kOrdinal = Symbol('framework.http.ordinal')
/** On a socket: how many requests started on it (no request object is kept). */
const kStarted = Symbol('framework.http.started')
/** On a socket: a started request asked for the connection to close (or was HTTP/1.0). */
const kAskedClose = Symbol('framework.http.askedClose')
/** On a socket: an earlier response wanted the connection closed; the latest one closes it. */
const kCloseAfterLatest = Symbol('framework.http.closeAfterLatest')
/** On a socket: a response that closes the connection is committed; nothing else starts. */
const kLastAnswered = Symbol('framework.http.lastAnswered')

type MarkedRequest = IncomingMessage & { [kCloseConnection]?: true; [kOrdinal]?: number }

interface ConnectionState {
  [kStarted]?: number
  [kAskedClose]?: true
  [kCloseAfterLatest]?: true
  [kLastAnswered]?: true
}

/** Asks for the connection of `request` to close after its response. */
export function markCloseConnection(request: IncomingMessage): void {
  ;(request as MarkedRequest)[kCloseConnection] = true
}

/** True when the connection of `request` must close after its response. */
export function mustCloseConnection(request: IncomingMessage | undefined): boolean {
  return request !== undefined && (request as MarkedRequest)[kCloseConnection] === true
}

/** The per-connection state of an HTTP/1 request (HTTP/2 streams have none). */
function stateOf(raw: IncomingMessage | undefined): ConnectionState | null {
  if (raw === undefined || raw.httpVersionMajor === 2) return null
  return (raw.socket as unknown as ConnectionState | null) ?? null
}

/**
 * Notes that the request of `res` starts on its connection; false when it must not start: a
 * response that closes the connection was already committed, or an earlier request asked for the
 * close (RFC 9112 §9.6: nothing read after it is processed). The request is then left unanswered,
 * and the connection closes after that response.
 */
export function startRequest(raw: IncomingMessage, res: ServerResponse): boolean {
  const state = stateOf(raw)
  if (state === null) return true
  if (state[kLastAnswered] === true) return false
  if (state[kAskedClose] === true) {
    state[kLastAnswered] = true
    return false
  }
  const ordinal = (state[kStarted] ?? 0) + 1
  state[kStarted] = ordinal
  ;(raw as MarkedRequest)[kOrdinal] = ordinal
  if (res.shouldKeepAlive === false) state[kAskedClose] = true
  return true
}

/**
 * Decides whether the HTTP/1 response `res`, about to be written, closes its connection
 * (`closing`: the server closes), and records it: true when it must carry `connection: close`.
 */
export function closesConnection(res: ServerResponse, closing: boolean): boolean {
  const raw = res.req as MarkedRequest | undefined
  const wanted = closing || mustCloseConnection(raw)
  const state = stateOf(raw)
  if (state === null) return wanted
  const ordinal = raw![kOrdinal]
  if (ordinal !== undefined && ordinal !== state[kStarted]) {
    // A later request already started here: it is answered after this one, and closes instead.
    if (wanted) state[kCloseAfterLatest] = true
    return false
  }
  if (!wanted && state[kCloseAfterLatest] !== true) {
    // A request that asked for the close (or HTTP/1.0 without keep-alive): Node closes after it.
    if (res.shouldKeepAlive === false) state[kLastAnswered] = true
    return false
  }
  state[kLastAnswered] = true
  return true
}

/** Records that the connection of `socket` closes after what it has to answer: nothing else starts. */
export function noteLastAnswer(socket: object): void {
  ;(socket as ConnectionState)[kLastAnswered] = true
}

/** True once the connection of `socket` closes after what it has to answer. */
export function isLastAnswered(socket: object): boolean {
  return (socket as ConnectionState)[kLastAnswered] === true
}
