import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import type {
  ClientInfo,
  ConstraintStrategy,
  DeclaredRoute,
  FoundRoute,
  InjectOptions,
  InjectResponse,
  ListenOptions,
  OutgoingHeaders,
  PrintRoutesOptions,
  RouteTable,
  TrailerSource,
  Transport,
  WritablePayload,
} from '@framework/core'
import { createError } from '@framework/error-formatter'
import type { InjectOptions as LightInjectOptions } from 'light-my-request'
import { listeningAddresses } from './internal/address.js'
import { failAsyncConstraint } from './internal/async-constraint-error.js'
import { createClientErrorHandler } from './internal/client-error.js'
import { describeClient } from './internal/client-info.js'
import { startRequest } from './internal/close-connection.js'
import { answerClosing } from './internal/closing-answer.js'
import { createNodeServer } from './internal/create-server.js'
import { DeclaredRouter } from './internal/declared-router.js'
import { loadLightMyRequest } from './internal/load-light-my-request.js'
import { onAbort } from './internal/on-abort.js'
import { onTimeout } from './internal/on-timeout.js'
import {
  type HttpTransportOptions,
  type ResolvedOptions,
  resolveOptions,
} from './internal/options.js'
import { readBody } from './internal/read-body.js'
import { buildRouter, checkRoutePath, hasAsyncConstraints, type Router } from './internal/router.js'
import { isSent, send } from './internal/send.js'
import type { SendDone } from './internal/send-done.js'
import { closeServer, OpenConnections } from './internal/shutdown.js'
import { keepTickMaps } from './internal/tick-maps.js'
import { whenFinished } from './internal/when-finished.js'

export type { HttpTransportOptions }

/**
 * The node:http transport: a {@link Transport} of node:http requests and responses, whose `server`
 * is the `http.Server` (or, with the `https`, `http2` or `serverFactory` options, the
 * `https.Server`, `Http2Server`, `Http2SecureServer` or the factory's server: it is typed as the
 * default, cast it to what you created).
 *
 * @example
 * const transport: HttpTransport = createHttpTransport()
 * transport.server.on('upgrade', onUpgrade) // the plain http.Server is there for what the core does not do
 */
export interface HttpTransport extends Transport<IncomingMessage, ServerResponse> {
  /** Every address the server answers on once listening (one per IPv4 interface for `0.0.0.0`). */
  listeningAddresses(): string[]
  readonly server: Server
  /** Calls `fn` once if the client closes the connection before the response was complete. */
  onAbort(raw: IncomingMessage, res: ServerResponse | undefined, fn: () => void): void
  /** Calls `fn` once the response has finished (a client that left is not an error). */
  whenFinished(res: ServerResponse, fn: (error?: Error) => void): void
  /** The server's request listener: routes one request through the mounted table. */
  readonly routing: (raw: IncomingMessage, res: ServerResponse) => void
}

const NOT_READY_BODY = 'Service Unavailable: the application is not ready yet'

/** Answers a request that arrived before a route table was mounted. */
function answerNotReady(res: ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(NOT_READY_BODY),
  })
  res.end(NOT_READY_BODY)
}

class NodeHttpTransport implements HttpTransport {
  readonly server: Server
  readonly #options: ResolvedOptions
  #router: Router | null = null
  #table: RouteTable<IncomingMessage, ServerResponse> | null = null
  /**
   * True once listen() opened the server: close() closes only a server it opened (one a
   * serverFactory made and the application started itself is left alone, as in Fastify).
   */
  #startedListening = false
  /** The address promise of the listen() not yet undone by close(), if any. */
  #listening: Promise<string> | null = null
  /** close() is under way: responses ask for their connection to close. */
  #closing = false
  /** The close() under way, so a second call waits on the same one. */
  #closed: Promise<void> | null = null
  /** The server is a TLS one of ours: addresses are `https://`. */
  readonly #secure: boolean
  /** The server speaks HTTP/2: its requests are version 2.0. */
  readonly #http2: boolean
  readonly #connections: OpenConnections

  /** The request listener: routes one request. Shared by the server and inject(). */
  readonly dispatch = (raw: IncomingMessage, res: ServerResponse): void => {
    const router = this.#router
    // A request read after the connection's last answer was committed never starts.
    if (!startRequest(raw, res)) return
    if (router === null) answerNotReady(res)
    else if (this.#closing && this.#late(res)) return
    else if (this.#options.rewriteUrl !== undefined && !this.#rewrite(raw, res)) return
    else if (
      raw.httpVersion !== '1.1' &&
      raw.httpVersion !== '1.0' &&
      !(this.#http2 && raw.httpVersionMajor === 2 && (raw as { stream?: unknown }).stream)
    ) {
      // HTTP/0.9 and 2.0+ request lines parse, but only HTTP/1.0 and 1.1 are served. The string is
      // read (as Fastify does), so a request object made by hand (`routing(req, res)`) needs no more.
      this.#table!.fail(
        raw,
        res,
        createError('FRM_ERR_HTTP_VERSION_NOT_SUPPORTED', raw.httpVersion),
      )
    } else if (this.#asyncConstraints) {
      router.lookup(raw, res, (error: Error | null) => {
        if (error !== null) failAsyncConstraint(this.#table!, raw, res, error)
      })
    } else router.lookup(raw, res)
  }

  /** A constraint strategy of the mounted table derives its value asynchronously. */
  #asyncConstraints = false

  /** Present only with `trustProxy`: the core then asks it who the client is. */
  readonly describeClient: ((raw: IncomingMessage) => ClientInfo) | undefined

  /**
   * A request that arrived on an open connection while closing: noted (idle connections are left
   * open while such requests keep coming), and answered 503 with `return503OnClosing` (true),
   * which is logged at `info` with Fastify's words.
   */
  #late(res: ServerResponse): boolean {
    this.#connections.lateRequestAt = Date.now()
    if (!this.#options.return503OnClosing) return false
    answerClosing(res)
    this.#options.logger?.info?.(
      { res: { statusCode: 503 } },
      'request aborted - refusing to accept new requests as server is closing',
    )
    return true
  }

  /** Applies `rewriteUrl`; false when it failed (the failure was answered). */
  #rewrite(raw: IncomingMessage, res: ServerResponse): boolean {
    try {
      // As Fastify: `originalUrl` is there while rewriteUrl runs.
      ;(raw as IncomingMessage & { originalUrl?: string }).originalUrl = raw.url
      const url = this.#options.rewriteUrl!(raw)
      if (typeof url !== 'string') {
        // As Fastify 4: a rewrite to nothing drops the connection, no response is written.
        raw.destroy(createError('FRM_ERR_ROUTE_REWRITE_NOT_STR', raw.url ?? '', typeof url))
        res.destroy()
        return false
      }
      raw.url = url
      return true
    } catch (error) {
      this.#table!.fail(raw, res, error as Error)
      return false
    }
  }

  constructor(options: ResolvedOptions) {
    this.#options = options
    this.#declared = new DeclaredRouter(options)
    const trust = options.trust
    this.describeClient = trust === null ? undefined : (raw) => describeClient(raw, trust)
    const built = createNodeServer(options, this.dispatch)
    const server = built.server
    this.#secure = built.secure
    this.#http2 = built.http2
    server.on('clientError', options.clientErrorHandler ?? createClientErrorHandler())
    this.#connections = new OpenConnections(server)
    this.server = server as unknown as Server
  }

  mount(table: RouteTable<IncomingMessage, ServerResponse>): void {
    keepTickMaps()
    this.#router = buildRouter(table, this.#options)
    this.#asyncConstraints = hasAsyncConstraints(table)
    this.#table = table
  }

  readonly #declared: DeclaredRouter

  findRoute(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy<IncomingMessage>[],
    method: string,
    url: string,
    constraints?: Record<string, unknown>,
  ): FoundRoute | null {
    return this.#declared.find(routes, strategies as never, method, url, constraints)
  }

  printRoutes(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy<IncomingMessage>[],
    options: PrintRoutesOptions,
  ): string {
    return this.#declared.print(routes, strategies as never, options)
  }

  checkRoute(method: string, url: string): void {
    checkRoutePath(method, url, this.#options)
  }

  listen(options: ListenOptions = {}): Promise<string> {
    if (this.#listening !== null || this.server.listening) {
      return Promise.reject(createError('FRM_ERR_REOPENED_SERVER'))
    }
    const server = this.server
    let failed = false
    const listening = new Promise<string>((resolve, reject) => {
      const onError = (error: Error): void => {
        failed = true
        server.removeListener('error', onError)
        server.removeListener('listening', onListening)
        this.#listening = null
        reject(error)
      }
      const onListening = (): void => {
        server.removeListener('error', onError)
        this.#startedListening = true
        resolve(listeningAddresses(server.address(), this.#secure)[0]!)
      }
      server.once('error', onError)
      server.once('listening', onListening)
      const { port = 0, host = 'localhost', backlog, path, signal } = options
      try {
        server.listen(
          path === undefined ? { port, host, backlog, signal } : { path, backlog, signal },
        )
      } catch (error) {
        // A bad port or path (ERR_SOCKET_BAD_PORT) throws at once: not listening, it may try again.
        onError(error as Error)
      }
    })
    if (!failed) this.#listening = listening
    return listening
  }

  /** Every address the server answers on once listening (one per interface for `0.0.0.0`). */
  listeningAddresses(): string[] {
    return this.server.listening ? listeningAddresses(this.server.address(), this.#secure) : []
  }

  /**
   * Stops accepting connections, closes the idle ones and the HTTP/2 sessions (GOAWAY), answers
   * what arrives meanwhile with 503 (`return503OnClosing`), lets requests in flight finish, and
   * resolves once every connection is gone. A second call returns the same promise.
   */
  close(): Promise<void> {
    this.#closed ??= this.#close().finally(() => {
      this.#closed = null
    })
    return this.#closed
  }

  async #close(): Promise<void> {
    // A listen() still under way finishes first, so the server it opens is closed too.
    if (this.#listening !== null) await this.#listening.catch(() => {})
    if (!this.#startedListening || !this.server.listening) {
      this.#listening = null
      return
    }
    this.#closing = true
    try {
      await closeServer(
        this.server as unknown as import('node:net').Server,
        this.#connections,
        this.#options.forceCloseConnections,
      )
    } finally {
      this.#closing = false
      this.#listening = null
      this.#startedListening = false
    }
  }

  inject(options: InjectOptions | string): Promise<InjectResponse> {
    const inject = loadLightMyRequest()
    let settle: (error: Error | null | undefined, response?: unknown) => void = () => {}
    const promise = new Promise<InjectResponse>((resolve, reject) => {
      settle = (error, response) => (error ? reject(error) : resolve(response as InjectResponse))
    })
    // Outside the promise: light-my-request's refusal of the options (an unknown method) throws.
    inject(this.dispatch, options as LightInjectOptions, (error, response) =>
      settle(error, response),
    )
    return promise
  }

  injectChain(ready: () => Promise<void>): unknown {
    const inject = loadLightMyRequest()
    // light-my-request fails the request (promise, callback or chain) with an 'error' on the response.
    const dispatchWhenReady = (raw: IncomingMessage, res: ServerResponse): void => {
      ready().then(
        () => this.dispatch(raw, res),
        (error) => res.emit('error', error),
      )
    }
    return inject(dispatchWhenReady)
  }

  readBody(
    raw: IncomingMessage,
    limit: number,
    done: (error: Error | null, body?: Buffer) => void,
    stream?: Readable,
  ): void {
    readBody(raw, limit > 0 ? limit : this.#options.bodyLimit, done, stream)
  }

  send(
    res: ServerResponse,
    statusCode: number,
    headers: OutgoingHeaders,
    payload: WritablePayload,
    done?: SendDone,
    trailers?: TrailerSource,
  ): void {
    send(res, statusCode, headers, payload, done, this.#closing, this.#options.logger, trailers)
  }

  isSent(res: ServerResponse): boolean {
    return isSent(res)
  }

  /** Fastify 5's `reply.writeEarlyHints`: node's `res.writeEarlyHints` (HTTP/1.1 and HTTP/2). */
  writeEarlyHints(
    res: ServerResponse,
    hints: Record<string, string | readonly string[]>,
    callback?: () => void,
  ): void {
    res.writeEarlyHints(hints as Record<string, string | string[]>, callback)
  }

  onTimeout(res: ServerResponse, fn: () => void): void {
    onTimeout(res, fn)
  }

  onAbort(raw: IncomingMessage, _res: ServerResponse | undefined, fn: () => void): void {
    onAbort(raw, fn)
  }

  whenFinished(res: ServerResponse, fn: (error?: Error) => void): void {
    whenFinished(res, fn)
  }

  /** `instance.routing(req, res)`: the server's own request listener. */
  get routing(): (raw: IncomingMessage, res: ServerResponse) => void {
    return this.dispatch
  }
}

/**
 * Creates the node:http transport the core serves its routes through: an `http.Server` with the
 * framework's timeouts, a find-my-way router built from the mounted route table, body reading with
 * a size limit, response writing, and `inject()` through light-my-request (no socket needed).
 *
 * @example
 * import { createHttpTransport } from '@framework/http'
 *
 * const transport = createHttpTransport({ requestTimeout: 10_000 })
 * transport.mount({
 *   routes: [{ method: 'GET', url: '/hello', handle: (raw, res) =>
 *     transport.send(res, 200, { 'content-type': 'text/plain' }, 'hi', () => {}) }],
 *   notFound: [{ prefix: '', handle: (raw, res) =>
 *     transport.send(res, 404, {}, null, () => {}) }],
 *   fail: (raw, res, error) => transport.send(res, 400, {}, error.message, () => {}),
 * })
 * const address = await transport.listen({ port: 3000 }) // 'http://127.0.0.1:3000'
 */
export function createHttpTransport(options?: HttpTransportOptions): HttpTransport {
  return new NodeHttpTransport(resolveOptions(options))
}
