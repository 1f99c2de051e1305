import type { ConstraintStrategy, SchemaControllerOptions } from '@framework/core'
import { createError, type SchemaErrorFormatter } from '@framework/error-formatter'
import type { HttpTransportOptions, PoisoningAction, TrustProxy } from '@framework/http'
import type { SerializerCompilerOptions } from '@framework/serializer-compiler'
import { refuseUnsupported } from './fastify-options.js'
import type { FrameworkLogger, LoggerOption } from './logger.js'
import type { PrecompiledModule, Precompiler } from './precompiler.js'
import type { RouterOptions } from './router-options.js'
import type { VersioningOption } from './versioning.js'

/** An Ajv plugin: a function of the Ajv instance, or a `[plugin, options]` pair. */
export type ValidatorPlugin =
  | ((ajv: any, options?: any) => unknown)
  | [(ajv: any, options?: any) => unknown, unknown]

/** The default validator's options: Ajv options merged over the baseline, and Ajv plugins. */
export interface ValidatorOptions {
  customOptions?: Record<string, unknown>
  plugins?: ValidatorPlugin[]
}

/** Options of `framework(options)`. */
export interface FrameworkOptions {
  /** The default validator (Ajv 8): `customOptions` merged over the baseline, and Ajv plugins. */
  validator?: ValidatorOptions
  /**
   * Fastify's name of `validator` (`{ customOptions, plugins }`), accepted as the same option.
   * Give one of the two: both at once is refused (FRM_ERR_INVALID_OPTION).
   */
  ajv?: ValidatorOptions
  /** Turns validation errors into the Error a request fails with; `this` is the instance. */
  schemaErrorFormatter?: SchemaErrorFormatter
  /** Largest request body in bytes. Default 1048576 (1 MiB). */
  bodyLimit?: number
  /**
   * `true` or pino options turn on pino logging (a ready logger is accepted too, as in Fastify
   * 4.29). Default `false`.
   */
  logger?: LoggerOption
  /**
   * Fastify 5's option: a logger built outside (pino, or any object with pino's `info`, `error`,
   * `debug`, `fatal`, `warn`, `trace` and `child`), used as it is. Not together with `logger`.
   */
  loggerInstance?: FrameworkLogger
  /** Milliseconds a plugin may take to load. Default 10000. */
  pluginTimeout?: number
  /**
   * Fastify 5: milliseconds a request may take, from its arrival until the reply is sent, before
   * it is answered 503 `FRM_ERR_HANDLER_TIMEOUT` and `request.signal` aborts; a route's own
   * `handlerTimeout` wins. Default 0: no limit.
   */
  handlerTimeout?: number
  /** Milliseconds for a whole request (headers and body) to arrive. Default 30000. */
  requestTimeout?: number
  /** Milliseconds an idle keep-alive connection stays open. Default 72000. */
  keepAliveTimeout?: number
  /** Milliseconds of socket inactivity before it is closed (0: none). Default 0. */
  connectionTimeout?: number
  /** A GET route also answers HEAD. Default true. */
  exposeHeadRoutes?: boolean
  /** Generates the request id (`request.id`). Default: a counter. */
  genReqId?: (raw: import('node:http').IncomingMessage) => string
  /**
   * A request header to take the request id from when present (e.g. `x-request-id`); `true` is
   * Fastify 5's `request-id`. Default false: no header is trusted.
   */
  requestIdHeader?: string | boolean
  /** The key of the request id in request log lines (Fastify's option). Default `'reqId'`. */
  requestIdLogLabel?: string
  /** Longest route parameter, in characters. Default 100. */
  maxParamLength?: number
  /** `/users/` matches the route `/users`. Default false. */
  ignoreTrailingSlash?: boolean
  /** Paths are matched case-sensitively. Default true. */
  caseSensitive?: boolean
  /** `//` in a path counts as one `/` (Fastify's option). Default false. */
  ignoreDuplicateSlashes?: boolean
  /**
   * Accept route RegExps that can backtrack exponentially; by default such a route is refused
   * when it is declared (Fastify's option). Default false.
   */
  allowUnsafeRegex?: boolean
  /**
   * `;` ends the path as `?` does (`/a;b=1` is `/a` with query `b=1`). Default false (Fastify 5;
   * Fastify 4.29's default was true). Prefer `routerOptions.useSemicolonDelimiter`.
   */
  useSemicolonDelimiter?: boolean
  /**
   * Answers every request that matches no route, instead of the not-found handlers:
   * `(raw, res)`. Prefer `routerOptions.defaultRoute` (Fastify 5) or `setNotFoundHandler`.
   */
  defaultRoute?: (raw: any, res: any) => void
  /**
   * Answers a path with a malformed percent-escape: `(path, raw, res)`. Default: 400
   * FRM_ERR_BAD_URL (or `frameworkErrors`). Prefer `routerOptions.onBadUrl`.
   */
  onBadUrl?: (path: string, raw: any, res: any) => void
  /**
   * Answers a path parameter longer than `maxParamLength`: `(path, raw, res)`. Default: 414
   * FRM_ERR_MAX_PARAM_LENGTH (or `frameworkErrors`). Prefer `routerOptions.onMaxParamLength`.
   */
  onMaxParamLength?: (path: string, raw: any, res: any) => void
  /**
   * What `printRoutes({ includeMeta: true })` shows of each route: `(route) => object`, route as
   * find-my-way gives it (`method`, `path`, `store`: the route's meta). Prefer
   * `routerOptions.buildPrettyMeta`.
   */
  buildPrettyMeta?: (route: any) => Record<string | symbol, unknown>
  /** node:http server options (`maxHeaderSize`, ...) for the plain HTTP/1.1 server. Default: none. */
  http?: import('node:http').ServerOptions | null
  /** Requests one keep-alive connection may serve before it is closed (0: any). Default 0. */
  maxRequestsPerSocket?: number | null
  /**
   * Validate every reply against the response schema of its status before serializing it (JSON
   * Schema by a separate Ajv without coercion, removal or defaults; Standard Schema by its
   * `validate`). A failing payload answers 500. Default false; the route option wins.
   */
  responseValidation?: boolean
  /**
   * Which proxies to believe about the client (Fastify 4's option): `request.ip`, `ips`,
   * `hostname` and `protocol` then read `X-Forwarded-For`, `-Host` and `-Proto`. `true`, a hop
   * count, addresses or subnets (`'127.0.0.1,10.0.0.0/8'`), or `(address, hop) => boolean`.
   * Default: no proxy is trusted.
   */
  trustProxy?: TrustProxy
  /**
   * With a logger on, every request logs `incoming request` and `request completed` at `info`
   * (Fastify 4); `true` turns that off, and a function of the request (Fastify 5) turns it off for
   * the requests it returns true for. Default false.
   */
  disableRequestLogging?: boolean | ((request: any) => boolean)
  /**
   * Fastify's `childLoggerFactory`: makes each request's logger, `(logger, bindings, options,
   * rawRequest) => childLogger`, with the instance as `this` (as `setChildLoggerFactory`).
   */
  childLoggerFactory?: (
    this: any,
    logger: FrameworkLogger,
    bindings: Record<string, unknown>,
    options: Record<string, unknown>,
    raw: any,
  ) => FrameworkLogger
  /** Parses query strings instead of the built-in flat parser (Fastify 4), e.g. `qs.parse`. */
  querystringParser?: (text: string) => Record<string, unknown>
  /**
   * Answers the requests the router cannot take (Fastify 4): a malformed URL (`FRM_ERR_BAD_URL`,
   * whose default answer is a 400), a parameter over `maxParamLength` (`FRM_ERR_MAX_PARAM_LENGTH`,
   * 414) and a failing asynchronous constraint strategy (`FRM_ERR_ASYNC_CONSTRAINT`, default: a
   * 500), with the error, a request and a reply of the root context; `this` is the instance. With
   * request logging on, the request logs `incoming request` first. A throwing handler hands its
   * error to the root error handler.
   *
   * @example
   * framework({ frameworkErrors: (error, request, reply) => reply.code(400).send({ bad: request.url }) })
   */
  frameworkErrors?: (
    this: any,
    error: import('@framework/core').FastifyError,
    request: import('@framework/core').FrameworkRequest,
    reply: import('@framework/core').FrameworkReply,
  ) => void
  /** Rewrites each request's URL before routing (Fastify 4); `this` is the instance. */
  rewriteUrl?: (this: any, raw: import('node:http').IncomingMessage) => string
  /**
   * Handles malformed HTTP, oversized headers and request timeouts on a connection instead of
   * the built-in answer (400, 408, 431), as Fastify 4: `this` is the instance. Write the answer
   * on `socket` (when `socket.writable`) and destroy it.
   */
  clientErrorHandler?: (
    this: any,
    error: Error & { code?: string; rawPacket?: Buffer },
    socket: import('node:stream').Duplex,
  ) => void
  /** A `__proto__` key in a JSON body: `'error'` (400, default), `'remove'` (dropped) or `'ignore'`. */
  onProtoPoisoning?: PoisoningAction
  /** A `constructor.prototype` key in a JSON body: `'error'` (400, default), `'remove'` or `'ignore'`. */
  onConstructorPoisoning?: PoisoningAction
  /** Options of the default serializer (fast-json-stringify): `rounding`, `largeArrayMechanism`... */
  serializerOpts?: SerializerCompilerOptions
  /**
   * Validators and serializers compiled ahead of time: a module written by a `Precompiler`, as
   * loaded (`require('./compiled.cjs')`); what it holds is not compiled at ready, anything missing
   * or changed is. Or a `Precompiler` (build mode: collect them while compiling). Default: none.
   */
  precompiled?: PrecompiledModule | Precompiler
  /**
   * Custom route constraint strategies by name (Fastify's option, find-my-way's strategy shape):
   * routes use them in their `constraints` option; `version` or `host` replaces the built-in one.
   */
  constraints?: Record<string, ConstraintStrategy>
  /**
   * Fastify's `schemaController`: `bucket(parentSchemas)` stores the shared schemas of each
   * context, `compilersFactory.buildValidator(schemas, validatorOptions)` and
   * `buildSerializer(schemas, serializerOpts)` build the default compilers instead of Ajv and
   * fast-json-stringify (a custom builder then also receives Standard Schema values as they are).
   */
  schemaController?: SchemaControllerOptions
  /**
   * Fastify 4's deprecated form of a custom `version` strategy: `{ storage(), deriveVersion(req) }`.
   * Prefer `constraints: { version: strategy }`.
   */
  versioning?: VersioningOption
  /**
   * Serve TLS: options for `https.createServer` (`key`, `cert`, ...), or with `http2: true` for
   * `http2.createSecureServer` (`allowHTTP1` honoured). Default: none.
   */
  https?: HttpTransportOptions['https']
  /** Serve HTTP/2: cleartext (h2c), or over TLS with `https`. Default false. */
  http2?: boolean
  /** Milliseconds an idle HTTP/2 session stays open. Default 72000. */
  http2SessionTimeout?: number
  /**
   * `(handler, options) => server`: makes the server (any node:http-compatible one that calls
   * `handler(req, res)`); `options` are these factory options. `app.server` is that server.
   */
  serverFactory?: (handler: (req: any, res: any) => void, options: FrameworkOptions) => unknown
  /**
   * Fastify 5's grouping of the router options (`ignoreTrailingSlash`, `caseSensitive`,
   * `maxParamLength`, `querystringParser`, `constraints`, ...): each key is read as the top-level
   * option of that name, and wins over it.
   */
  routerOptions?: RouterOptions
  /**
   * On `close()`: `'idle'` (default) closes idle keep-alive connections, `true` destroys every
   * connection, `false` waits for the clients to close theirs.
   */
  forceCloseConnections?: boolean | 'idle'
  /**
   * While `close()` runs, a request on an open connection gets 503 with `connection: close`
   * (default true), or is served with `connection: close` (false).
   */
  return503OnClosing?: boolean
}

/** Every option the factory reads; any other is refused or warned about (see fastify-options.ts). */
export const knownOptions: ReadonlySet<string> = new Set([
  'validator',
  'ajv',
  'schemaErrorFormatter',
  'bodyLimit',
  'logger',
  'loggerInstance',
  'pluginTimeout',
  'handlerTimeout',
  'requestTimeout',
  'keepAliveTimeout',
  'connectionTimeout',
  'exposeHeadRoutes',
  'genReqId',
  'requestIdHeader',
  'requestIdLogLabel',
  'maxParamLength',
  'ignoreTrailingSlash',
  'caseSensitive',
  'ignoreDuplicateSlashes',
  'allowUnsafeRegex',
  'useSemicolonDelimiter',
  'defaultRoute',
  'onBadUrl',
  'onMaxParamLength',
  'buildPrettyMeta',
  'http',
  'maxRequestsPerSocket',
  'onProtoPoisoning',
  'onConstructorPoisoning',
  'serializerOpts',
  'responseValidation',
  'trustProxy',
  'disableRequestLogging',
  'childLoggerFactory',
  'querystringParser',
  'rewriteUrl',
  'frameworkErrors',
  'clientErrorHandler',
  'precompiled',
  'constraints',
  'schemaController',
  'versioning',
  'https',
  'http2',
  'http2SessionTimeout',
  'serverFactory',
  'forceCloseConnections',
  'return503OnClosing',
])

const integerOptions = [
  'bodyLimit',
  'pluginTimeout',
  'handlerTimeout',
  'requestTimeout',
  'keepAliveTimeout',
  'connectionTimeout',
  'maxParamLength',
  'http2SessionTimeout',
] as const

/** The factory options Fastify's option schema types as booleans. */
const booleanOptions = [
  'caseSensitive',
  'allowUnsafeRegex',
  'http2',
  'ignoreTrailingSlash',
  'ignoreDuplicateSlashes',
  'jsonShorthand',
  'exposeHeadRoutes',
  'useSemicolonDelimiter',
] as const

/** One of Ajv's errors, as Fastify's option schema reports an option of the wrong type. */
function typeError(name: string, type: 'boolean' | 'integer') {
  return {
    instancePath: `/${name}`,
    schemaPath: `#/properties/${name}/type`,
    keyword: 'type',
    params: { type },
    message: `must be ${type}`,
  }
}

/**
 * Refuses a boolean or whole-number option given a value of another type, with Fastify's error
 * (`Invalid initialization options: '["must be boolean"]'`) and an `errors` list naming each
 * option (`instancePath`), as Ajv's errors do there. Unlike Fastify's coercing schema, `'true'`,
 * `1` or `'10'` are refused too (API.md): the transports take the type itself (`'false'` would
 * otherwise read as true, and a digit string from an environment variable is a typo waiting).
 */
function checkTypes(options: Record<string, unknown>): void {
  const errors = [
    ...booleanOptions
      .filter((name) => options[name] !== undefined && typeof options[name] !== 'boolean')
      .map((name) => typeError(name, 'boolean')),
    ...integerOptions
      .filter((name) => options[name] !== undefined && !Number.isInteger(options[name]))
      .map((name) => typeError(name, 'integer')),
  ]
  if (errors.length === 0) return
  const error = createError(
    'FRM_ERR_INIT_OPTS_INVALID',
    JSON.stringify(errors.map((entry) => entry.message)),
  )
  throw Object.assign(error, { errors })
}

/**
 * Checks the factory options and throws FRM_ERR_INVALID_OPTION naming the first bad one (a boolean
 * or whole-number option of another type: FRM_ERR_INIT_OPTS_INVALID, as Fastify), so a typo fails
 * at start-up rather than as odd behaviour under load.
 */
/**
 * The header `requestIdHeader` names, as Fastify 5 reads the option: `true` is `request-id`, a
 * name is lower-cased, and `false`, `''` or nothing trust no header.
 *
 * @example
 * requestIdHeaderOf('X-Request-Id') // 'x-request-id'
 * requestIdHeaderOf('') // false
 */
export function requestIdHeaderOf(option: string | boolean | undefined): string | false {
  if (option === true) return 'request-id'
  return typeof option === 'string' && option !== '' ? option.toLowerCase() : false
}

export function checkOptions(options: FrameworkOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw createError('FRM_ERR_OPTIONS_NOT_OBJ')
  }
  refuseUnsupported(options as Record<string, unknown>)
  checkTypes(options as Record<string, unknown>)
  for (const name of integerOptions) {
    const value = options[name]
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        name,
        `expected a whole number >= 0, received ${String(value)}`,
      )
    }
  }
  if (options.bodyLimit === 0) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'bodyLimit',
      'expected a whole number > 0, received 0',
    )
  }
  if (
    options.schemaErrorFormatter !== undefined &&
    typeof options.schemaErrorFormatter !== 'function'
  ) {
    throw createError('FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', typeof options.schemaErrorFormatter)
  }
  // The router's callbacks are checked here, so both transports refuse a bad one alike.
  for (const name of [
    'genReqId',
    'defaultRoute',
    'onBadUrl',
    'onMaxParamLength',
    'buildPrettyMeta',
  ] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        name,
        `expected a function, received ${typeof options[name]}`,
      )
    }
  }
  if (options.validator !== undefined && options.ajv !== undefined) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'ajv',
      "'ajv' is Fastify's name of 'validator': give one of the two, not both",
    )
  }
  const name = options.ajv === undefined ? 'validator' : 'ajv'
  const validator = validatorOptions(options)
  if (validator !== undefined) {
    if (typeof validator !== 'object' || validator === null) {
      throw createError('FRM_ERR_INVALID_OPTION', name, 'expected { customOptions?, plugins? }')
    }
    if (validator.plugins !== undefined && !Array.isArray(validator.plugins)) {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        `${name}.plugins`,
        'expected an array of Ajv plugins',
      )
    }
    if (
      validator.customOptions !== undefined &&
      (typeof validator.customOptions !== 'object' || validator.customOptions === null)
    ) {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        `${name}.customOptions`,
        'expected an object of Ajv options',
      )
    }
  }
  if (options.responseValidation !== undefined && typeof options.responseValidation !== 'boolean') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'responseValidation',
      `expected true or false, received ${typeof options.responseValidation}`,
    )
  }
  const serializerOpts = options.serializerOpts
  if (
    serializerOpts !== undefined &&
    (typeof serializerOpts !== 'object' || serializerOpts === null)
  ) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'serializerOpts',
      'expected an object of fast-json-stringify options',
    )
  }
  const label = options.requestIdLogLabel
  if (label !== undefined && (typeof label !== 'string' || label === '')) {
    throw createError('FRM_ERR_INVALID_OPTION', 'requestIdLogLabel', 'expected a non-empty string')
  }
  const header = options.requestIdHeader
  if (header !== undefined && typeof header !== 'boolean' && typeof header !== 'string') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'requestIdHeader',
      "expected a header name, true ('request-id') or false",
    )
  }
  const logging = options.disableRequestLogging
  if (logging !== undefined && typeof logging !== 'boolean' && typeof logging !== 'function') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'disableRequestLogging',
      `expected true, false or a function of the request, received ${typeof logging}`,
    )
  }
  for (const name of ['childLoggerFactory'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        name,
        `expected a function, received ${typeof options[name]}`,
      )
    }
  }
}

/**
 * The default validator's options: `validator`, or Fastify's `ajv` (the same shape).
 *
 * @example
 * validatorOptions({ ajv: { customOptions: { coerceTypes: 'array' } } }) // { customOptions: { coerceTypes: 'array' } }
 */
export function validatorOptions(options: FrameworkOptions): ValidatorOptions | undefined {
  return options.validator ?? options.ajv
}
