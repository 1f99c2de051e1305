import type { IncomingMessage } from 'node:http'

/**
 * Marks a request whose connection must close once its response is written: its body was refused
 * unread (413 on a declared length) or read only in part, so the connection cannot serve another
 * request. `send` adds `connection: close`, and Node closes the socket after the response.
 */
const kCloseConnection = Symbol('framework.http.closeConnection')

type MarkedRequest = IncomingMessage & { [kCloseConnection]?: true }

/** Asks for the connection of `request` to close after its response. */
export function markCloseConnection(request: IncomingMessage): void {
  ;(request as MarkedRequest)[kCloseConnection] = true
}

/** True when the connection of `request` must close after its response. */
export function mustCloseConnection(request: IncomingMessage | undefined): boolean {
  return request !== undefined && (request as MarkedRequest)[kCloseConnection] === true
}
