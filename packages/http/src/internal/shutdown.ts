import type { Http2Session } from 'node:http2'
import { Server as NetServer, type Socket } from 'node:net'
import { closeLingering } from './linger.js'

/**
 * How often `close()` looks at the connections. A keep-alive connection is closed once two looks
 * in a row found it idle (no response under way, not a byte read in between): idle for at least
 * this long, so a request its client had just sent (on the wire, or in the receive buffer) is read
 * and answered 503 rather than reset. Closing an idle HTTP/1.1 connection always races with a
 * client about to reuse it; this makes the race one of latency, not of luck. The listening socket
 * closes at the first look that finds no connection accepted since the one before.
 */
export const LOOK_INTERVAL_MS = 50

/**
 * While requests keep arriving on open connections after `close()` began (clients that have not
 * seen a `connection: close` yet), idle connections are left alone: they are closed only once this
 * long has passed without such a request. A busy client on a loaded machine or a distant network
 * may take longer than {@link LOOK_INTERVAL_MS} between a response and its next request; the
 * requests seen meanwhile are the evidence that clients are still coming.
 */
export const QUIET_MS = 150

/**
 * The longest `close()` keeps accepting the connections that wait in the listen backlog (the
 * kernel resets those still there when the listening socket closes).
 */
export const MAX_DRAIN_MS = 1000

/** `forceCloseConnections`: `'idle'`, `true` (destroy all) or `false` (wait). */
export type ForceClose = boolean | 'idle'

interface ClosableServer extends NetServer {
  closeAllConnections?: () => void
}

/** Node's current response on an HTTP/1 socket (null between responses). */
type HttpSocket = Socket & { _httpMessage?: object | null; alpnProtocol?: string | false }

/**
 * The connections `close()` acts on: the HTTP/2 sessions, and the HTTP/1 sockets (TLS sockets on
 * a TLS server), tracked from their 'session' and 'connection' events: a Set entry and a 'close' listener
 * per connection, nothing per request.
 */
export class OpenConnections {
  readonly sessions = new Set<Http2Session>()
  readonly sockets = new Set<HttpSocket>()
  /** Connections accepted since the last look of a close() under way. */
  accepted = 0
  /** A close() is under way (a session opened now gets its GOAWAY at the next look). */
  closing = false
  /** When (Date.now()) the last request arrived on an open connection while closing. */
  lateRequestAt = 0

  constructor(server: NetServer) {
    // Node's HTTP/2 servers open a session from their own 'connection' ('secureConnection')
    // listener, registered before this one: a socket that just got a session is the session's.
    let sessionJustOpened = false
    server.on('session', (session: Http2Session) => {
      sessionJustOpened = true
      this.accepted++
      this.sessions.add(session)
      session.once('close', () => {
        this.sessions.delete(session)
      })
    })
    server.on(isTlsServer(server) ? 'secureConnection' : 'connection', (socket: HttpSocket) => {
      if (sessionJustOpened) {
        sessionJustOpened = false
        return
      }
      this.accepted++
      this.sockets.add(socket)
      // Block bodies: a listener that returns a value (here `delete`'s boolean) makes V8 keep the
      // arguments of every optimized `emit` of the process (listener-results.test.ts).
      socket.once('close', () => {
        this.sockets.delete(socket)
      })
      // Every close after a response lingers, so an answer is never lost to a reset.
      closeLingering(socket)
    })
  }
}

/**
 * Closes a listening server without losing a request:
 *
 * 1. HTTP/2 sessions get a GOAWAY (`session.close()`) at the first look, {@link LOOK_INTERVAL_MS}
 *    after the start (a request sent just before is answered 503 meanwhile): their open streams
 *    finish, no new one starts;
 * 2. the connections already waiting in the listen backlog are still accepted (their requests are
 *    answered 503 by the transport), and the listening socket closes at the first look that finds
 *    none accepted since the one before (at most {@link MAX_DRAIN_MS} after the start);
 * 3. with `'idle'`, HTTP/1 connections with no response under way are closed once idle for
 *    {@link LOOK_INTERVAL_MS} and no request arrived on any open connection for {@link QUIET_MS} (a response still being flushed is not idle: Node's own
 *    `closeIdleConnections` cuts such a response short), looking again every as many
 *    milliseconds, so a connection that goes idle while closing (a response written by hand
 *    without `connection: close`) never waits out the keep-alive timeout; with `true` every
 *    connection and session is destroyed at once; with `false` nothing is closed by force;
 *
 * and resolves once the server has closed (every connection gone). Requests in flight finish: the
 * transport answers them with `connection: close`, and Node closes each connection after its
 * response.
 */
export function closeServer(
  server: NetServer,
  connections: OpenConnections,
  force: ForceClose,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined
    let listening = true
    const done = (error?: Error): void => {
      clearInterval(timer)
      connections.closing = false
      if (error) reject(error)
      else resolve()
    }
    // http.Server#close() would also destroy the connections Node deems idle at once (Node 19+),
    // among them those whose last response is still being flushed; net.Server#close() only stops
    // accepting.
    // A `close` a plugin put on the server itself (wrapping Node's) is called, as Fastify calls it.
    const closeListener = (): void => {
      listening = false
      if (server instanceof NetServer && !Object.hasOwn(server, 'close')) {
        NetServer.prototype.close.call(server, done)
      } else (server as NetServer).close(done)
    }
    connections.closing = true
    if (force === true) {
      for (const session of connections.sessions) session.destroy()
    }
    if (force === true) {
      closeListener()
      ;(server as ClosableServer).closeAllConnections?.()
      for (const socket of connections.sockets) socket.destroy()
      return
    }
    connections.accepted = 0
    const started = Date.now()
    const lastRead = new Map<HttpSocket, number>()
    const look = (): void => {
      // The GOAWAY goes at the first look, not at once: a request a client sent just before
      // close() began (still on the wire) opens its stream and is answered 503, rather than
      // being refused by a GOAWAY that does not count it. A session opened since gets it too.
      for (const session of connections.sessions) session.close()
      if (listening && (connections.accepted === 0 || Date.now() - started >= MAX_DRAIN_MS)) {
        closeListener()
      }
      connections.accepted = 0
      if (force === 'idle') closeIdle(connections, lastRead)
    }
    // setImmediate: what already waits on the sockets is read (the poll phase) before each look.
    if (force === 'idle') setImmediate(() => closeIdle(connections, lastRead))
    // Kept referenced: on a server the application unref()ed, with its idle connections unref()ed
    // by their client, nothing else may hold the process until the close settles.
    timer = setInterval(() => setImmediate(look), LOOK_INTERVAL_MS)
  })
}
/**
 * Destroys the HTTP/1 sockets found idle, with nothing read, at this look and the one before,
 * unless requests are still arriving on open connections (see {@link QUIET_MS}).
 */
function closeIdle(connections: OpenConnections, lastRead: Map<HttpSocket, number>): void {
  const quiet = Date.now() - connections.lateRequestAt >= QUIET_MS
  for (const socket of connections.sockets) {
    if (socket._httpMessage != null) {
      lastRead.delete(socket)
      continue
    }
    const read = socket.bytesRead
    if (lastRead.get(socket) === read) {
      if (quiet) socket.destroy()
    } else lastRead.set(socket, read)
  }
}

/**
 * Whether `server` is a TLS server (https, secure HTTP/2, or one of the application's factory):
 * told by the method every tls.Server has, so that a server without TLS never loads node:tls.
 */
function isTlsServer(server: NetServer): boolean {
  return typeof (server as { addContext?: unknown }).addContext === 'function'
}
