import type { ServerOptions as HttpServerOptions } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import { createError } from '@framework/error-formatter'
import { compileTrust, type TrustFunction, type TrustProxy } from './client-info.js'

/**
 * Options of `createHttpTransport()`. Every one is optional; `undefined` means the default.
 *
 * @example
 * createHttpTransport({ requestTimeout: 10_000, keepAliveTimeout: 5_000, maxParamLength: 200 })
 */
export interface HttpTransportOptions {
  /** Largest request body in bytes, used when `readBody` is given no usable limit. Default 1048576. */
  bodyLimit?: number
  /**
   * Milliseconds for a request's headers and body to arrive in full; past it the client gets a
   * 408 and the connection is closed. 0 turns it off. Default 30000.
   */
  requestTimeout?: number
  /** Milliseconds an idle keep-alive connection stays open. Default 72000. */
  keepAliveTimeout?: number
  /**
   * Milliseconds of socket inactivity after which the `onTimeout` callbacks of the response in
   * progress run and the socket is destroyed. 0 (the default) turns it off.
   */
  connectionTimeout?: number
  /** Longest route parameter, in characters; a longer one does not match (404). Default 100. */
  maxParamLength?: number
  /** `/users/` matches the route `/users` (and the other way round). Default false. */
  ignoreTrailingSlash?: boolean
  /** Paths are matched case-sensitively. Default true. */
  caseSensitive?: boolean
  /** `//` in a path counts as one `/` (`/a//b` matches the route `/a/b`). Default false. */
  ignoreDuplicateSlashes?: boolean
  /**
   * Route RegExps that can backtrack exponentially (`/:id(^(a+)+$)`) are accepted; by default
   * they are refused when the route is declared. Default false.
   */
  allowUnsafeRegex?: boolean
  /**
   * `;` ends the path as `?` does (`/a;b=1` matches `/a`, query `b=1`). Default false (Fastify 5;
   * Fastify 4.29's default was true).
   */
  useSemicolonDelimiter?: boolean
  /** Answers a path with a malformed percent-escape: `(path, raw, res)`. Default: a 400 FRM_ERR_BAD_URL. */
  onBadUrl?: (
    path: string,
    raw: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) => void
  /** Answers a parameter over `maxParamLength`: `(path, raw, res)`. Default: a 414 FRM_ERR_MAX_PARAM_LENGTH. */
  onMaxParamLength?: (
    path: string,
    raw: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) => void
  /** What `printRoutes({ includeMeta })` shows of a route: `(route) => object`. */
  buildPrettyMeta?: (route: any) => Record<string | symbol, unknown>
  /**
   * node:http server options (`maxHeaderSize`, `insecureHTTPParser`, ...) for the plain HTTP/1.1
   * server; the framework's timeouts are set over them. Default: none.
   */
  http?: HttpServerOptions | null
  /** Requests one keep-alive connection may serve before it is closed (0: any number). Default 0. */
  maxRequestsPerSocket?: number
  /**
   * Where the transport reports a response stream that failed after its headers were sent, and
   * (at `info`, when it has the method) a request refused with 503 while the server closes.
   */
  logger?: {
    warn(...args: unknown[]): void
    error(...args: unknown[]): void
    info?(...args: unknown[]): void
  }
  /**
   * Which proxies to believe about the client (`X-Forwarded-For`, `-Host`, `-Proto`): `true`,
   * a hop count, addresses or subnets, or `(address, hop) => boolean`. Default: none.
   */
  trustProxy?: TrustProxy
  /**
   * Parses the query string instead of the built-in flat parser (Fastify 4's option), e.g.
   * `(text) => qs.parse(text)`. It receives the text after `?`.
   */
  querystringParser?: (text: string) => Record<string, unknown>
  /**
   * Rewrites each request's URL before routing (Fastify 4's option): `(raw) => string`. The
   * rewritten URL is what routes, hooks and `request.url` see.
   */
  rewriteUrl?: (raw: import('node:http').IncomingMessage) => string
  /**
   * Handles the server's 'clientError' (malformed HTTP, oversized headers, a request timeout)
   * instead of the built-in answer (Fastify 4's option): `(error, socket) => void`.
   */
  clientErrorHandler?: (
    error: Error & { code?: string },
    socket: import('node:stream').Duplex,
  ) => void
  /**
   * TLS: options for `https.createServer` (`key`, `cert`, ...), or with `http2: true` for
   * `http2.createSecureServer` (`allowHTTP1` included). Default: none (plain HTTP).
   */
  https?: HttpsServerOptions | (HttpsServerOptions & { allowHTTP1?: boolean }) | null
  /** Serve HTTP/2: cleartext h2c, or over TLS with `https`. Default false. */
  http2?: boolean
  /** Milliseconds an HTTP/2 session may stay idle before it is closed. Default 72000. */
  http2SessionTimeout?: number
  /**
   * Makes the server instead of the transport (Fastify 4's option): `(handler, options) => server`
   * returns any node:http-compatible server that calls `handler(req, res)` for each request. The
   * framework's timeouts are not applied to it.
   */
  serverFactory?: (handler: (req: any, res: any) => void, options: any) => unknown
  /** The second argument `serverFactory` receives. Default: these options. */
  serverFactoryOptions?: unknown
  /**
   * What `close()` does with open connections: `'idle'` (default) closes the keep-alive
   * connections with no request under way, `true` destroys every connection (requests in flight
   * are cut), `false` waits for the clients to close them.
   */
  forceCloseConnections?: boolean | 'idle'
  /**
   * While `close()` runs, a request arriving on an open connection is answered 503 with
   * `connection: close` (true, the default), or served with `connection: close` (false).
   */
  return503OnClosing?: boolean
}

/** The options with their defaults, plus the node:http settings derived from them. */
export interface ResolvedOptions {
  bodyLimit: number
  requestTimeout: number
  keepAliveTimeout: number
  connectionTimeout: number
  /** Node's `headersTimeout`: never more than `requestTimeout` (Node refuses that). */
  headersTimeout: number
  /** How often Node looks for connections past `requestTimeout`/`headersTimeout`. */
  connectionsCheckingInterval: number
  maxParamLength: number
  ignoreTrailingSlash: boolean
  caseSensitive: boolean
  ignoreDuplicateSlashes: boolean
  allowUnsafeRegex: boolean
  useSemicolonDelimiter: boolean
  onBadUrl: HttpTransportOptions['onBadUrl']
  onMaxParamLength: HttpTransportOptions['onMaxParamLength']
  buildPrettyMeta: HttpTransportOptions['buildPrettyMeta']
  /** node:http server options, or null. */
  http: HttpServerOptions | null
  maxRequestsPerSocket: number
  logger: HttpTransportOptions['logger']
  /** The compiled `trustProxy`, or null. */
  trust: TrustFunction | null
  querystringParser: HttpTransportOptions['querystringParser']
  rewriteUrl: HttpTransportOptions['rewriteUrl']
  clientErrorHandler: HttpTransportOptions['clientErrorHandler']
  /** The TLS options, or null for plain HTTP. */
  https: (HttpsServerOptions & { allowHTTP1?: boolean }) | null
  http2: boolean
  http2SessionTimeout: number
  serverFactory: HttpTransportOptions['serverFactory']
  serverFactoryOptions: unknown
  forceCloseConnections: boolean | 'idle'
  return503OnClosing: boolean
}

/** Node's own default `headersTimeout`. */
const NODE_HEADERS_TIMEOUT = 60_000
/** Node's own default `connectionsCheckingInterval`. */
const NODE_CHECKING_INTERVAL = 30_000

/**
 * Fills in the defaults and checks every option, throwing FRM_ERR_INVALID_OPTION naming the first
 * bad one.
 */
export function resolveOptions(options: HttpTransportOptions = {}): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw createError('FRM_ERR_INVALID_OPTION', 'options', 'pass an object, or nothing')
  }
  const bodyLimit = wholeNumber(options, 'bodyLimit', 1_048_576, 1)
  const requestTimeout = wholeNumber(options, 'requestTimeout', 30_000, 0)
  const keepAliveTimeout = wholeNumber(options, 'keepAliveTimeout', 72_000, 0)
  const connectionTimeout = wholeNumber(options, 'connectionTimeout', 0, 0)
  const maxParamLength = wholeNumber(options, 'maxParamLength', 100, 1)
  const http2SessionTimeout = wholeNumber(options, 'http2SessionTimeout', 72_000, 0)
  const maxRequestsPerSocket = wholeNumber(options, 'maxRequestsPerSocket', 0, 0)
  const headersTimeout =
    requestTimeout > 0 ? Math.min(requestTimeout, NODE_HEADERS_TIMEOUT) : NODE_HEADERS_TIMEOUT
  // A stalled request is noticed within a quarter of its timeout, so a short requestTimeout is
  // enforced closely; Node's 30 s default interval would let a 500 ms timeout run for 30 s.
  const checkedTimeout =
    requestTimeout > 0 ? Math.min(requestTimeout, headersTimeout) : headersTimeout
  const connectionsCheckingInterval = Math.max(
    10,
    Math.min(NODE_CHECKING_INTERVAL, Math.floor(checkedTimeout / 4)),
  )
  const logger = options.logger ?? undefined
  if (
    logger !== undefined &&
    (typeof logger !== 'object' ||
      typeof logger.warn !== 'function' ||
      typeof logger.error !== 'function')
  ) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'logger',
      'expected an object with warn() and error() methods',
    )
  }
  return {
    bodyLimit,
    requestTimeout,
    keepAliveTimeout,
    connectionTimeout,
    headersTimeout,
    connectionsCheckingInterval,
    maxParamLength,
    ignoreTrailingSlash: flag(options, 'ignoreTrailingSlash', false),
    caseSensitive: flag(options, 'caseSensitive', true),
    ignoreDuplicateSlashes: flag(options, 'ignoreDuplicateSlashes', false),
    allowUnsafeRegex: flag(options, 'allowUnsafeRegex', false),
    useSemicolonDelimiter: flag(options, 'useSemicolonDelimiter', false),
    onBadUrl: functionOption(options, 'onBadUrl'),
    onMaxParamLength: functionOption(options, 'onMaxParamLength'),
    buildPrettyMeta: functionOption(options, 'buildPrettyMeta'),
    http: httpOption(options.http),
    maxRequestsPerSocket,
    logger,
    trust: compileTrust(options.trustProxy),
    querystringParser: functionOption(options, 'querystringParser'),
    rewriteUrl: functionOption(options, 'rewriteUrl'),
    clientErrorHandler: functionOption(options, 'clientErrorHandler'),
    https: httpsOption(options.https),
    http2: flag(options, 'http2', false),
    http2SessionTimeout,
    serverFactory: functionOption(options, 'serverFactory'),
    serverFactoryOptions: options.serverFactoryOptions ?? options,
    forceCloseConnections: forceCloseOption(options.forceCloseConnections),
    return503OnClosing: flag(options, 'return503OnClosing', true),
  }
}

/** The node:http server options: an object, or nothing. */
function httpOption(value: unknown): HttpServerOptions | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'http',
      `expected http.createServer options ({ maxHeaderSize, ... }), received ${typeof value}`,
    )
  }
  return value as HttpServerOptions
}

/** The TLS options: an object, or nothing (`null`, `undefined`, `false`). */
function httpsOption(value: unknown): ResolvedOptions['https'] {
  if (value === undefined || value === null || value === false) return null
  if (value === true) return {}
  if (typeof value !== 'object') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'https',
      `expected https.createServer options ({ key, cert, ... }), received ${typeof value}`,
    )
  }
  return value as ResolvedOptions['https']
}

/** `forceCloseConnections`: true, false or 'idle'. */
function forceCloseOption(value: unknown): boolean | 'idle' {
  if (value === undefined) return 'idle'
  if (value === true || value === false || value === 'idle') return value
  throw createError(
    'FRM_ERR_INVALID_OPTION',
    'forceCloseConnections',
    `expected true, false or 'idle', received ${String(value)}`,
  )
}

type NumberOption =
  | 'bodyLimit'
  | 'requestTimeout'
  | 'keepAliveTimeout'
  | 'connectionTimeout'
  | 'maxParamLength'
  | 'http2SessionTimeout'
  | 'maxRequestsPerSocket'

function wholeNumber(
  options: HttpTransportOptions,
  name: NumberOption,
  fallback: number,
  minimum: number,
): number {
  const value = options[name]
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      name,
      `expected a whole number >= ${minimum}, received ${String(value)}`,
    )
  }
  return value
}

function flag(
  options: HttpTransportOptions,
  name:
    | 'ignoreTrailingSlash'
    | 'caseSensitive'
    | 'http2'
    | 'return503OnClosing'
    | 'ignoreDuplicateSlashes'
    | 'allowUnsafeRegex'
    | 'useSemicolonDelimiter',
  fallback: boolean,
): boolean {
  const value = options[name]
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      name,
      `expected true or false, received ${String(value)}`,
    )
  }
  return value
}

/** An optional function option; anything else is FRM_ERR_INVALID_OPTION. */
function functionOption<
  K extends
    | 'querystringParser'
    | 'rewriteUrl'
    | 'serverFactory'
    | 'clientErrorHandler'
    | 'onBadUrl'
    | 'onMaxParamLength'
    | 'buildPrettyMeta',
>(options: HttpTransportOptions, name: K): HttpTransportOptions[K] {
  const value = options[name]
  if (value !== undefined && typeof value !== 'function') {
    // Fastify has an error of its own for this one.
    if (name === 'querystringParser') throw createError('FRM_ERR_QSP_NOT_FN', typeof value)
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      name,
      `expected a function, received ${typeof value}`,
    )
  }
  return value
}
