import type { Readable } from 'node:stream'

/**
 * The interface between the core and a transport. The core never imports node:http: the HTTP
 * adapter (`@framework/http`) implements {@link Transport}, and the core calls it to read bodies,
 * write responses, listen and inject. At ready the core hands the transport a {@link RouteTable};
 * the transport routes each request and calls the matching {@link RouteHandle}.
 */

/** The part of a transport's raw request the core reads. `IncomingMessage` satisfies it. */
export interface RawRequest {
  method?: string | undefined
  url?: string | undefined
  headers: Record<string, string | string[] | undefined>
  /** Read by `request.ip`, `request.protocol` and `request.socket` when the transport has one. */
  socket?: { remoteAddress?: string | undefined; encrypted?: boolean } | null | undefined
}

/**
 * Who the client is, as a transport that trusts proxies sees it (`request.ip`, `ips`, `host`,
 * `protocol`; `hostname` and `port` are read from `host`). As Fastify 5 has it, a forwarded
 * host or protocol counts only when the socket's peer is itself a trusted proxy.
 */
export interface ClientInfo {
  ip: string | undefined
  /** The socket's address, then each trusted forwarded address, the client's last. */
  ips: string[] | undefined
  /**
   * The last `X-Forwarded-Host` when the socket's peer is trusted; absent otherwise, and the core
   * reads the request's own Host header (or HTTP/2's `:authority`).
   */
  host?: string | undefined
  protocol: string
}

/** Response headers as the core hands them to the transport (names lower-cased). */
export type OutgoingHeaders = Record<string, string | number | readonly string[]>

/** Route parameters, decoded. */
export type RouteParams = Record<string, string | undefined>

/**
 * The parsed query string: flat (`a[b]=1` is the key `a[b]`), repeated keys as arrays, created with
 * a null prototype so `__proto__` is an ordinary key.
 */
export type QueryObject = Record<string, string | string[]>

/** Runs the whole lifecycle of one request for one route. */
export type RouteHandle<Req extends RawRequest = RawRequest, Res = unknown> = (
  raw: Req,
  res: Res,
  params: RouteParams,
  query: QueryObject,
) => void

/** One method + path the transport must route. */
export interface MountedRoute<Req extends RawRequest = RawRequest, Res = unknown> {
  /** One upper-case method per entry (`GET`, `HEAD`, `POST`...). */
  method: string
  /** The full path, prefixes included, in find-my-way syntax (`/users/:id`, `/files/*`). */
  url: string
  handle: RouteHandle<Req, Res>
  /** find-my-way constraints of the route (`{ version: '1.0.0' }`, `{ host: 'example.com' }`). */
  constraints?: Record<string, unknown> | undefined
}

/**
 * A custom route constraint, in find-my-way's strategy shape (what Fastify's `constraints` option
 * and `addConstraintStrategy` take). The core only keeps and hands these to the transport; the
 * transport's router applies them.
 *
 * @example
 * const tenant: ConstraintStrategy = {
 *   name: 'tenant',
 *   storage() {
 *     const byValue = new Map()
 *     return { get: (v) => byValue.get(v) ?? null, set: (v, store) => byValue.set(v, store) }
 *   },
 *   deriveConstraint: (req) => req.headers['x-tenant'],
 *   mustMatchWhenDerived: true,
 * }
 */
export interface ConstraintStrategy<Req = any> {
  /** The key routes use in their `constraints` option. */
  name: string
  /** A fresh store of route handles by constraint value. */
  storage(): {
    get(value: any): unknown
    set(value: any, store: unknown): void
    [other: string]: unknown
  }
  /**
   * The constraint value of a request. A function of three parameters `(req, ctx, done)` derives
   * it asynchronously and calls `done(error, value)`.
   */
  deriveConstraint(
    req: Req,
    ctx?: unknown,
    done?: (error: Error | null, value?: unknown) => void,
  ): unknown
  /** When true, a request whose derived value matches no route is not served by an unconstrained one. */
  mustMatchWhenDerived?: boolean
  /** Checks a route's constraint value when the route is added; throws to refuse it. */
  validate?(value: unknown): void
  [other: string]: unknown
}

/** The not-found handler of the context registered with `prefix` ('' for the root). */
export interface MountedNotFound<Req extends RawRequest = RawRequest, Res = unknown> {
  prefix: string
  /** Answers with that context's not-found handler (404 by default). */
  handle: RouteHandle<Req, Res>
}

/** Everything the transport needs to route, built by the core once at ready. */
export interface RouteTable<Req extends RawRequest = RawRequest, Res = unknown> {
  routes: readonly MountedRoute<Req, Res>[]
  /** Longest prefix first: a request that matches no route goes to the first whose prefix it starts with. */
  notFound: readonly MountedNotFound<Req, Res>[]
  /**
   * Answers a request the transport could not route (a malformed URL, say): the root error handler
   * runs with `error`, whose `statusCode` says the status. `frameworkError`, when given, is what
   * the `frameworkErrors` option receives instead (a coded error where the default answer shows
   * none, as for a failing asynchronous constraint).
   */
  fail(raw: Req, res: Res, error: Error, frameworkError?: Error): void
  /**
   * Custom constraint strategies routes may use besides the built-in `version` and `host` (a
   * strategy named `version` or `host` replaces the built-in one).
   */
  constraintStrategies?: readonly ConstraintStrategy<Req>[]
  /**
   * Fastify's `setDefaultRoute(fn)`: answers, instead of the not-found handles, every request that
   * matches no route. Read per request (it may be set after the table was mounted).
   */
  defaultRoute?: ((raw: Req, res: Res) => void) | undefined
}

/** One method + path declared so far (before or after ready), for `findRoute` and `printRoutes`. */
export interface DeclaredRoute {
  method: string
  /** The full path, prefixes included. */
  url: string
  constraints?: Record<string, unknown> | undefined
  /** What `printRoutes({ includeMeta })` may show of the route (its hooks, `logLevel`...). */
  meta?: Record<string, unknown>
}

/** The declared route a method + path reaches. */
export interface FoundRoute {
  /** Its index in the list the transport was given. */
  index: number
  params: RouteParams
  searchParams: Record<string, string>
}

/** Options of `printRoutes()` (find-my-way's `prettyPrint`). */
export interface PrintRoutesOptions {
  /** Only the routes of this method. */
  method?: string
  /** Merge the common prefixes of paths into one node (default true). */
  commonPrefix?: boolean
  /** Show each route's meta: `true` for all of it, or the keys to show. */
  includeMeta?: boolean | readonly (string | symbol)[]
  /** Show each route's hooks (Fastify adds their names to `includeMeta`). */
  includeHooks?: boolean
}

/** Options of `listen()`. */
export interface ListenOptions {
  port?: number
  /** Default `localhost`. */
  host?: string
  backlog?: number
  /** A Unix socket or Windows pipe path instead of a port. */
  path?: string
  signal?: AbortSignal
  /** Turns the address into the info line logged once listening. Default: `Server listening at ${address}`. */
  listenTextResolver?: (address: string) => string
}

/** Options of `inject()`: those of light-my-request. */
export interface InjectOptions {
  method?: string
  url?: string | { pathname: string; [key: string]: unknown }
  path?: string
  query?: string | Record<string, unknown>
  headers?: Record<string, string | string[] | number | undefined>
  payload?: unknown
  body?: unknown
  remoteAddress?: string
  [option: string]: unknown
}

/** The result of `inject()`: that of light-my-request. */
export interface InjectResponse {
  statusCode: number
  statusMessage: string
  headers: Record<string, string | string[] | number | undefined>
  /** The body as text. */
  body: string
  /** Same as `body`. */
  payload: string
  rawPayload: Buffer
  /** The body parsed as JSON. */
  json<T = any>(): T
  [field: string]: unknown
}

/**
 * A WHATWG `ReadableStream` of bytes, as the core hands it to a transport (a `Response` body, or a
 * stream the application sent). Only its shape is named here, so the core needs no Fetch API types.
 */
export interface WebStream {
  getReader(): unknown
  cancel(reason?: unknown): Promise<void>
  readonly locked: boolean
}

/**
 * The payload forms a transport writes. `null` writes no body. A WHATWG stream is written as a
 * Node stream is (the node:http transport reads it a chunk at a time as the response takes it).
 */
export type WritablePayload = string | Buffer | Readable | WebStream | null

/**
 * The trailers of a response (`reply.trailer()`): called once the body has been written, it calls
 * `finish` once with the trailer fields to send (lower-cased names), after which the transport
 * ends the response. The core has already set `transfer-encoding: chunked` and `trailer`; the
 * transport writes no `content-length` then.
 */
export type TrailerSource = (finish: (trailers: Record<string, string>) => void) => void

/**
 * A transport: serves the route table over some protocol. Implemented by `@framework/http`
 * for node:http.
 */
export interface Transport<Req extends RawRequest = RawRequest, Res = unknown> {
  /** Called once, when the root instance becomes ready, with the finished route table. */
  mount(table: RouteTable<Req, Res>): void

  /** Starts listening; resolves with the address (`http://127.0.0.1:3000`). */
  listen(options: ListenOptions): Promise<string>

  /**
   * Every address the server answers on once listening, the one `listen()` resolved with first
   * (for `0.0.0.0`, one per interface, as Fastify lists them): one `Server listening at` line each.
   */
  listeningAddresses?(): string[]

  /** Stops accepting connections; resolves once in-flight requests have finished. */
  close(): Promise<void>

  /**
   * An in-process request through the mounted table (light-my-request). Options it refuses (an
   * unknown method) throw synchronously, not through the promise.
   */
  inject(options: InjectOptions | string): Promise<InjectResponse>

  /**
   * Optional: who the client is when the transport trusts proxies (`trustProxy`); without it the
   * core reads the socket's address and the Host header.
   */
  describeClient?(raw: Req): ClientInfo

  /**
   * Optional: light-my-request's request chain (`inject()` with no options), whose request is
   * dispatched once `ready` has resolved; a rejection of `ready` fails the chain with that error.
   */
  injectChain?(ready: () => Promise<void>): unknown

  /** The underlying server (`http.Server` for `@framework/http`). */
  readonly server: unknown

  /**
   * Reads the whole request body, calling `done` exactly once. Never buffers more than `limit` bytes:
   * a declared Content-Length over it fails at once, a body that grows past it fails while reading
   * (both FRM_ERR_CTP_BODY_TOO_LARGE, 413, and the connection is closed after the response). A body
   * shorter or longer than its Content-Length fails with FRM_ERR_CTP_INVALID_CONTENT_LENGTH (400).
   * `stream`, when given, is read instead of `raw` (a preParsing hook replaced the payload).
   * `encoding` `'utf8'`: the parser takes the body as text, and the transport may hand it over
   * already decoded (as `Buffer#toString('utf8')` would decode it), when its host decodes cheaper
   * than it copies bytes; a Buffer is always accepted.
   */
  readBody(
    raw: Req,
    limit: number,
    done: (error: Error | null, body?: Buffer | string) => void,
    stream?: Readable,
    encoding?: 'utf8',
  ): void

  /**
   * Writes the whole response once: status, headers, then `payload` (a stream is piped). Sets
   * Content-Length for strings and buffers. Calls `done` once the response has been handed to the OS
   * or the connection has closed (with the error, if the stream failed). The core leaves `done` out
   * when it needs no word back (a string, Buffer or empty body and no onResponse hook), so the
   * transport need not watch that response. With `trailers`, the body is sent chunked and the
   * response ends only once `trailers` has handed over its fields.
   */
  send(
    res: Res,
    statusCode: number,
    headers: OutgoingHeaders,
    payload: WritablePayload,
    done?: (error?: Error) => void,
    trailers?: TrailerSource,
  ): void

  /** True once the response has been written or the client has gone. */
  isSent(res: Res): boolean

  /**
   * Optional: sends a 103 Early Hints response with `hints` (header name → value or values) ahead
   * of the response, then calls `callback` (Fastify 5's `reply.writeEarlyHints`). A transport that
   * cannot send one leaves it out, and the hints are dropped (they are advice to the client).
   */
  writeEarlyHints?(
    res: Res,
    hints: Record<string, string | readonly string[]>,
    callback?: () => void,
  ): void

  /**
   * Calls `fn` if the connection times out (the transport's `connectionTimeout`) before the response
   * is written; the core runs the `onTimeout` hooks from it.
   */
  onTimeout(res: Res, fn: () => void): void

  /**
   * Optional: calls `fn` once if the client closes the connection before the response to `raw`
   * was complete; the core runs the `onRequestAbort` hooks from it (asked only for routes that
   * have such hooks), and aborts `request.signal` (asked on its first use, with `res` undefined).
   */
  onAbort?(raw: Req, res: Res | undefined, fn: () => void): void

  /**
   * Optional: calls `fn` once the response has finished (written in full, or the connection closed
   * before it was), with the error if writing it failed. `reply.then` (`await reply`) waits on it.
   */
  whenFinished?(res: Res, fn: (error?: Error) => void): void

  /**
   * Optional: checks a route path as it is declared, throwing what the router would refuse when
   * the table is mounted (an unsafe RegExp without `allowUnsafeRegex`, a malformed pattern), so
   * the error points at the declaration.
   */
  checkRoute?(method: string, url: string): void

  /**
   * Optional: the declared route `method` + `url` reaches, as the router matches a request
   * (`url` may be a pattern: `/users/:id` reaches itself), or null. `strategies` are the custom
   * constraint strategies in force.
   */
  findRoute?(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy<Req>[],
    method: string,
    url: string,
    constraints?: Record<string, unknown>,
  ): FoundRoute | null

  /** Optional: the router's own drawing of the declared routes (Fastify's `printRoutes`). */
  printRoutes?(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy<Req>[],
    options: PrintRoutesOptions,
  ): string

  /**
   * Optional: routes one raw request through the mounted table, as the server does for each of
   * its requests (`instance.routing(req, res)`, for a request that arrived another way).
   */
  routing?(raw: Req, res: Res): void

  /**
   * Optional: the value of a promise that is already fulfilled, read at once, where the host can
   * (Bun's `Bun.peek`); the promise itself when it is pending or rejected. The core then goes on
   * with an async handler's value in the same turn, instead of one turn of the microtask queue
   * later: a host that takes a `Response` answered at once writes it without waiting.
   */
  settledValue?(promise: Promise<unknown>): unknown
}
