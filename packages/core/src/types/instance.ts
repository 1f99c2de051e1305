import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type { JsonSchema as RegistryJsonSchema } from '@framework/schema-registry'
import type {
  JsonSchema,
  SchemaControllerOptions,
  SerializerCompiler,
  ValidatorCompiler,
} from '../contracts/compilers.js'
import type {
  ConstraintStrategy,
  InjectOptions,
  InjectResponse,
  ListenOptions,
  PrintRoutesOptions,
} from '../contracts/transport.js'
import type { ContentTypeParser, ContentTypeParserOptions } from './content-type-parser.js'
import type { FastifyError } from './fastify-error.js'
import type { HookMap, HookName } from './hooks.js'
import type { FromRouteSchema, RouteTypes } from './infer/route-types.js'
import type { SchemaEntry } from './infer/shared-schemas.js'
// Inside `FastifyInstance` the name `Logger` is Fastify's type parameter; `RequestLogger` is ours.
import type { Logger, Logger as RequestLogger } from './logger.js'
import type { PluginInput, RegisterOptions } from './plugin.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest, RouteGeneric } from './request.js'
import type {
  AnyRouteSchema,
  ErrorHandler,
  RouteHandler,
  RouteOptions,
  RouteShorthandOptions,
  RouteTypedHandler,
  RouteTypedOptions,
  RouteTypedShorthandOptions,
} from './route.js'

/**
 * An `after` callback, called by its arity: `(error)`, `(error, done)` or
 * `(error, instance, done)`; the second parameter is `done` or the instance, so it is typed `any`.
 *
 * @example
 * app.after((error, done) => { if (error) log(error); done() })
 */
export type AfterCallback = (
  error: Error | null,
  doneOrInstance: any,
  done: (error?: unknown) => void,
) => unknown

/**
 * A decorator given as accessors instead of a value.
 *
 * @example
 * app.decorateRequest('userId', { getter() { return this.headers['x-user-id'] } })
 */
export interface DecoratorAccessors {
  getter: (this: any) => unknown
  setter?: (this: any, value: any) => void
}

/**
 * A decorator value for a member of type `T`, or accessors giving it (Fastify 5's types).
 */
export type DecoratorValue<This, T> =
  | T
  | {
      getter: (this: This) => T
      setter?: (this: This, value: T) => void
    }

/**
 * `decorate`, `decorateRequest` and `decorateReply` as Fastify 5 types them: a name declared on
 * the decorated type (`declare module 'framework' { interface FastifyInstance { db: Db } }`) takes
 * only a value of its type (a function of its signature, with the decorated object as `this`, or
 * accessors); another name takes anything. `null` and `undefined` are taken for any name (Fastify
 * 4.29's `decorateRequest('user', null)`, set per request later), which Fastify 5's types refuse
 * for a declared name.
 *
 * @example
 * declare module 'framework' { interface FastifyInstance { db: Db } }
 * app.decorate('db', createDb()) // a value of another type is a type error
 */
export interface DecorationMethod<This, Return> {
  <T extends P extends keyof This ? This[P] : unknown, P extends string | symbol = string | symbol>(
    property: P,
    value: DecoratorValue<
      This,
      T extends (...args: any[]) => any ? (this: This, ...args: Parameters<T>) => ReturnType<T> : T
    >,
    dependencies?: readonly string[],
  ): Return
  (property: string | symbol): Return
  (property: string | symbol, value: null | undefined, dependencies?: readonly string[]): Return
}

/**
 * Route-level hooks a custom not-found handler may run (besides its context's).
 *
 * @example
 * app.setNotFoundHandler({ preHandler: rateLimit }, (request, reply) => reply.code(404).send('nope'))
 */
export interface NotFoundOptions {
  preValidation?: HookMap['preValidation'] | HookMap['preValidation'][]
  preHandler?: HookMap['preHandler'] | HookMap['preHandler'][]
  /** The error handler of the not-found handler (before the context's), as Fastify 4 takes it. */
  errorHandler?: ErrorHandler
}

/**
 * The instance's logger, declared apart: inside `FastifyInstance` the name `Logger` is Fastify's
 * type parameter.
 */
export interface InstanceLog {
  readonly log: Logger
}

/**
 * What the route methods read from their instance (`this`): the shared schemas its type collected
 * through `addSchema`. One type-only member, never set: reading it from the instance is one
 * property for the type checker, where matching the whole instance type would walk each of its
 * members for every route declared (a third of the checker's work on a file of routes, issue 33).
 * It extends `InstanceLog` only so that one of its members is required: a type whose members are
 * all optional makes the checker look through every member of the instance for a shared one.
 */
export interface SchemaScope<Local extends object> extends InstanceLog {
  /** Type-only: the shared schemas this instance type knows (see `Instance`). Never set. */
  readonly '~localSchemas'?: Local
}

/** An instance whose local shared schemas are `Local` (Fastify's type parameters left open). */
export type ScopedInstance<Local extends object> = FastifyInstance<
  unknown,
  unknown,
  unknown,
  unknown,
  unknown,
  Local
>

/**
 * The shorthand route declarations: `(path, handler)`, `(path, options, handler)` or `(path, options)`.
 * The request and reply types come from the route generic when one is written, else from the
 * route's schema (`Local`, the shared schemas the instance type knows, is read from `this`). Each
 * form with options is declared twice: first with the handler typed by the route (see
 * `RouteTypedHandler`), then for a handler typed on its own that does not fit the schema's types:
 * its own types are the route generic, as in Fastify (a route generic written by hand wins).
 *
 * @example
 * app.get('/users/:id', { schema: { params: { id: { type: 'integer' } } } }, async (request) => request.params)
 */
export interface RouteShorthand {
  <G extends RouteGeneric = RouteGeneric, Local extends object = {}>(
    this: SchemaScope<Local>,
    path: string,
    handler: RouteHandler<G>,
  ): Instance<Local>
  <
    G extends RouteGeneric = FromRouteSchema,
    const S extends AnyRouteSchema = {},
    Local extends object = {},
  >(
    this: SchemaScope<Local>,
    path: string,
    options: RouteTypedShorthandOptions<RouteTypes<G, S, Local>, S>,
    handler: RouteTypedHandler<RouteTypes<G, S, Local>>,
  ): Instance<Local>
  <
    G extends RouteGeneric = FromRouteSchema,
    const S extends AnyRouteSchema = {},
    Local extends object = {},
  >(
    this: SchemaScope<Local>,
    path: string,
    options: RouteShorthandOptions<RouteTypes<G, S, Local>, S>,
    handler: RouteHandler<RouteTypes<G, S, Local>>,
  ): Instance<Local>
  <
    G extends RouteGeneric = FromRouteSchema,
    const S extends AnyRouteSchema = {},
    Local extends object = {},
  >(
    this: SchemaScope<Local>,
    path: string,
    options: RouteTypedShorthandOptions<RouteTypes<G, S, Local>, S> & {
      handler: RouteTypedHandler<RouteTypes<G, S, Local>>
    },
  ): Instance<Local>
  <
    G extends RouteGeneric = FromRouteSchema,
    const S extends AnyRouteSchema = {},
    Local extends object = {},
  >(
    this: SchemaScope<Local>,
    path: string,
    options: RouteShorthandOptions<RouteTypes<G, S, Local>, S> & {
      handler: RouteHandler<RouteTypes<G, S, Local>>
    },
  ): Instance<Local>
}

/**
 * Every member of an instance, under Fastify's name (see {@link Instance}, which extends it and is
 * the type the framework hands out). Augment it as Fastify code does,
 * `declare module 'framework' { interface FastifyInstance { db: Db } }`, and every `Instance` has
 * the member. A value annotated `FastifyInstance` sees what was declared through this name; one
 * annotated `Instance` sees both names' augmentations.
 *
 * @example
 * export function addHealth(app: FastifyInstance) {
 *   app.get('/health', async () => ({ ok: true }))
 * }
 */
export interface FastifyInstance<
  // Fastify's own type parameters, in Fastify's order and under Fastify's names: a plugin's
  // declarations may augment `'fastify'`'s `FastifyInstance<RawServer, RawRequest, RawReply, Logger,
  // TypeProvider>` (@fastify/rate-limit 11, @fastify/websocket), and TypeScript merges an interface
  // only with the same type parameters. The framework has no use for them.
  // biome-ignore lint/correctness/noUnusedVariables: Fastify's name, for merging
  RawServer = unknown,
  // biome-ignore lint/correctness/noUnusedVariables: Fastify's name, for merging
  RawRequest = unknown,
  // biome-ignore lint/correctness/noUnusedVariables: Fastify's name, for merging
  RawReply = unknown,
  // biome-ignore lint/correctness/noUnusedVariables: Fastify's name, for merging
  Logger = unknown,
  // biome-ignore lint/correctness/noUnusedVariables: Fastify's name, for merging
  TypeProvider = unknown,
  Local extends object = {},
> extends InstanceLog,
    SchemaScope<Local> {
  /**
   * Registers a plugin in a new child context (or here, for a `framework-plugin` plugin). Options
   * given as a function receive the instance the plugin will receive.
   */
  register<Options extends Record<string, any> = Record<string, any>>(
    plugin: PluginInput<Options, Local>,
    opts?: (Options & RegisterOptions) | ((instance: Instance<Local>) => Options & RegisterOptions),
  ): ThenableInstance<Local>
  /**
   * Loads the plugins registered so far, then calls `fn` by its arity: `(error)`,
   * `(error, done)` or `(error, instance, done)`.
   */
  after(fn: AfterCallback): ThenableInstance<Local>
  /** A promise that settles once the plugins registered so far have loaded (avvio's). */
  after(): Promise<void>
  /**
   * Loads every plugin, compiles the routes, hands them to the transport, runs `onReady`. The
   * callback gets `(error, instance)`; callbacks and promises settle in the order asked. Called
   * on a plugin's own instance while loading, the callback is queued: it runs once everything
   * has loaded, before the onReady hooks.
   */
  ready(): Promise<Instance<Local>>
  ready(callback: (error: Error | null, instance: Instance<Local>) => void): Instance<Local>
  /** Closes the transport, then runs the `onClose` hooks, the last added first (as avvio). */
  close(): Promise<void>
  close(callback: (error: Error | null) => void): Instance<Local>
  /** `ready()`, then starts listening (host default `localhost`); resolves with the address. */
  listen(options?: ListenOptions): Promise<string>
  listen(
    options: ListenOptions,
    callback: (error: Error | null, address: string | null) => void,
  ): void
  listen(callback: (error: Error | null, address: string | null) => void): void
  /**
   * Fastify's older forms: `listen(port[, host][, backlog], callback?)`, `listen(path[, backlog],
   * callback?)` (text that is not a number names a pipe or Unix socket).
   */
  listen(
    port: number | string,
    ...rest: Array<string | number | ((error: Error | null, address: string | null) => void)>
  ): Promise<string> | undefined
  /** `ready()`, then an in-process request through the transport. */
  inject(options: InjectOptions | string): Promise<InjectResponse>
  /** `ready()`, then the request; `callback` gets the ready or request error, or the response. */
  inject(
    options: InjectOptions | string,
    callback: (error: Error | null, response?: InjectResponse) => void,
  ): void
  /** light-my-request's chain: `app.inject().get('/').headers({}).end()`. */
  inject(): InjectChain
  /** The transport's server (`http.Server` for `@framework/http`). */
  readonly server: any
  /**
   * Fastify's `routing(req, res)`: routes a raw request through the application as the server does
   * (a request from a custom server, or an upgrade request a plugin answers over HTTP first).
   *
   * @example
   * http.createServer((req, res) => app.routing(req, res))
   */
  readonly routing: (raw: any, res: any) => void
  /**
   * Fastify's `initialConfig`: a frozen copy of the factory options in force, defaults filled in
   * (`bodyLimit`, `pluginTimeout`, `keepAliveTimeout`...).
   *
   * @example
   * app.initialConfig.bodyLimit // 1048576
   */
  readonly initialConfig: Readonly<Record<string, unknown>>
  /** The framework's own version (`framework`'s package version). */
  readonly version: string
  /** The prefix of this context's routes. */
  readonly prefix: string
  /**
   * The plugin this context belongs to, then the framework-plugin plugins loaded into it, joined
   * by ` -> ` (`framework` for the root), as Fastify 4's `pluginName`.
   */
  readonly pluginName: string

  /** Adds a member to this instance and its descendants (see {@link DecorationMethod}). */
  decorate: DecorationMethod<Instance<Local>, Instance<Local>>
  /** Adds a member to the requests of this context and its descendants. */
  decorateRequest: DecorationMethod<FastifyRequest, Instance<Local>>
  /** Adds a member to the replies of this context and its descendants. */
  decorateReply: DecorationMethod<FastifyReply, Instance<Local>>
  hasDecorator(name: string | symbol): boolean
  /** A request decorator visible here, or (as in Fastify) a built-in request member. */
  hasRequestDecorator(name: string | symbol): boolean
  /** A reply decorator visible here, or (as in Fastify) a built-in reply member. */
  hasReplyDecorator(name: string | symbol): boolean
  /**
   * Fastify 5: an instance decorator (a function comes bound to the instance); throws
   * FRM_ERR_DEC_UNDECLARED when there is none, so a missing dependency fails at registration.
   *
   * @example
   * const db = app.getDecorator<Database>('db')
   */
  getDecorator<T>(name: string | symbol): T

  addHook<K extends HookName>(name: K, hook: HookMap[K]): Instance<Local>

  route<
    G extends RouteGeneric = FromRouteSchema,
    const S extends AnyRouteSchema = {},
    L extends object = Local,
  >(this: SchemaScope<L>, options: RouteTypedOptions<RouteTypes<G, S, L>, S>): Instance<L>
  route<
    G extends RouteGeneric = FromRouteSchema,
    const S extends AnyRouteSchema = {},
    L extends object = Local,
  >(this: SchemaScope<L>, options: RouteOptions<RouteTypes<G, S, L>, S>): Instance<L>
  get: RouteShorthand
  head: RouteShorthand
  post: RouteShorthand
  put: RouteShorthand
  patch: RouteShorthand
  delete: RouteShorthand
  options: RouteShorthand
  /** A TRACE route (Fastify 5's shorthand). */
  trace: RouteShorthand
  /** A QUERY route (RFC 10008, Fastify 5): a safe request whose query is its body. */
  query: RouteShorthand
  all: RouteShorthand

  /**
   * Adds a shared schema. The returned instance type knows it by its `$id`, so `{ $ref: 'id#' }`
   * infers in the routes declared on it: `const app = framework().addSchema(user)`.
   */
  addSchema<const T extends object>(schema: T): Instance<Local & SchemaEntry<T>>
  /** Every shared schema visible here, keyed by `$id`. */
  getSchemas(): Readonly<Record<string, RegistryJsonSchema>>
  getSchema(id: string): RegistryJsonSchema | undefined

  setValidatorCompiler(compiler: ValidatorCompiler): Instance<Local>
  /**
   * Fastify's `setSchemaController`: from now on this context (and the contexts opened under it)
   * keeps its shared schemas in `bucket`, and builds its default compilers with `compilersFactory`.
   *
   * @example
   * app.setSchemaController({
   *   compilersFactory: { buildValidator: (schemas, ajvOptions) => ({ schema }) => compiled[schema.$id] },
   * })
   */
  setSchemaController(controller: SchemaControllerOptions): Instance<Local>
  setSerializerCompiler(compiler: SerializerCompiler): Instance<Local>
  /**
   * The error handler of this context and its descendants. The error is a `FastifyError`, or the
   * type the handler annotates it with (`setErrorHandler((error: MyError, request, reply) => ...)`).
   */
  setErrorHandler<E = FastifyError>(handler: ErrorHandler<E>): Instance<Local>
  setNotFoundHandler(handler: RouteHandler): Instance<Local>
  setNotFoundHandler(options: NotFoundOptions, handler: RouteHandler): Instance<Local>
  setSchemaErrorFormatter(formatter: SchemaErrorFormatter): Instance<Local>
  /**
   * The serializer of replies that have no response schema (and no `reply.serializer`), instead of
   * `JSON.stringify`; encapsulated like a decorator.
   *
   * @example
   * app.setReplySerializer((payload, statusCode) => JSON.stringify({ statusCode, data: payload }))
   */
  setReplySerializer(serializer: (payload: unknown, statusCode: number) => string): Instance<Local>
  /** The validator compiler set here or in an ancestor (undefined: the default one). */
  readonly validatorCompiler: ValidatorCompiler | undefined
  /** The serializer compiler set here or in an ancestor (undefined: the default one). */
  readonly serializerCompiler: SerializerCompiler | undefined

  addContentTypeParser(
    type: string | readonly string[] | RegExp,
    parser: ContentTypeParser,
  ): Instance<Local>
  addContentTypeParser(
    type: string | readonly string[] | RegExp,
    options: ContentTypeParserOptions,
    parser: ContentTypeParser,
  ): Instance<Local>
  hasContentTypeParser(type: string | RegExp): boolean
  removeContentTypeParser(type: string | readonly string[] | RegExp): Instance<Local>
  /** Removes every parser this context sees (built-in ones included), for it and its descendants. */
  removeAllContentTypeParsers(): Instance<Local>

  /**
   * As Fastify 4: this context's own plugin, the framework-plugin plugins loaded here so far, and
   * those its ancestors loaded.
   */
  hasPlugin(name: string): boolean
  /** Whether a route answers `method` on `url` (full path, prefix included). */
  hasRoute(route: {
    url: string
    method: string | string[]
    constraints?: Record<string, unknown>
  }): boolean
  /**
   * Adds a custom route constraint strategy (find-my-way's shape), application-wide, before any
   * route uses that constraint (Fastify's `addConstraintStrategy`).
   *
   * @example
   * app.addConstraintStrategy({
   *   name: 'tenant',
   *   storage() { const m = new Map(); return { get: (v) => m.get(v) ?? null, set: (v, s) => m.set(v, s) } },
   *   deriveConstraint: (req) => req.headers['x-tenant'],
   * })
   * app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme only')
   */
  addConstraintStrategy(strategy: ConstraintStrategy): void
  /** True for a custom strategy, and for `version` / `host` once a route uses them. */
  hasConstraintStrategy(name: string): boolean
  /**
   * Fastify 5's methods (GET, HEAD, TRACE, DELETE, OPTIONS, PATCH, PUT, POST, QUERY) and those
   * `addHttpMethod` added. Routes may also declare Fastify 4.29's SEARCH and WebDAV methods.
   */
  readonly supportedMethods: string[]
  /**
   * Fastify 5: lets routes declare another HTTP method (`hasBody`: its body is read), and adds
   * a lower-case shorthand (`app.propfind(path, [options], handler)`) when the name is free.
   *
   * @example
   * app.addHttpMethod('PROPFIND', { hasBody: true })
   */
  addHttpMethod(
    method: string,
    options?: { hasBody?: boolean; overrideExisting?: boolean },
  ): Instance<Local>
  /**
   * Makes the request ids of this context's routes and its descendants' (Fastify 4.26), over the
   * `genReqId` option; a valid `requestIdHeader` value still wins.
   *
   * @example
   * app.setGenReqId((req) => req.headers['x-trace'] ?? randomUUID())
   */
  setGenReqId(fn: (this: Instance, req: any) => string): Instance<Local>
  /** The request-id generator in force here. */
  readonly genReqId: (req: any) => string
  /**
   * Makes the request loggers of this context's routes and its descendants' (Fastify 4.20).
   *
   * @example
   * app.setChildLoggerFactory((logger, bindings, opts, req) =>
   *   logger.child({ ...bindings, path: req.url }, opts))
   */
  setChildLoggerFactory(
    factory: (
      this: Instance,
      logger: RequestLogger,
      bindings: Record<string, unknown>,
      options: Record<string, unknown>,
      rawReq: any,
    ) => RequestLogger,
  ): Instance<Local>
  /** The child logger factory in force here. */
  readonly childLoggerFactory: (
    this: Instance,
    logger: RequestLogger,
    bindings: Record<string, unknown>,
    options: Record<string, unknown>,
    rawReq: any,
  ) => RequestLogger
  /** The error handler in force here (one that defers to the default handling where none was set). */
  readonly errorHandler: ErrorHandler<any>
  /** The same as `addHook('onClose', fn)`. */
  onClose(fn: (instance: Instance, done: (error?: unknown) => void) => unknown): Instance<Local>
  /** The listening server's addresses (`[]` before `listen()`). */
  addresses(): unknown[]
  /**
   * For Fastify code: returns this same instance. Every schema slot already infers its type, so
   * the provider is not needed.
   *
   * @example
   * const app = framework().withTypeProvider<TypeBoxTypeProvider>()
   */
  withTypeProvider<_Provider = unknown>(): Instance<Local>
  /**
   * The router's tree of the routes (Fastify's format): `method` keeps one method's routes,
   * `commonPrefix: false` draws each path whole, `includeMeta` / `includeHooks` show each
   * route's meta and hooks.
   *
   * @example
   * console.log(app.printRoutes({ includeHooks: true }))
   */
  printRoutes(options?: PrintRoutesOptions): string
  /**
   * The declared route a request of `method` on `url` reaches (`url` may be the route's own
   * pattern), with the params the path gives; null when none (Fastify 4.24).
   *
   * @example
   * app.findRoute({ method: 'GET', url: '/users/:id' }) // { handler, params: { id: ':id' }, searchParams: {} }
   */
  findRoute(route: { url: string; method: string; constraints?: Record<string, unknown> }): {
    handler: RouteHandler<any>
    params: Record<string, string | undefined>
    searchParams: Record<string, string>
  } | null
  /** The origin the server listens on (`http://127.0.0.1:3000`), or its socket path (Fastify 4.18). */
  readonly listeningOrigin: string | undefined
  /**
   * Answers every request no route matches with `fn(req, res)` instead of the not-found handling
   * (Fastify 4's deprecated API; prefer `setNotFoundHandler`).
   */
  setDefaultRoute(fn: (req: any, res: any) => void): void
  /** The function `setDefaultRoute` set, else one that runs the root's not-found handling. */
  getDefaultRoute(): (req: any, res: any) => void
  /** `await using app = framework()`: closes the instance (Fastify 4.24). */
  [Symbol.asyncDispose](): Promise<void>
  /** A readable tree of the plugins. */
  printPlugins(): string
}

/**
 * An encapsulation context: the root instance `createInstance` returns, or the child a plugin
 * receives. Every context has the same surface; what it adds is visible to it and its descendants.
 * Declare your decorators by augmenting this interface:
 * `declare module '@framework/core' { interface Instance { db: Db } }`.
 *
 * `Local` holds the shared schemas this instance type collected through `addSchema` (by `$id`), so
 * that `{ $ref: 'user#' }` in its routes infers; the `SharedSchemas` interface adds more everywhere.
 *
 * `register` and `after(fn)` return the instance as a thenable: `await app.register(p)` loads the
 * plugins registered so far and resolves with the instance; `after()` returns a promise of them.
 *
 * @example
 * const app = createInstance({ transport, validatorCompiler, serializerCompiler, responseSelector })
 * app.register(async (child) => {
 *   child.decorateRequest('user', null)
 *   child.get('/me', async (request) => request.user)
 * }, { prefix: '/v1' })
 * await app.ready()
 */
export interface Instance<Local extends object = {}> extends ScopedInstance<Local> {}

/**
 * What `register` and `after` return: the instance, awaitable to load what was registered so far
 * (at runtime it resolves with the instance; typed `void` because a type that resolves to itself
 * cannot be awaited by TypeScript).
 *
 * @example
 * const app = await createApp().register(db) // the instance, with db loaded
 */
export type ThenableInstance<Local extends object = {}> = Instance<Local> & PromiseLike<void>

/**
 * light-my-request's request chain, returned by `inject()` with no argument. Awaiting it (or
 * calling `end()`) sends the request.
 *
 * @example
 * const res = await app.inject().post('/users').headers({ 'x-a': '1' }).payload({ name: 'Ada' })
 */
export interface InjectChain extends PromiseLike<InjectResponse> {
  get(url: string): InjectChain
  head(url: string): InjectChain
  post(url: string): InjectChain
  put(url: string): InjectChain
  patch(url: string): InjectChain
  delete(url: string): InjectChain
  options(url: string): InjectChain
  trace(url: string): InjectChain
  headers(headers: Record<string, string | string[] | number | undefined>): InjectChain
  payload(payload: unknown): InjectChain
  body(body: unknown): InjectChain
  query(query: string | Record<string, unknown>): InjectChain
  cookies(cookies: Record<string, string>): InjectChain
  end(): Promise<InjectResponse>
  end(callback: (error: Error | null, response?: InjectResponse) => void): void
  catch<T = never>(
    onRejected?: ((reason: unknown) => T | PromiseLike<T>) | null,
  ): Promise<InjectResponse | T>
  finally(onFinally?: (() => void) | null): Promise<InjectResponse>
}

export type { JsonSchema }
