import { createError, type ValidationError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import { assertLogger, buildRouteOptions } from '../context/index.js'
import type { HttpPart, JsonSchema, ValidateFunction } from '../contracts/compilers.js'
import type { ClientInfo, QueryObject, RawRequest, RouteParams } from '../contracts/transport.js'
import type { Instance } from '../types/instance.js'
import type { Logger } from '../types/logger.js'
import type { RequestRouteOptions, RouteInfo } from '../types/route.js'
import {
  kRequestHeaders,
  kRequestId,
  kRequestLog,
  kRequestSignal,
  kRoute,
  kStartTime,
  mediaTypeEssence,
  now,
} from '../util/index.js'
import { readDecorator } from './read-decorator.js'
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
  // `declare`: the constructor sets every field, once; a plain field declaration would first
  // define each as undefined on every new request (class-field semantics), then set it again.
  declare readonly raw: RawRequest
  declare params: RouteParams
  declare query: QueryObject
  declare body: unknown
  declare validationError: ValidationError | undefined
  declare [kRoute]: RouteContext
  declare [kRequestId]: string | undefined
  declare [kRequestLog]: Logger | undefined
  declare [kRequestHeaders]: Record<string, string | string[] | undefined> | undefined
  declare [kStartTime]: number

  constructor(rc: RouteContext, raw: RawRequest, params: RouteParams, query: QueryObject) {
    this.raw = raw
    this.params = params
    this.query = query
    this.body = undefined
    this.validationError = undefined
    this[kRoute] = rc
    this[kRequestId] = undefined
    this[kRequestLog] = undefined
    this[kRequestHeaders] = undefined
    this[kStartTime] = now()
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
    // Read per request by rate limiters: the socket's address without building a ClientInfo.
    if (this[kRoute].core.transport.describeClient === undefined)
      return this.raw.socket?.remoteAddress
    return this.#client().ip
  }

  /** With `trustProxy`: the socket's address, then the trusted forwarded ones. */
  get ips(): string[] | undefined {
    return this.#client().ips
  }

  /**
   * Fastify 5's `request.hostname`: `host` without its port (`example.com:8080` → `example.com`,
   * `[::1]:3000` → `[::1]`). Fastify 4.29's included the port; `request.host` has it now.
   */
  get hostname(): string {
    return hostnameOf(this.host)
  }

  /**
   * Fastify 5's `request.host`: the Host header (or HTTP/2's `:authority`), port included; with
   * `trustProxy`, `X-Forwarded-Host` when the socket's peer is a trusted proxy. `''` when absent
   * (HTTP/1.0, `requireHostHeader: false`, a headers schema that removed it).
   */
  get host(): string {
    const describeClient = this[kRoute].core.transport.describeClient
    const forwarded = describeClient === undefined ? undefined : describeClient(this.raw).host
    if (forwarded !== undefined) return forwarded
    const headers = this.headers
    const own = headers.host ?? headers[':authority']
    return (Array.isArray(own) ? own[0] : own) ?? ''
  }

  /** Fastify 5's `request.port`: the port `host` names, or null when it names none. */
  get port(): number | null {
    return portOf(this.host)
  }

  /** `https` or `http` from the socket; with `trustProxy`, a trusted proxy's `X-Forwarded-Proto`. */
  get protocol(): string {
    return this.#client().protocol
  }

  /** Fastify 5's `request.mediaType`: the Content-Type's `type/subtype`, lower-cased. */
  get mediaType(): string | undefined {
    const header = this.headers['content-type']
    return typeof header === 'string' ? mediaTypeEssence(header) : undefined
  }

  /** Who the client is: as a transport that trusts proxies says, else from the socket. */
  #client(): ClientInfo {
    const describeClient = this[kRoute].core.transport.describeClient
    if (describeClient !== undefined) return describeClient(this.raw)
    const raw = this.raw
    return {
      ip: raw.socket?.remoteAddress,
      ips: undefined,
      protocol: raw.socket?.encrypted === true ? 'https' : 'http',
    }
  }

  get socket(): unknown {
    return this.raw.socket
  }

  /**
   * Fastify 5's `request.signal`: an AbortSignal that aborts if the client goes away before the
   * response is complete (pass it to `fetch()`, a database driver, ...). Made on first use, so a
   * request that never reads it pays nothing. With a `handlerTimeout` (Fastify 5), it is made as
   * the request arrives and also aborts when the time runs out, its reason the
   * `FRM_ERR_HANDLER_TIMEOUT` error.
   */
  get signal(): AbortSignal {
    const self = this as unknown as { [kRequestSignal]?: AbortController }
    let controller = self[kRequestSignal]
    if (controller === undefined) {
      const made = new AbortController()
      controller = self[kRequestSignal] = made
      this[kRoute].core.transport.onAbort?.(this.raw, undefined, () => {
        if (!made.signal.aborted) made.abort()
      })
    }
    return controller.signal
  }

  /** Fastify 4's deprecated name of `socket` (removed in Fastify 5; kept, as 4.29 has it). */
  get connection(): unknown {
    return this.raw.socket
  }

  /** The URL before a transport's `rewriteUrl`, else `url`. */
  get originalUrl(): string {
    return (this.raw as { originalUrl?: string }).originalUrl ?? this.url
  }

  /**
   * Fastify 4's deprecated name of `routeOptions.url`: the route's path pattern (`/users/:id`),
   * undefined where no route matched (a not-found handler, `frameworkErrors`), as in Fastify.
   */
  get routerPath(): string | undefined {
    return this.routeOptions.url
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
   * Fastify 5's `request.getDecorator(name)`: a request decorator (a function comes bound to this
   * request); FRM_ERR_DEC_UNDECLARED when the request has no member of that name.
   */
  getDecorator<T = unknown>(name: string | symbol): T {
    return readDecorator(this, name, 'request') as T
  }

  /**
   * Fastify 5's `request.setDecorator(name, value)`: sets a declared request decorator;
   * FRM_ERR_DEC_UNDECLARED for a name never declared (a typo fails loudly).
   */
  setDecorator(name: string | symbol, value: unknown): void {
    if (!(name in this)) throw createError('FRM_ERR_DEC_UNDECLARED', String(name), 'request')
    ;(this as unknown as Record<string | symbol, unknown>)[name] = value
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

/** The port at the end of a Host value (`example.com:8080`, `[::1]:3000`), or null. */
function portOf(host: string): number | null {
  const colon = host.lastIndexOf(':')
  if (colon === -1 || colon === host.length - 1) return null
  for (let i = colon + 1; i < host.length; i++) {
    const code = host.charCodeAt(i)
    if (code < 48 || code > 57) return null
  }
  return Number.parseInt(host.slice(colon + 1), 10)
}

/**
 * A Host value without its port, as Fastify 5 cuts it: an IPv6 literal keeps its brackets
 * (`[::1]:3000` → `[::1]`), anything else ends at its first `:`.
 */
function hostnameOf(host: string): string {
  if (host.charCodeAt(0) === 91 /* [ */) return host.slice(0, host.indexOf(']') + 1)
  const colon = host.indexOf(':')
  return colon === -1 ? host : host.slice(0, colon)
}

/**
 * The names a request decorator may not take: the fields each request sets itself, and the ones
 * Fastify 5 refuses (`id`, `log`). A method or accessor may be decorated over, as in Fastify.
 */
export const requestBuiltins: ReadonlySet<string | symbol> = new Set<string | symbol>([
  'raw',
  'params',
  'query',
  'body',
  'validationError',
  'id',
  'log',
])

/** Every built-in member of the request (fields and prototype): `hasRequestDecorator` sees them. */
export const requestMembers: ReadonlySet<string | symbol> = new Set<string | symbol>([
  ...requestBuiltins,
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
