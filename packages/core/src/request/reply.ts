import { createError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import type { JsonSchema, SerializeFunction } from '../contracts/compilers.js'
import type { OutgoingHeaders } from '../contracts/transport.js'
import type { Instance } from '../types/instance.js'
import type { Logger } from '../types/logger.js'
import type { HeaderValue } from '../types/reply.js'
import type { RequestRouteOptions, RouteInfo } from '../types/route.js'
import {
  describe,
  isHeaderName,
  isHeaderValue,
  kEndTime,
  kErrorIndex,
  kErrorStatus,
  kHeaders,
  kInOnError,
  kInSend,
  kPhase,
  kRoute,
  kSerializer,
  kStartTime,
  kStatus,
  kTrailers,
  mediaTypeEssence,
  now,
  Phase,
} from '../util/index.js'
import { clearHandlerTimeout } from './handler-timer.js'
import { readDecorator } from './read-decorator.js'
import type { Request } from './request.js'
import {
  compileSerializationSchema,
  getSerializationFunction,
  serializeInput,
} from './schema-functions.js'
import { addTrailer, type TrailerFunction, type TrailerTable } from './trailers.js'

type PhaseValue = (typeof Phase)[keyof typeof Phase]

/** The header methods of a raw response that has them (node:http's `ServerResponse`). */
interface RawHeaders {
  getHeader?(name: string): string | number | readonly string[] | undefined
  getHeaders?(): Record<string, unknown>
  hasHeader?(name: string): boolean
  removeHeader?(name: string): void
}

/**
 * What the reply's methods call further up the request path: sending and serializing (send.ts)
 * and the not-found handler (not-found.ts). Those take a reply, so this file cannot import them:
 * `connectRequestPath` (connect.ts) passes them in.
 */
export interface ReplyCallees {
  send(reply: Reply, payload: unknown): void
  serializePayload(reply: Reply, payload: unknown): string
  callNotFound(reply: Reply): void
}

let callees: ReplyCallees

/** Passes in the functions the reply's methods call (see `ReplyCallees`). */
export function connectReply(functions: ReplyCallees): void {
  callees = functions
}

/**
 * The reply object. Like requests, each context with reply decorators gets a subclass holding
 * them on its prototype.
 */
export class Reply {
  // `declare`: the constructor sets every field, once; a plain field declaration would first
  // define each as undefined on every new reply (class-field semantics), then set it again.
  declare readonly raw: unknown
  declare readonly request: Request
  declare [kRoute]: RouteContext
  declare [kStatus]: number
  declare [kHeaders]: Record<string, string | number | readonly string[]>
  declare [kPhase]: PhaseValue
  declare [kSerializer]: ((payload: unknown) => string) | null
  declare [kErrorIndex]: number
  declare [kErrorStatus]: number
  declare [kInOnError]: boolean
  declare [kInSend]: boolean
  declare [kTrailers]: TrailerTable | null
  declare [kEndTime]: number

  constructor(rc: RouteContext, raw: unknown, request: Request) {
    this.raw = raw
    this.request = request
    this[kRoute] = rc
    this[kStatus] = 200
    this[kHeaders] = {}
    this[kPhase] = Phase.Open
    this[kSerializer] = null
    this[kErrorIndex] = -1
    this[kErrorStatus] = 0
    this[kInOnError] = false
    this[kInSend] = false
    this[kTrailers] = null
    this[kEndTime] = 0
  }

  code(statusCode: number): this {
    // As Fastify 4.29 reads it: any value that is a number from 100 to 599 (`'201'` too), its
    // fraction dropped as node:http drops it when writing the head (`404.5` answers 404).
    const value = Number(statusCode)
    if (Number.isNaN(value) || value < 100 || value > 599) {
      throw createError('FRM_ERR_BAD_STATUS_CODE', String(statusCode))
    }
    const status = Math.trunc(value)
    this[kStatus] = status
    // Fastify's reply status is `raw.statusCode`: plugins read it there before the head is written.
    const raw = this.raw as { statusCode?: number } | null
    if (typeof raw === 'object' && raw !== null) raw.statusCode = status
    return this
  }

  status(statusCode: number): this {
    return this.code(statusCode)
  }

  get statusCode(): number {
    return this[kStatus]
  }

  set statusCode(statusCode: number) {
    this.code(statusCode)
  }

  header(name: string, value: HeaderValue): this {
    if (!isHeaderName(name)) throw createError('FRM_ERR_REPLY_INVALID_HEADER', String(name))
    const key = name.toLowerCase()
    let stored: string | number | readonly string[]
    if (Array.isArray(value)) {
      const values = (value as readonly unknown[]).map(String)
      for (const item of values) {
        if (!isHeaderValue(item)) throw createError('FRM_ERR_REPLY_INVALID_HEADER', name)
      }
      stored = values
    } else if (typeof value === 'number') {
      stored = value
    } else {
      stored = value === undefined ? '' : String(value)
      if (!isHeaderValue(stored)) throw createError('FRM_ERR_REPLY_INVALID_HEADER', name)
    }
    const headers = this[kHeaders]
    const previous = headers[key]
    if (key === 'set-cookie' && previous !== undefined) {
      headers[key] = ([] as string[]).concat(
        previous as string | string[],
        stored as string | string[],
      )
    } else {
      headers[key] = stored
    }
    return this
  }

  headers(values: Record<string, HeaderValue>): this {
    for (const name of Object.keys(values)) this.header(name, values[name])
    return this
  }

  /** A header set on the reply, else one set directly on `reply.raw` (as Fastify reads it). */
  getHeader(name: string): string | number | readonly string[] | undefined {
    const key = name.toLowerCase()
    const value = this[kHeaders][key]
    if (value !== undefined) return value
    const raw = this.raw as RawHeaders | null
    return typeof raw?.hasHeader === 'function' && raw.hasHeader(key)
      ? raw.getHeader?.(key)
      : undefined
  }

  /** The headers set on `reply.raw`, then those set on the reply (which win). */
  getHeaders(): OutgoingHeaders {
    const raw = this.raw as RawHeaders | null
    if (typeof raw?.getHeaders !== 'function') return { ...this[kHeaders] }
    return { ...(raw.getHeaders() as OutgoingHeaders), ...this[kHeaders] }
  }

  hasHeader(name: string): boolean {
    const key = name.toLowerCase()
    if (this[kHeaders][key] !== undefined) return true
    const raw = this.raw as RawHeaders | null
    return typeof raw?.hasHeader === 'function' && raw.hasHeader(key)
  }

  /** Removes `name` from the reply and, until the head is written, from `reply.raw` (as Fastify). */
  removeHeader(name: string): this {
    const key = name.toLowerCase()
    delete this[kHeaders][key]
    const raw = this.raw as (RawHeaders & { headersSent?: boolean }) | null
    if (typeof raw?.removeHeader === 'function' && raw.headersSent !== true) raw.removeHeader(key)
    return this
  }

  /**
   * Sends `name` as a trailer: the response goes out chunked with a `Trailer` header, and once the
   * body is written `fn(reply, payload, done)` (or an async `fn(reply, payload)`) gives its value.
   * Names a trailer may not carry (content-length, set-cookie...) throw FRM_ERR_BAD_TRAILER_NAME,
   * a value that is not a function FRM_ERR_BAD_TRAILER_VALUE.
   *
   * @example
   * reply.trailer('server-timing', async () => `db;dur=${dbTime}`)
   */
  trailer(name: string, fn: TrailerFunction): this {
    addTrailer(this, name, fn)
    return this
  }

  /** Whether a trailer `name` is set. */
  hasTrailer(name: string): boolean {
    return this[kTrailers]?.[name.toLowerCase()] !== undefined
  }

  /** Removes the trailer `name`. */
  removeTrailer(name: string): this {
    const table = this[kTrailers]
    if (table !== null) table[name.toLowerCase()] = undefined
    return this
  }

  type(contentType: string): this {
    return this.header('content-type', contentType)
  }

  serializer(fn: (payload: unknown) => string): this {
    if (typeof fn !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        'reply.serializer',
        `expected a function, received ${describe(fn)}`,
      )
    }
    this[kSerializer] = fn
    return this
  }

  send(payload?: unknown): this {
    // An onError hook observes: the error handler answers (Fastify's FST_ERR_SEND_INSIDE_ONERR).
    if (this[kInOnError]) throw createError('FRM_ERR_SEND_INSIDE_ONERR')
    callees.send(this, payload)
    return this
  }

  /** True once sent or hijacked, or once `reply.raw` was ended directly (as Fastify reads it). */
  get sent(): boolean {
    return (
      this[kPhase] !== Phase.Open ||
      (this.raw as { writableEnded?: unknown } | null)?.writableEnded === true
    )
  }

  /**
   * `reply.sent` is read-only, as in Fastify 5 (Fastify 4's `reply.sent = true` is gone: use
   * `reply.hijack()`). Any assignment throws rather than leaving the request hanging.
   *
   * @throws FRM_ERR_REP_SENT_VALUE (a TypeError) for any value
   */
  set sent(_value: boolean) {
    throw createError('FRM_ERR_REP_SENT_VALUE')
  }

  /** Milliseconds since the request's lifecycle started. */
  get elapsedTime(): number {
    const end = this[kEndTime]
    return (end === 0 ? now() : end) - this.request[kStartTime]
  }

  /** Fastify 4's older name of `elapsedTime`. */
  getResponseTime(): number {
    return this.elapsedTime
  }

  get server(): Instance {
    return this[kRoute].instance
  }

  /** The request's logger. */
  get log(): Logger {
    return this.request.log
  }

  /**
   * Fastify 5's `reply.writeEarlyHints(hints, callback?)`: a 103 Early Hints response ahead of
   * the real one (`{ link: '</style.css>; rel=preload; as=style' }`), on a transport that can send
   * it (node:http's `res.writeEarlyHints`); elsewhere the hints are dropped and `callback` still
   * runs.
   */
  writeEarlyHints(hints: Record<string, string | readonly string[]>, callback?: () => void): this {
    const transport = this[kRoute].core.transport
    if (transport.writeEarlyHints !== undefined)
      transport.writeEarlyHints(this.raw, hints, callback)
    else if (typeof callback === 'function') callback()
    return this
  }

  /**
   * Takes the response over: the framework sends nothing more for this request (the caller
   * writes `reply.raw` itself); hooks and handlers that follow see `sent` as true.
   */
  hijack(): this {
    this[kPhase] = Phase.Hijacked
    clearHandlerTimeout(this)
    return this
  }

  /**
   * The reply is thenable (Fastify 4): `await reply` waits until the response has finished (written
   * in full, or the client gone), and rejects if writing it failed. A hijacked reply, or one
   * already finished, resolves at once.
   *
   * @example
   * reply.send(stream)
   * await reply // the stream has been written
   */
  // biome-ignore lint/suspicious/noThenProperty: thenable on purpose, as Fastify's reply is
  then(fulfilled: () => void, rejected?: (error: Error) => void): void {
    const transport = this[kRoute].core.transport
    if (this[kPhase] === Phase.Hijacked || transport.whenFinished === undefined) {
      fulfilled()
      return
    }
    transport.whenFinished(this.raw, (error) => {
      if (error === undefined || error === null) fulfilled()
      else if (typeof rejected === 'function') rejected(error)
      else this.request.log.warn({ err: error }, 'unhandled rejection on reply.then')
    })
  }

  /** Serializes `payload` as `send` would for the current status, without sending it. */
  serialize(payload: unknown): string {
    return callees.serializePayload(this, payload)
  }

  /**
   * The route's serializer of a response key (and content type), or the function
   * `compileSerializationSchema` compiled for a schema object.
   */
  getSerializationFunction(
    statusOrSchema: string | number | object,
    contentType?: string,
  ): unknown {
    return getSerializationFunction(this[kRoute], statusOrSchema, contentType)
  }

  /** Compiles `schema` with the route's serializer compiler, once per route and schema object. */
  compileSerializationSchema(
    schema: JsonSchema,
    httpStatus?: string | number | null,
    contentType?: string | null,
  ): SerializeFunction {
    const request = this.request
    return compileSerializationSchema(
      this[kRoute],
      request.method,
      request.url,
      schema,
      httpStatus,
      contentType,
    )
  }

  /** Serializes `input` with the route's serializer of a status (and content type), or a schema's. */
  serializeInput(
    input: unknown,
    schemaOrStatus: JsonSchema | string | number,
    httpStatus?: string | number,
    contentType?: string,
  ): string {
    const request = this.request
    return serializeInput(
      this[kRoute],
      request.method,
      request.url,
      input,
      schemaOrStatus,
      httpStatus,
      contentType,
    )
  }

  /** Fastify 4's `reply.context`: `context.config` is the route's `config`. */
  get context(): RouteInfo {
    return this[kRoute].info
  }

  /** Fastify 5's `reply.routeOptions`: the same object as `request.routeOptions`. */
  get routeOptions(): RequestRouteOptions {
    return this.request.routeOptions
  }

  /** Fastify 5's `reply.mediaType`: the `type/subtype` of the Content-Type set so far. */
  get mediaType(): string | undefined {
    const header = this[kHeaders]['content-type']
    return typeof header === 'string' ? mediaTypeEssence(header) : undefined
  }

  /**
   * Fastify 5's `reply.getDecorator(name)`: a reply decorator (a function comes bound to this
   * reply); FRM_ERR_DEC_UNDECLARED when the reply has no member of that name.
   */
  getDecorator<T = unknown>(name: string | symbol): T {
    return readDecorator(this, name, 'reply') as T
  }

  /**
   * Redirects to `url`: Fastify 5's `(url, code?)` and Fastify 4's `(code, url)`. Without a code,
   * a status set before (`reply.code(301).redirect(url)`) is kept, else 302.
   */
  redirect(first: string | number, second?: string | number): this {
    let url: unknown = first
    let code: unknown = second
    if (typeof first === 'number') {
      code = first
      url = second
    }
    if (code === undefined || code === 0) code = this[kStatus] === 200 ? 302 : this[kStatus]
    if (typeof url !== 'string') throw createError('FRM_ERR_REPLY_REDIRECT_URL', describe(url))
    this.header('location', url)
    this.code(code as number)
    return this.send()
  }

  /** Hands the request to the not-found handler; returns the reply (Fastify). */
  callNotFound(): this {
    callees.callNotFound(this)
    return this
  }
}

/**
 * The names a reply decorator may not take: the fields each reply sets itself (Fastify 5 refuses
 * the same, `log` included). A method or accessor of the reply may be decorated over, as in
 * Fastify (`decorateReply('getHeader', fn)` shadows it in that context).
 */
export const replyBuiltins: ReadonlySet<string | symbol> = new Set<string | symbol>([
  'raw',
  'request',
  'log',
])

/** Every built-in member of the reply (fields and prototype): `hasReplyDecorator` sees them. */
export const replyMembers: ReadonlySet<string | symbol> = new Set<string | symbol>([
  ...replyBuiltins,
  ...Reflect.ownKeys(Reply.prototype),
])

declare module '../context/index.js' {
  interface RouteContext {
    /** The route's reply class: its context's, with the context's reply decorators. */
    Reply: typeof Reply
  }
  interface ResolvedContext {
    /** `Reply`, or a subclass holding the reply decorators of the context and its ancestors. */
    Reply: typeof Reply
  }
}
