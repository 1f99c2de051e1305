import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { Http2Session } from 'node:http2'
import type { Server as NetServer } from 'node:net'
import { loadHttp2, loadHttps } from './load-on-demand.js'
import type { ResolvedOptions } from './options.js'

/** The request listener every server is given: node:http's, or the HTTP/2 compatibility API's. */
export type RequestListener = (raw: IncomingMessage, res: ServerResponse) => void

/** What `createNodeServer` built: the server, and what kind it is. */
export interface BuiltServer {
  /** An http.Server, https.Server, Http2Server, Http2SecureServer, or the factory's server. */
  server: NetServer
  /** Addresses are written `https://` (a TLS server of ours). */
  secure: boolean
  /** The server speaks HTTP/2 (sessions to close with GOAWAY). */
  http2: boolean
}

/**
 * Creates the server the transport serves through, as Fastify 4.29 does:
 *
 * - `serverFactory(handler, options)`: whatever it returns, untouched (the factory attached the
 *   handler; no timeout is applied to a server the application made);
 * - `http2: true`: `http2.createServer` (cleartext h2c), or with `https`
 *   `http2.createSecureServer(https)` (`allowHTTP1` is the application's); each session closes once
 *   idle for `http2SessionTimeout` ms;
 * - `https`: `https.createServer(https)` with the framework's HTTP/1.1 timeouts;
 * - otherwise `http.createServer(http)` (the `http` option: `maxHeaderSize`...) with those
 *   timeouts over it.
 *
 * An HTTP/1.1 server gets `maxRequestsPerSocket` when it is above 0.
 *
 * Every server made here gets `setTimeout(connectionTimeout)`.
 */
export function createNodeServer(options: ResolvedOptions, handler: RequestListener): BuiltServer {
  if (options.serverFactory !== undefined) {
    const server = options.serverFactory(handler, options.serverFactoryOptions) as NetServer
    return { server, secure: false, http2: false }
  }
  if (options.http2) {
    const http2 = loadHttp2()
    const server =
      options.https === null
        ? http2.createServer(handler as never)
        : http2.createSecureServer(options.https, handler as never)
    const sessionTimeout = options.http2SessionTimeout
    server.on('session', (session: Http2Session) => {
      session.setTimeout(sessionTimeout, () => session.close())
    })
    server.setTimeout(options.connectionTimeout)
    return { server, secure: options.https !== null, http2: true }
  }
  const http1 = {
    requestTimeout: options.requestTimeout,
    headersTimeout: options.headersTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    connectionsCheckingInterval: options.connectionsCheckingInterval,
  }
  const server =
    options.https === null
      ? createHttpServer({ ...options.http, ...http1 }, handler)
      : loadHttps().createServer({ ...options.https, ...http1 }, handler)
  server.keepAliveTimeout = options.keepAliveTimeout
  // 0 leaves Node's default (no limit), as Fastify does.
  if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
  server.setTimeout(options.connectionTimeout)
  return { server, secure: options.https !== null, http2: false }
}
