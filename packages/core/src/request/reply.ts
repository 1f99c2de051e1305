import { createError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import type { OutgoingHeaders } from '../contracts/transport.js'
import type { Instance } from '../types/instance.js'
import type { Logger } from '../types/logger.js'
import type { HeaderValue } from '../types/reply.js'
import type { RouteInfo } from '../types/route.js'
import {
  describe,
  isHeaderName,
  isHeaderValue,
  kEndTime,
  kErrorIndex,
  kErrorStatus,
  kHeaders,
  kPhase,
  kRoute,
  kSerializer,
  kStartTime,
  kStatus,
  Phase,
} from '../util/index.js'
import type { Request } from './request.js'

type PhaseValue = (typeof Phase)[keyof typeof Phase]

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
  [kRoute]: RouteContext;
  [kStatus]: number;
  [kHeaders]: Record<string, string | number | readonly string[]>;
  [kPhase]: PhaseValue;
  [kSerializer]: ((payload: unknown) => string) | null;
  [kErrorIndex]: number;
  [kErrorStatus]: number;
  [kEndTime]: number

  constructor(
    rc: RouteContext,
    readonly raw: unknown,
    readonly request: Request,
  ) {
    this[kRoute] = rc
    this[kStatus] = 200
    this[kHeaders] = {}
    this[kPhase] = Phase.Open
    this[kSerializer] = null
    this[kErrorIndex] = -1
    this[kErrorStatus] = 0
    this[kEndTime] = 0
  }

  code(statusCode: number): this {
    if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
      throw createError('FRM_ERR_BAD_STATUS_CODE', String(statusCode))
    }
    this[kStatus] = statusCode
    // Fastify's reply status is `raw.statusCode`: plugins read it there before the head is written.
    const raw = this.raw as { statusCode?: number } | null
    if (typeof raw === 'object' && raw !== null) raw.statusCode = statusCode
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

  getHeader(name: string): string | number | readonly string[] | undefined {
    return this[kHeaders][name.toLowerCase()]
  }

  getHeaders(): OutgoingHeaders {
    return { ...this[kHeaders] }
  }

  hasHeader(name: string): boolean {
    return this[kHeaders][name.toLowerCase()] !== undefined
  }

  removeHeader(name: string): this {
    delete this[kHeaders][name.toLowerCase()]
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
    callees.send(this, payload)
    return this
  }

  get sent(): boolean {
    return this[kPhase] !== Phase.Open
  }

  /**
   * Fastify 4's deprecated `reply.sent = true`: the same as `hijack()`. Any other value is refused
   * (a reply cannot be unsent; accepting `false` would leave the request hanging).
   *
   * @throws FRM_ERR_REP_SENT_VALUE for a value other than true
   */
  set sent(value: boolean) {
    if (value !== true) throw createError('FRM_ERR_REP_SENT_VALUE')
    this.hijack()
  }

  /** Milliseconds since the request's lifecycle started. */
  get elapsedTime(): number {
    const end = this[kEndTime]
    return (end === 0 ? performance.now() : end) - this.request[kStartTime]
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
   * Takes the response over: the framework sends nothing more for this request (the caller
   * writes `reply.raw` itself); hooks and handlers that follow see `sent` as true.
   */
  hijack(): this {
    this[kPhase] = Phase.Hijacked
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

  /** Fastify 4's `reply.context`: `context.config` is the route's `config`. */
  get context(): RouteInfo {
    return this[kRoute].info
  }

  redirect(first: string | number, second?: string | number): this {
    let url: unknown = first
    // Without a code, a status set before (`reply.code(307).redirect(url)`) is kept, as in Fastify.
    let code: unknown = second ?? (this[kStatus] === 200 ? 302 : this[kStatus])
    if (typeof first === 'number') {
      code = first
      url = second
    }
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

/** The names a reply decorator may not take. */
export const replyBuiltins: ReadonlySet<string | symbol> = new Set<string | symbol>([
  'raw',
  'request',
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
