import type { ValidationError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import { assertLogger, buildRouteOptions } from '../context/index.js'
import type { ClientInfo, QueryObject, RawRequest, RouteParams } from '../contracts/transport.js'
import type { Instance } from '../types/instance.js'
import type { Logger } from '../types/logger.js'
import type { RequestRouteOptions, RouteInfo } from '../types/route.js'
import { kRequestHeaders, kRequestId, kRequestLog, kRoute, kStartTime } from '../util/index.js'

/**
 * The request object. Each context with request decorators gets a subclass whose prototype holds
 * them, so building a request copies nothing per decorator. Fields are all set in the constructor,
 * so every request of a route has the same shape.
 */
export class Request {
  body: unknown
  validationError: ValidationError | undefined;
  [kRoute]: RouteContext;
  [kRequestId]: string | undefined;
  [kRequestLog]: Logger | undefined;
  [kRequestHeaders]: Record<string, string | string[] | undefined> | undefined;
  [kStartTime]: number

  constructor(
    rc: RouteContext,
    readonly raw: RawRequest,
    public params: RouteParams,
    public query: QueryObject,
  ) {
    this.body = undefined
    this.validationError = undefined
    this[kRoute] = rc
    this[kRequestId] = undefined
    this[kRequestLog] = undefined
    this[kRequestHeaders] = undefined
    this[kStartTime] = performance.now()
  }

  get headers(): Record<string, string | string[] | undefined> {
    return this[kRequestHeaders] ?? this.raw.headers
  }

  set headers(value: Record<string, string | string[] | undefined>) {
    this[kRequestHeaders] = value
  }

  get url(): string {
    return this.raw.url ?? '/'
  }

  get method(): string {
    return this.raw.method ?? 'GET'
  }

  get id(): string {
    let id = this[kRequestId]
    if (id === undefined) {
      const rc = this[kRoute]
      id = this[kRequestId] = rc.genReqId.call(rc.instance, this.raw)
    }
    return id
  }

  get log(): Logger {
    let log = this[kRequestLog]
    if (log === undefined) {
      try {
        log = this[kRequestLog] = createRequestLogger(this[kRoute], this)
      } catch (error) {
        // A child logger factory that failed: the error handler logs through a plain child.
        const rc = this[kRoute]
        this[kRequestLog] = rc.core.log.child({ [rc.core.requestIdLogLabel]: this.id })
        throw error
      }
    }
    return log
  }

  /** The route's settings, frozen (Fastify 4.29's `request.routeOptions`). */
  get routeOptions(): RequestRouteOptions {
    const rc = this[kRoute]
    if (!rc.core.versionConstraintInUse) return rc.routeOptions
    const version = this.raw.headers['accept-version']
    return buildRouteOptions(
      rc.routeOptionsInput,
      typeof version === 'string' ? version : undefined,
    )
  }

  /** The client's address: the socket's, or the one trusted proxies forwarded (`trustProxy`). */
  get ip(): string | undefined {
    return this.#client().ip
  }

  /** With `trustProxy`: the socket's address, then the trusted forwarded ones. */
  get ips(): string[] | undefined {
    return this.#client().ips
  }

  /** The Host header (port included, as in Fastify 4), or a trusted `X-Forwarded-Host`. */
  get hostname(): string | undefined {
    return this.#client().hostname
  }

  get protocol(): string {
    return this.#client().protocol
  }

  /** Who the client is: as a transport that trusts proxies says, else from the socket and Host. */
  #client(): ClientInfo {
    const describeClient = this[kRoute].core.transport.describeClient
    if (describeClient !== undefined) return describeClient(this.raw)
    const raw = this.raw
    const host = raw.headers.host ?? raw.headers[':authority']
    return {
      ip: raw.socket?.remoteAddress,
      ips: undefined,
      hostname: Array.isArray(host) ? host[0] : host,
      protocol: raw.socket?.encrypted === true ? 'https' : 'http',
    }
  }

  get socket(): unknown {
    return this.raw.socket
  }

  /** The URL before a transport's `rewriteUrl`, else `url`. */
  get originalUrl(): string {
    return (this.raw as { originalUrl?: string }).originalUrl ?? this.url
  }

  /** The route's path pattern (`/users/:id`). */
  get routerPath(): string {
    return this[kRoute].url
  }

  get routerMethod(): string {
    return this[kRoute].method
  }

  get routeConfig(): RouteInfo['config'] {
    return this[kRoute].info.config
  }

  get routeSchema(): RouteInfo['schema'] {
    return this[kRoute].info.schema
  }

  /** True in a not-found handler. */
  get is404(): boolean {
    return this[kRoute].notFound
  }

  /** Fastify 4's `request.context`: `context.config` is `routeOptions.config`. */
  get context(): RouteInfo {
    return this[kRoute].info
  }

  get server(): Instance {
    return this[kRoute].instance
  }
}

/**
 * The logger of one request: a child of the application's logger bound to the request id (under
 * `requestIdLogLabel`), at the route's `logLevel` and with its `logSerializers` (pino reads both
 * from the child's options; other loggers ignore them), made by the route's `childLoggerFactory`
 * when there is one.
 */
function createRequestLogger(rc: RouteContext, request: Request): Logger {
  const bindings = { [rc.core.requestIdLogLabel]: request.id }
  const factory = rc.childLoggerFactory
  if (factory === null && rc.logLevel === undefined && rc.logSerializers === undefined) {
    return rc.core.log.child(bindings)
  }
  const options: { level?: string; serializers?: Record<string, unknown> } = {}
  if (rc.logLevel !== undefined) options.level = rc.logLevel
  if (rc.logSerializers !== undefined) options.serializers = rc.logSerializers
  if (factory === null) return rc.core.log.child(bindings, options)
  return assertLogger(factory.call(rc.instance, rc.core.log, bindings, options, request.raw))
}

/** The names a request decorator may not take (own fields and prototype members). */
export const requestBuiltins: ReadonlySet<string | symbol> = new Set<string | symbol>([
  'raw',
  'params',
  'query',
  'body',
  'validationError',
  ...Reflect.ownKeys(Request.prototype),
])

declare module '../context/index.js' {
  interface RouteContext {
    /** The route's request class: its context's, with the context's request decorators. */
    Request: typeof Request
  }
  interface ResolvedContext {
    /** `Request`, or a subclass holding the request decorators of the context and its ancestors. */
    Request: typeof Request
  }
}
