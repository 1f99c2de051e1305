// Fastify 4.29's type names, for code (and plugin declarations) written against `fastify`.
//
// The instance, request and reply names are the framework's own interfaces under a second name
// (re-exported from index.ts), so augmenting either name changes the types every plugin, handler
// and hook receives. The names below are aliases with Fastify's type parameters, in Fastify's
// order, so `FastifyPluginAsync<Opts>` or a plugin's `FastifyPluginCallback<Opts, RawServer>`
// compiles; parameters the framework has no use for (the raw server, type provider, logger) are
// accepted and ignored.
import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as https from 'node:https'
import type {
  ContentTypeParser,
  FastifyError,
  FrameworkReply,
  FrameworkRequest,
  HookMap,
  HttpMethod,
  Instance,
  Logger,
  RegisterOptions,
  RouteGeneric,
  RouteHandler,
  RouteInfo,
} from '@framework/core'
import type { FrameworkOptions } from './options.js'

/** Fastify's `FastifyPluginOptions`: what a plugin's options may be. */
export type FastifyPluginOptions = Record<string, any>

/**
 * An async plugin as Fastify types it: `(instance, opts) => Promise<void>`.
 *
 * @example
 * const db: FastifyPluginAsync<{ url: string }> = async (app, opts) => {
 *   app.decorate('db', await connect(opts.url))
 * }
 */
export type FastifyPluginAsync<
  Options extends FastifyPluginOptions = Record<never, never>,
  _Server = RawServerDefault,
  _TypeProvider = FastifyTypeProviderDefault,
  _Logger = Logger,
> = (instance: Instance, opts: Options) => Promise<void>

/**
 * A callback-style plugin as Fastify types it: `(instance, opts, done) => void`.
 *
 * @example
 * const hello: FastifyPluginCallback = (app, opts, done) => {
 *   app.get('/hello', async () => 'hi')
 *   done()
 * }
 */
export type FastifyPluginCallback<
  Options extends FastifyPluginOptions = Record<never, never>,
  _Server = RawServerDefault,
  _TypeProvider = FastifyTypeProviderDefault,
  _Logger = Logger,
> = (instance: Instance, opts: Options, done: (error?: Error) => void) => void

/** Fastify's deprecated union of both plugin styles. */
export type FastifyPlugin<Options extends FastifyPluginOptions = Record<never, never>> =
  | FastifyPluginCallback<Options>
  | FastifyPluginAsync<Options>

/**
 * What `register` takes as options: the plugin's own, plus `prefix` and `logLevel`, or a function
 * of the instance returning them.
 *
 * @example
 * const opts: FastifyRegisterOptions<{ url: string }> = { prefix: '/db', url: 'postgres://' }
 */
export type FastifyRegisterOptions<Options> =
  | (RegisterOptions & Options)
  | ((instance: Instance) => RegisterOptions & Options)

/** Fastify's factory options: the framework's. */
export type FastifyServerOptions<_Server = RawServerDefault, _Logger = Logger> = FrameworkOptions

/** Fastify's `request.context` / `reply.context` type: the route's options. */
export type FastifyRequestContext<_ContextConfig = unknown> = RouteInfo
/** See {@link FastifyRequestContext}. */
export type FastifyReplyContext<_ContextConfig = unknown> = RouteInfo

/**
 * Fastify's type-provider interface. The framework infers types from every schema slot itself,
 * so a provider changes nothing; it exists for code that names it.
 */
export interface FastifyTypeProvider {
  readonly input: unknown
  readonly output: unknown
}
/** The provider Fastify uses when none is given. */
export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}

/** The servers Fastify can run on. */
export type RawServerBase = http.Server | https.Server | http2.Http2Server | http2.Http2SecureServer
/** The default server: `http.Server`. */
export type RawServerDefault = http.Server
/** The raw request of a server type (`http.IncomingMessage` by default). */
export type RawRequestDefaultExpression<Server = RawServerDefault> = Server extends
  | http2.Http2Server
  | http2.Http2SecureServer
  ? http2.Http2ServerRequest
  : http.IncomingMessage
/** The raw response of a server type (`http.ServerResponse` by default). */
export type RawReplyDefaultExpression<Server = RawServerDefault> = Server extends
  | http2.Http2Server
  | http2.Http2SecureServer
  ? http2.Http2ServerResponse
  : http.ServerResponse

/** Fastify's defaults of the route generic parts and of the route config. */
export type RequestBodyDefault = unknown
export type RequestQuerystringDefault = unknown
export type RequestParamsDefault = unknown
export type RequestHeadersDefault = unknown
export type ContextConfigDefault = unknown

/** A method name, upper or lower case. */
export type HTTPMethods = HttpMethod | Lowercase<HttpMethod>

/**
 * A route handler with Fastify's type parameters (the route generic is the fourth).
 *
 * @example
 * const handler: RouteHandlerMethod = async (request, reply) => ({ ok: true })
 */
export type RouteHandlerMethod<
  _Server = RawServerDefault,
  _RawRequest = unknown,
  _RawReply = unknown,
  G extends RouteGeneric = RouteGeneric,
  _ContextConfig = unknown,
  _Schema = unknown,
  _TypeProvider = unknown,
  _Logger = unknown,
> = RouteHandler<G>

/** The `done` of a callback-style hook: call it once, with an error to fail. */
export type HookHandlerDoneFunction = <E extends Error = FastifyError>(error?: E) => void
/** The `done` of a hook that may replace the payload (`onSend`, `preSerialization`, `preParsing`). */
export type DoneFuncWithErrOrRes = (error?: FastifyError | Error | null, payload?: unknown) => void

/** A callback-style request hook with Fastify's type parameters (the route generic is the fourth). */
type RequestHookOf<G extends RouteGeneric> = (
  this: Instance,
  request: FrameworkRequest<G>,
  reply: FrameworkReply<G>,
  done: HookHandlerDoneFunction,
) => void
/** An async request hook with Fastify's type parameters. */
type AsyncRequestHookOf<G extends RouteGeneric> = (
  this: Instance,
  request: FrameworkRequest<G>,
  reply: FrameworkReply<G>,
) => Promise<unknown>

/**
 * The request hooks (`onRequest`, `preValidation`, `preHandler`, `onResponse`, `onTimeout`) with
 * Fastify's names and its eight type parameters (raw server, request, reply, route generic, context
 * config, schema, type provider, logger; only the route generic is used): `...HookHandler` takes
 * `done`, `...AsyncHookHandler` returns a promise.
 *
 * @example
 * const auth: preHandlerAsyncHookHandler = async (request, reply) => {
 *   if (!request.headers.authorization) return reply.code(401).send()
 * }
 * app.addHook('preHandler', auth)
 */
export type onRequestHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = RequestHookOf<G>
export type onRequestAsyncHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = AsyncRequestHookOf<G>
export type preValidationHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = RequestHookOf<G>
export type preValidationAsyncHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = AsyncRequestHookOf<G>
export type preHandlerHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = RequestHookOf<G>
export type preHandlerAsyncHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = AsyncRequestHookOf<G>
export type onResponseHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = RequestHookOf<G>
export type onResponseAsyncHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = AsyncRequestHookOf<G>
export type onTimeoutHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = RequestHookOf<G>
export type onTimeoutAsyncHookHandler<
  _S = unknown,
  _Rq = unknown,
  _Rp = unknown,
  G extends RouteGeneric = RouteGeneric,
  _C = unknown,
  _Sc = unknown,
  _T = unknown,
  _L = unknown,
> = AsyncRequestHookOf<G>

/** `preParsing`, `preSerialization`, `onSend` (payload hooks) and `onError`, by Fastify's names. */
export type preParsingHookHandler = HookMap['preParsing']
export type preParsingAsyncHookHandler = HookMap['preParsing']
export type preSerializationHookHandler = HookMap['preSerialization']
export type preSerializationAsyncHookHandler = HookMap['preSerialization']
export type onSendHookHandler = HookMap['onSend']
export type onSendAsyncHookHandler = HookMap['onSend']
export type onErrorHookHandler = HookMap['onError']
export type onErrorAsyncHookHandler = HookMap['onError']
/** The application hooks, by Fastify's names. */
export type onRouteHookHandler = HookMap['onRoute']
export type onRegisterHookHandler = HookMap['onRegister']
export type onReadyHookHandler = HookMap['onReady']
export type onReadyAsyncHookHandler = HookMap['onReady']
export type onCloseHookHandler = HookMap['onClose']
export type onCloseAsyncHookHandler = HookMap['onClose']

/** Fastify's names of the content-type parser. */
export type FastifyContentTypeParser = ContentTypeParser
export type FastifyBodyParser<_Body = unknown> = ContentTypeParser
