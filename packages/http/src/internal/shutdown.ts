import type { Http2Session } from 'node:http2'
import { Server as NetServer, type Socket } from 'node:net'

/**
 * How long a keep-alive connection that is idle when `close()` begins is left open, so that a
 * request its client had already sent (still on the wire, or in the socket's receive buffer) is
 * read and answered 503 rather than reset. Closing an idle HTTP/1.1 connection always races with a
 * client about to reuse it; this grace makes the race one of latency, not of luck.
 */
export const IDLE_CLOSE_GRACE_MS = 100

/** `forceCloseConnections`: `'idle'`, `true` (destroy all) or `false` (wait). */
export type ForceClose = boolean | 'idle'

interface ClosableServer extends NetServer {
  closeIdleConnections?: () => void
  closeAllConnections?: () => void
}

/**
 * The connections `close()` must act on that the server itself does not list: the HTTP/2
 * sessions (always: a factory's server may be an HTTP/2 one), and, for `forceCloseConnections:
 * true` on a server without `closeAllConnections` (an HTTP/2 server with `allowHTTP1`), the
 * sockets. One listener per session or connection; nothing per request.
 */
export class OpenConnections {
  readonly sessions = new Set<Http2Session>()
  readonly sockets: Set<Socket> | null
  /**
   * TLS connections an HTTP/2 server without `allowHTTP1` keeps after refusing their protocol
   * (Node answers 403 and holds them for `unknownProtocolTimeout`, 10 s): nothing to finish there.
   */
  readonly refused = new Set<Socket>()

  constructor(server: NetServer, force: ForceClose, http2WithoutHttp1: boolean) {
    server.on('session', (session: Http2Session) => {
      this.sessions.add(session)
      session.once('close', () => this.sessions.delete(session))
    })
    if (http2WithoutHttp1) {
      server.on('secureConnection', (socket: Socket & { alpnProtocol?: string | false }) => {
        if (socket.alpnProtocol !== 'h2') track(this.refused, socket)
      })
    }
    const closable = server as ClosableServer
    if (force === true && typeof closable.closeAllConnections !== 'function') {
      const sockets = new Set<Socket>()
      server.on('connection', (socket: Socket) => track(sockets, socket))
      this.sockets = sockets
    } else {
      this.sockets = null
    }
  }
}

function track(sockets: Set<Socket>, socket: Socket): void {
  sockets.add(socket)
  socket.once('close', () => sockets.delete(socket))
}

/**
 * Closes a listening server without losing a request:
 *
 * 1. it stops accepting connections at once;
 * 2. HTTP/2 sessions get a GOAWAY (`session.close()`): their open streams finish, no new one starts;
 * 3. with `'idle'`, keep-alive connections with no request under way are closed after
 *    {@link IDLE_CLOSE_GRACE_MS}, then again every as many milliseconds, so a connection that goes
 *    idle while closing (a response written without `connection: close`) never waits out the
 *    keep-alive timeout; with `true` every connection and session is destroyed at once; with
 *    `false` nothing is closed by force;
 *
 * and resolves once the server has closed (every connection gone). Requests in flight are left to
 * finish: the transport answers them with `connection: close`, and Node closes each connection
 * after its response.
 */
export function closeServer(
  server: NetServer,
  connections: OpenConnections,
  force: ForceClose,
): Promise<void> {
  const closable = server as ClosableServer
  return new Promise<void>((resolve, reject) => {
    let sweep: NodeJS.Timeout | undefined
    const done = (error?: Error): void => {
      clearInterval(sweep)
      if (error) reject(error)
      else resolve()
    }
    const closeIdle = closable.closeIdleConnections
    // http.Server#close() closes the idle connections at once (Node 19+), resetting those whose
    // client has just sent a request; net.Server#close() only stops accepting.
    if (typeof closeIdle === 'function' && server instanceof NetServer) {
      NetServer.prototype.close.call(server, done)
    } else {
      server.close(done)
    }
    for (const socket of connections.refused) socket.destroy()
    for (const session of connections.sessions) {
      if (force === true) session.destroy()
      else session.close()
    }
    if (force === true) {
      closable.closeAllConnections?.()
      if (connections.sockets !== null) for (const socket of connections.sockets) socket.destroy()
    } else if (force === 'idle' && typeof closeIdle === 'function') {
      // setImmediate: bytes already in a socket's receive buffer are read (the poll phase) before
      // the sweep decides the connection is idle.
      const closeIdleNow = (): void => closeIdle.call(server)
      sweep = setInterval(() => setImmediate(closeIdleNow), IDLE_CLOSE_GRACE_MS)
      sweep.unref()
    }
  })
}
