import type { ValidationError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import { buildRouteOptions } from '../context/index.js'
import type { HttpPart, JsonSchema, ValidateFunction } from '../contracts/compilers.js'
import type { ClientInfo, QueryObject, RawRequest, RouteParams } from '../contracts/transport.js'
import type { Instance } from '../types/instance.js'
import type { Logger } from '../types/logger.js'
import type { RequestRouteOptions, RouteInfo } from '../types/route.js'
import { kRequestHeaders, kRequestId, kRequestLog, kRoute, kStartTime } from '../util/index.js'
import {
  compileValidationSchema,
  getValidationFunction,
  validateInput,
} from './schema-functions.js'

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
    if (id === undefined) id = this[kRequestId] = this[kRoute].core.genReqId(this.raw)
    return id
  }

  get log(): Logger {
    let log = this[kRequestLog]
    if (log === undefined) {
      const rc = this[kRoute]
      const bindings = { reqId: this.id }
      // pino's child(bindings, { level }) sets the route's `logLevel`; other loggers ignore it.
      log =
        rc.logLevel === undefined
          ? rc.core.log.child(bindings)
          : rc.core.log.child(bindings, { level: rc.logLevel })
      this[kRequestLog] = log
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

  /**
   * The route's validator of a part (`'body'`, `'querystring'`/`'query'`, `'params'`,
   * `'headers'`), or the function `compileValidationSchema` compiled for a schema object.
   */
  getValidationFunction(partOrSchema: string | object): unknown {
    return getValidationFunction(this[kRoute], partOrSchema)
  }

  /** Compiles `schema` with the route's validator compiler, once per route and schema object. */
  compileValidationSchema(schema: JsonSchema, httpPart?: HttpPart): ValidateFunction {
    return compileValidationSchema(this[kRoute], this.method, this.url, schema, httpPart)
  }

  /** Validates `input` with the route's validator of a part, or with a schema's. */
  validateInput(input: unknown, schemaOrPart: JsonSchema | string, httpPart?: string): unknown {
    return validateInput(this[kRoute], this.method, this.url, input, schemaOrPart, httpPart)
  }
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
