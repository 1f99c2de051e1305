import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type { JsonSchema, SerializerCompiler, ValidatorCompiler } from '../contracts/compilers.js'
import type { FastifyError } from './fastify-error.js'
import type { HookMap, RouteHookName } from './hooks.js'
import type { HandlerResult } from './infer/route-types.js'
import type { Instance } from './instance.js'
import type { Logger } from './logger.js'
import type { FrameworkReply } from './reply.js'
import type { FrameworkRequest, RouteGeneric } from './request.js'

/**
 * The methods a route may declare (`all` declares every one of them).
 *
 * @example
 * app.route({ method: ['GET', 'HEAD'], url: '/', handler })
 */
export type HttpMethod =
  | 'GET'
  | 'HEAD'
  | 'POST'
  | 'PUT'
  | 'PATCH'
  | 'DELETE'
  | 'OPTIONS'
  | 'SEARCH'
  | 'TRACE'
  | 'PROPFIND'
  | 'PROPPATCH'
  | 'MKCOL'
  | 'COPY'
  | 'MOVE'
  | 'LOCK'
  | 'UNLOCK'
  | 'REPORT'
  | 'MKCALENDAR'

/**
 * A route handler: send with `reply.send(payload)`, or return the payload (or a promise of it).
 * Where the route declares response schemas, the returned value must match one of them.
 *
 * @example
 * const handler: RouteHandler = async (request) => ({ hello: 'world' })
 */
export type RouteHandler<G extends RouteGeneric = RouteGeneric> = (
  this: Instance,
  request: FrameworkRequest<G>,
  reply: FrameworkReply<G>,
) => NoInfer<HandlerResult<G>>

/**
 * An error handler (`setErrorHandler`, route option `errorHandler`). Send a reply, or return a
 * payload; throwing (or sending an Error) hands the error to the parent context's handler. The
 * error is typed `FastifyError` (`code`, `statusCode`, `validation`, `validationContext`) unless
 * the handler names its own type.
 *
 * @example
 * app.setErrorHandler((error, request, reply) => {
 *   if (error.validation) return reply.code(422).send({ errors: error.validation })
 *   reply.send(error)
 * })
 */
export type ErrorHandler<E = FastifyError> = (
  this: Instance,
  error: E,
  request: FrameworkRequest,
  reply: FrameworkReply,
) => unknown

/**
 * A route's schemas (specification 2.4). Each request part may be a full schema, a shorthand or a root `$ref`.
 *
 * @example
 * const schema: RouteSchema = { body: { $ref: 'user#' }, response: { 201: { $ref: 'user#' } } }
 */
export interface RouteSchema {
  body?: JsonSchema
  querystring?: JsonSchema
  /** Alias of `querystring`. */
  query?: JsonSchema
  params?: JsonSchema
  headers?: JsonSchema
  /** Keyed by status code, `'2xx'`-style class, or `default`. */
  response?: Record<string | number, JsonSchema>
  [key: string]: unknown
}

/**
 * What the route methods take as `schema` while they read its types: any object, the request parts
 * named (for editors' completions) and left `unknown`, as Fastify's `FastifySchema` does. Loose on
 * purpose: the type checker walks every nested literal of an inline schema through this type
 * several times per route, and precise types at each level (`RouteSchema`'s) make that walk
 * several times slower. A part that is no schema is refused at `ready()`
 * (`FRM_ERR_SCH_VALIDATION_BUILD`).
 *
 * @example
 * app.post('/users', { schema: { body: { name: { type: 'string' } }, tags: ['users'] } }, handler)
 */
export interface AnyRouteSchema {
  body?: unknown
  querystring?: unknown
  query?: unknown
  params?: unknown
  headers?: unknown
  response?: unknown
  [key: string]: unknown
}

type RouteHookOptions = {
  [K in RouteHookName]?: HookMap[K] | HookMap[K][]
}

/**
 * Route options other than method, url and handler, shared by every way of declaring a route.
 *
 * @example
 * const options: RouteSettings = { schema: { body: userSchema }, config: { public: true } }
 */
export interface RouteSettings<S extends AnyRouteSchema = RouteSchema> extends RouteSettingsBase {
  /** The route's schemas; their types flow to `request` and check what the handler sends. */
  schema?: S
}

/**
 * The route settings that do not depend on the schema's type: every one but `schema`.
 *
 * @example
 * const settings: RouteSettingsBase = { config: { public: true }, bodyLimit: 1024 }
 */
export interface RouteSettingsBase extends RouteHookOptions {
  /** Run the handler even when validation fails, with `request.validationError` set. */
  attachValidation?: boolean
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  schemaErrorFormatter?: SchemaErrorFormatter
  /** This route's error handler (the error may be annotated with a type of its own, as in Fastify). */
  errorHandler?(
    this: Instance,
    error: FastifyError,
    request: FrameworkRequest,
    reply: FrameworkReply,
  ): unknown
  /**
   * Anything; available as `request.routeOptions.config`. Plugins declare the keys they read by
   * augmenting `FastifyContextConfig`.
   */
  config?: FastifyContextConfig & Record<string, any>
  /** Also answer HEAD for this GET route (default: the instance option, true). */
  exposeHeadRoutes?: boolean
  /** The level of this route's request logger (`'warn'`, `'silent'`...), as Fastify's `logLevel`. */
  logLevel?: string
  /**
   * Makes this route's request loggers instead of the context's factory (Fastify 4.20):
   * `(logger, bindings, options, rawReq) => logger.child(bindings, options)`.
   */
  childLoggerFactory?: (
    this: Instance,
    logger: Logger,
    bindings: Record<string, unknown>,
    options: Record<string, unknown>,
    rawReq: any,
  ) => Logger
  /** Serializers of this route's request log fields (pino's `serializers`), over the context's. */
  logSerializers?: Record<string, (value: any) => unknown>
  /**
   * Route constraints, as find-my-way matches them: `{ version: '1.2.0' }` (the `Accept-Version`
   * header, semver ranges) and `{ host: 'example.com' }` (a string or RegExp).
   */
  constraints?: Record<string, unknown>
  /** Fastify's name: whether a GET route also answers HEAD (default: the instance's `exposeHeadRoutes`). */
  exposeHeadRoute?: boolean
  /** Validate this route's replies against their response schema before serializing (default: the instance option). */
  responseValidation?: boolean
  /** Body limit in bytes for this route (default: the instance's). */
  bodyLimit?: number
  /**
   * Fastify 5: milliseconds this route's requests may take, from arrival until the reply is sent,
   * before a 503 `FRM_ERR_HANDLER_TIMEOUT` answers and `request.signal` aborts (default: the
   * factory's `handlerTimeout`; a whole number above 0).
   */
  handlerTimeout?: number
  /**
   * Where a `/` route under a prefix answers: `'both'` (default: `/v1` and `/v1/`), `'slash'`
   * (`/v1/` only) or `'no-slash'` (`/v1` only).
   */
  prefixTrailingSlash?: 'both' | 'slash' | 'no-slash'
}

/**
 * Route options other than method, url and handler (the middle argument of the shorthands).
 *
 * @example
 * app.get('/', { schema: { querystring: { q: { type: 'string' } } }, config: { public: true } }, handler)
 */
export interface RouteShorthandOptions<
  G extends RouteGeneric = RouteGeneric,
  S extends AnyRouteSchema = RouteSchema,
> extends RouteSettings<S> {
  handler?: RouteHandler<G>
}

/** Where a route answers: its method(s) and path. */
export interface RouteAddress {
  method:
    | HttpMethod
    | Lowercase<HttpMethod>
    | readonly (HttpMethod | Lowercase<HttpMethod>)[]
    | string
    | readonly string[]
  /** The path (find-my-way syntax: `/users/:id`, `/files/*`). */
  url?: string
  /** Alias of `url`. */
  path?: string
}

/**
 * A full route definition (`route()`).
 *
 * @example
 * app.route({ method: 'POST', url: '/users', schema: { body: userSchema }, handler: createUser })
 */
export interface RouteOptions<
  G extends RouteGeneric = RouteGeneric,
  S extends AnyRouteSchema = RouteSchema,
> extends RouteShorthandOptions<G, S>,
    RouteAddress {
  handler: RouteHandler<G>
}

/**
 * A handler whose types come from the route (its schema, or the route generic written by hand),
 * never the other way round. The route methods try this form first: were the handler a place to
 * infer the route's types from, the checker would walk every request part and response type back
 * through it (a tenth of the time it takes to check a route). A handler typed on its own
 * (`RouteHandler<{ Params: P }>`) that does not fit the schema's types falls through to the forms
 * that infer the route generic from it.
 */
export type RouteTypedHandler<G extends RouteGeneric> = NoInfer<RouteHandler<G>>

/**
 * The `schema` slot of the forms that read the route's types from it: `S` is inferred from what is
 * written there (the true branch, never taken, is where the checker finds `S`), and once inferred
 * the slot is any object. Written for the type checker: after inferring `S` it checks the route's
 * options again against the signature, and against `object` it accepts the schema literal at once,
 * where against `S` it would type each nested literal again and compare it, level by level, with
 * the type just inferred from it (a seventh of the checker's work on a file of inferred routes,
 * issue 33). The tuples keep the test from distributing, so that the literal is still read as
 * written (`const S`). A schema that is no object is still refused.
 */
export type InferredSchema<S> = [S] extends [never] ? S : object

/** `RouteShorthandOptions` with a handler typed by the route (see `RouteTypedHandler`). */
export interface RouteTypedShorthandOptions<G extends RouteGeneric, S extends AnyRouteSchema>
  extends RouteSettingsBase {
  schema?: InferredSchema<S>
  handler?: RouteTypedHandler<G>
}

/** `RouteOptions` with a handler typed by the route (see `RouteTypedHandler`). */
export interface RouteTypedOptions<G extends RouteGeneric, S extends AnyRouteSchema>
  extends RouteSettingsBase,
    RouteAddress {
  schema?: InferredSchema<S>
  handler: RouteTypedHandler<G>
}

/**
 * The route option `config` (also `request.routeOptions.config`): declare the keys your plugins
 * read by augmenting this interface (Fastify's name).
 *
 * @example
 * declare module 'framework' {
 *   interface FastifyContextConfig { public?: boolean }
 * }
 * app.get('/health', { config: { public: true } }, handler)
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation
export interface FastifyContextConfig {}

/**
 * Fastify 4's route context (`request.context`, `reply.context`): the built route's settings.
 * `config` is the route's `config` plus its `url` and `method`, as Fastify 4.29 builds it.
 *
 * @example
 * app.addHook('onRequest', async (request) => { if (request.context.config.public) return })
 */
export interface RouteInfo {
  /** The full path, prefixes included. */
  url: string
  method: string
  config: FastifyContextConfig & Record<string, any>
  schema: RouteSchema | undefined
  attachValidation: boolean
  bodyLimit: number
  /** Fastify 5: the route's handlerTimeout, else the factory's (0: none). */
  handlerTimeout: number
  /** The prefix of the route's context. */
  prefix: string
  handler: RouteHandler<any>
}

/**
 * What `request.routeOptions` holds, as Fastify 4.29 builds it: a frozen object whose `config` and
 * `schema` are read-only getters (not enumerable).
 *
 * @example
 * app.addHook('onRequest', async (request) => {
 *   if (request.routeOptions.config.public) return
 *   request.log.info(`${request.routeOptions.method} ${request.routeOptions.url}`)
 * })
 */
export interface RequestRouteOptions {
  /**
   * The method(s) the route was declared with (upper-case; an array when declared as one).
   * Undefined in a not-found handler, as in Fastify.
   */
  readonly method: string | string[] | undefined
  /** The full path, prefixes included (`/v1/users/:id`); undefined in a not-found handler. */
  readonly url: string | undefined
  /** The route's body limit, else the application's. */
  readonly bodyLimit: number
  /** Fastify 5: the route's handlerTimeout, else the factory's (0: none). */
  readonly handlerTimeout: number
  readonly attachValidation: boolean
  /** The route's `logLevel`, else its context's, else `''`. */
  readonly logLevel: string
  /** Whether a GET route also answers HEAD. */
  readonly exposeHeadRoute: boolean
  /** `'both'` (default), `'slash'` or `'no-slash'`: where `/` under a prefix answers. */
  readonly prefixTrailingSlash: 'both' | 'slash' | 'no-slash'
  readonly handler: RouteHandler<any>
  /** The `Accept-Version` header, when some route uses the `version` constraint; else undefined. */
  readonly version: string | undefined
  /** The route's `config`, plus `url` and `method`. */
  readonly config: FastifyContextConfig & Record<string, any>
  readonly schema: RouteSchema | undefined
}
