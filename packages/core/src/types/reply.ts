import type { ReplyPayload, ReplyType } from './infer/route-types.js'
import type { Instance } from './instance.js'
import type { Logger } from './logger.js'
import type { FrameworkRequest, RouteGeneric } from './request.js'
import type { RequestRouteOptions, RouteInfo } from './route.js'

/**
 * A header value as `reply.header` takes it.
 *
 * @example
 * reply.header('cache-control', 'no-store').header('x-count', 3)
 */
export type HeaderValue = string | number | boolean | readonly string[] | undefined

/**
 * What `reply.code(C)` returns: for a route with response schemas, a reply whose `send` takes the
 * type of the schema that applies to status `C` (carried as the generic's `Reply`; anything when
 * none applies); otherwise the reply itself.
 *
 * @example
 * type Created = StatusReply<FrameworkReply, { Responses: { 201: { id: number } } }, 201>
 * // FrameworkReply<{ Responses: ...; Reply: { id: number } }>
 */
export type StatusReply<Self, G extends RouteGeneric, C extends number> = number extends C
  ? Self
  : G extends { Responses: unknown }
    ? unknown extends G['Responses' & keyof G]
      ? Self
      : FrameworkReply<G & { Reply: ReplyType<G, C> }>
    : Self

/**
 * Every member of the reply, under Fastify's name: {@link FrameworkReply}, the type handlers and
 * hooks receive, extends it. Augment it as Fastify code does
 * (`declare module 'framework' { interface FastifyReply { sendRows(rows: Row[]): void } }`).
 * Its type parameter is the route generic (Fastify's fourth).
 *
 * @example
 * function notFound(reply: FastifyReply) { return reply.code(404).send({ error: 'not found' }) }
 */
export interface FastifyReply<G extends RouteGeneric = RouteGeneric> {
  /**
   * Sets the status code (an integer from 100 to 599; FRM_ERR_BAD_STATUS_CODE otherwise).
   * `send` is then checked against the response schema of that status.
   */
  code<C extends number>(statusCode: C): StatusReply<this, G, C>
  /** Same as `code`. */
  status<C extends number>(statusCode: C): StatusReply<this, G, C>
  /** The status code (200 until set). Setting it validates like `code()`. */
  statusCode: number
  /** Sets a header (name case-insensitive; CR or LF in name or value: FRM_ERR_REPLY_INVALID_HEADER). */
  header(name: string, value: HeaderValue): this
  /** Sets several headers. */
  headers(values: Record<string, HeaderValue>): this
  getHeader(name: string): string | number | readonly string[] | undefined
  /** A copy of the headers set so far. */
  getHeaders(): Record<string, string | number | readonly string[]>
  hasHeader(name: string): boolean
  removeHeader(name: string): this
  /**
   * Sends `name` as a trailer (chunked response, `Trailer` header): once the body is written,
   * `fn(reply, payload, done)` calls `done(error, value)`, or an async `fn(reply, payload)`
   * returns the value.
   *
   * @example
   * reply.trailer('server-timing', async () => 'db;dur=53')
   */
  trailer(
    name: string,
    fn:
      | ((
          reply: FastifyReply<G>,
          payload: string | Buffer | null,
          done: (err: Error | null, value?: string) => void,
        ) => void)
      | ((reply: FastifyReply<G>, payload: string | Buffer | null) => Promise<string>),
  ): this
  /** Whether a trailer `name` is set. */
  hasTrailer(name: string): boolean
  /** Removes the trailer `name`. */
  removeTrailer(name: string): this
  /** Sets Content-Type. */
  type(contentType: string): this
  /**
   * Sends the response: objects, arrays, numbers, booleans and null are serialized (the route's
   * response schema for the status, else JSON); strings and Buffers are sent as they are; streams are
   * piped; an Error goes to the error handler. Where a response schema applies to the status (the
   * exact code, its class, `default`) or the route generic names `Reply`, the payload must match.
   */
  send(payload?: ReplyPayload<G>): this
  /** A serializer for this reply only. */
  serializer(fn: (payload: any) => string): this
  /**
   * True once `send` was called (or the reply was handed to the not-found handler or hijacked).
   * Setting it to true is Fastify 4's deprecated form of `hijack()`.
   */
  sent: boolean
  /** Milliseconds since the request's lifecycle started. */
  readonly elapsedTime: number
  /** Fastify 4's older name of `elapsedTime`. */
  getResponseTime(): number
  /** The transport's raw response (`http.ServerResponse` for `@framework/http`). */
  readonly raw: any
  readonly request: FrameworkRequest<G>
  /** The context the route belongs to. */
  readonly server: Instance
  /**
   * Redirects: Fastify 5's `(url, code?)` and Fastify 4's `(code, url)`. Without a code, a status
   * set before is kept, else 302.
   */
  redirect(url: string, code?: number): this
  redirect(code: number, url: string): this
  /**
   * Answers with the not-found handler that serves this URL: its preHandler hooks and handler run
   * on this request (body already parsed, same id and logger). Returns the reply.
   */
  callNotFound(): this
  /** The request's logger. */
  readonly log: Logger
  /** Fastify 4's `reply.context`: `context.config` is the route's `config`. */
  readonly context: RouteInfo
  /** Fastify 5's `reply.routeOptions`: the same object as `request.routeOptions`. */
  readonly routeOptions: RequestRouteOptions
  /** Fastify 5's `reply.mediaType`: the `type/subtype` of the Content-Type set so far. */
  readonly mediaType: string | undefined
  /**
   * Fastify 5: a reply decorator (a function comes bound to the reply); throws
   * FRM_ERR_DEC_UNDECLARED when the reply has no member of that name.
   *
   * @example
   * const render = reply.getDecorator<(page: string) => string>('render')
   */
  getDecorator<T>(name: string | symbol): T
  /**
   * Takes the response over: the framework sends nothing more (no onSend, no onResponse) and
   * `sent` is true; write `reply.raw` yourself.
   */
  hijack(): this
  /**
   * Fastify 5: sends a 103 Early Hints response with `hints` ahead of the response (node:http);
   * on a transport that cannot, the hints are dropped and `callback` still runs.
   *
   * @example
   * reply.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' })
   */
  writeEarlyHints(hints: Record<string, string | readonly string[]>, callback?: () => void): this
  /**
   * Thenable, as in Fastify: `await reply` waits until the response has finished; it rejects if
   * writing it failed. A hijacked reply resolves at once.
   */
  then(fulfilled: () => void, rejected?: (error: Error) => void): void
  /** The text `send` would produce for `payload` at the current status, without sending. */
  serialize(payload: unknown): string
  /**
   * The route's compiled serializer of a response status key (and content type, for a schema
   * declared by content type), or the function `compileSerializationSchema` compiled for this
   * schema object (undefined if none).
   *
   * @example
   * reply.getSerializationFunction('200')?.({ id: 1 }) // '{"id":1}'
   */
  getSerializationFunction(
    httpStatus: string | number,
    contentType?: string,
  ): ((payload: { [key: string]: unknown }) => string) | undefined
  getSerializationFunction(schema: {
    [key: string]: unknown
  }): ((payload: { [key: string]: unknown }) => string) | undefined
  /**
   * Compiles a schema with the route's serializer compiler (route option, else the context's,
   * else the default), once per route and schema object.
   *
   * @example
   * const serialize = reply.compileSerializationSchema({ type: 'object', properties: { id: { type: 'integer' } } })
   * serialize({ id: 1, secret: 'x' }) // '{"id":1}'
   */
  compileSerializationSchema(
    schema: { [key: string]: unknown },
    httpStatus?: string | number,
    contentType?: string,
  ): (payload: { [key: string]: unknown }) => string
  /**
   * Serializes `input` with `schema` (compiled on first use), or with the route's serializer of
   * `httpStatus` (and content type): FRM_ERR_MISSING_SERIALIZATION_FN when it has none.
   *
   * @example
   * reply.serializeInput({ id: 1 }, '200')
   * reply.serializeInput({ id: 1 }, { type: 'object', properties: { id: { type: 'integer' } } })
   */
  serializeInput(
    input: { [key: string]: unknown },
    schema: { [key: string]: unknown },
    httpStatus?: string | number,
    contentType?: string,
  ): string
  serializeInput(
    input: { [key: string]: unknown },
    httpStatus: string | number,
    contentType?: string,
  ): string
}

/**
 * The reply object handlers and hooks receive. Reply decorators of the route's context (and its
 * ancestors) are on its prototype; declare them by augmenting this interface or `FastifyReply`
 * (which it extends). `send` is checked against the response schema of the status
 * (200 until `reply.code(n)`; a status only known at run time keeps the previous one).
 *
 * @example
 * app.get('/', (request, reply) => { reply.code(201).header('x-id', '1').send({ ok: true }) })
 */
export interface FrameworkReply<G extends RouteGeneric = RouteGeneric> extends FastifyReply<G> {}
