import type {
  ClientInfo,
  ConstraintStrategy,
  DeclaredRoute,
  FoundRoute,
  InjectOptions,
  InjectResponse,
  OutgoingHeaders,
  PrintRoutesOptions,
  RouteTable,
  Transport,
  WritablePayload,
} from '@framework/core'
import { createError } from '@framework/error-formatter'
import {
  buildRouter,
  checkRoutePath,
  compileTrust,
  DeclaredRouter,
  describeClient,
  failAsyncConstraint,
  hasAsyncConstraints,
  type Router,
  type RouterOptions,
  type TrustProxy,
} from '@framework/http/neutral'
import { canGenerateCode } from './internal/code-generation.js'
import { inject } from './internal/inject.js'
import { FetchRawReply } from './internal/raw-reply.js'
import type { FetchRawRequest } from './internal/raw-request.js'
import { readBody } from './internal/read-body.js'
import { writeResponse } from './internal/write-response.js'

/** Options of the Fetch transport: the factory options it reads. */
export interface FetchTransportOptions {
  trustProxy?: TrustProxy | undefined
  querystringParser?: ((text: string) => Record<string, unknown>) | undefined
  rewriteUrl?: ((raw: FetchRawRequest) => string) | undefined
  bodyLimit?: number | undefined
  maxParamLength?: number | undefined
  ignoreTrailingSlash?: boolean | undefined
  caseSensitive?: boolean | undefined
  ignoreDuplicateSlashes?: boolean | undefined
  allowUnsafeRegex?: boolean | undefined
  /** `;` ends the path as `?` does. Default false (Fastify 5; Fastify 4.29's default was true). */
  useSemicolonDelimiter?: boolean | undefined
  /** Answers a path with a malformed percent-escape: `(path, raw, res)`. Default: a 400 FRM_ERR_BAD_URL. */
  onBadUrl?: RouterOptions['onBadUrl']
  /** Answers a parameter over `maxParamLength`: `(path, raw, res)`. Default: a 414 FRM_ERR_MAX_PARAM_LENGTH. */
  onMaxParamLength?: RouterOptions['onMaxParamLength']
  /** What `printRoutes({ includeMeta })` shows of a route: `(route) => object`. */
  buildPrettyMeta?: RouterOptions['buildPrettyMeta']
  /**
   * Whether the host compiles code from strings at the moment the table is mounted (the first
   * request). Default: asks the host (`new Function`); Workers refuse it while handling a request.
   */
  codeGeneration?: (() => boolean) | undefined
}

/** Bun's `Bun.peek` as the core's `settledValue`, where the host has it. */
function hostSettledValue(): ((promise: Promise<unknown>) => unknown) | undefined {
  const peek = (globalThis as { Bun?: { peek?: BunPeek } }).Bun?.peek
  if (typeof peek !== 'function' || typeof peek.status !== 'function') return undefined
  return (promise) => (peek.status(promise) === 'fulfilled' ? peek(promise) : promise)
}

interface BunPeek {
  (promise: Promise<unknown>): unknown
  status(promise: Promise<unknown>): 'pending' | 'fulfilled' | 'rejected'
}

const NOT_READY_BODY = 'Service Unavailable: the application is not ready yet'

/**
 * The core's transport over `Request`/`Response`: routes each request with find-my-way (as the
 * node:http transport does), reads bodies within the limit, and makes the `Response` of each reply.
 * `handle(raw)` is the request path; `toFetchHandler(app)` feeds it.
 */
export class FetchTransport implements Transport<FetchRawRequest, FetchRawReply> {
  readonly server = null
  readonly #bodyLimit: number
  readonly #options: FetchTransportOptions
  /** The router options, as the node:http transport resolves them. */
  readonly #routing: RouterOptions
  readonly #declared: DeclaredRouter
  #router: Router | null = null
  #table: RouteTable<FetchRawRequest, FetchRawReply> | null = null
  #asyncConstraints = false
  readonly describeClient: ((raw: FetchRawRequest) => ClientInfo) | undefined
  /** Bun's `Bun.peek`: an async handler's value read in the same turn (see `settledValue`). */
  readonly settledValue = hostSettledValue()
  /** Answers `inject()`: set by the fetch handler of the application (ready first). */
  dispatchRequest:
    | ((request: Request, remoteAddress: string) => Response | Promise<Response>)
    | undefined

  constructor(options: FetchTransportOptions = {}) {
    this.#options = options
    this.#routing = {
      caseSensitive: options.caseSensitive ?? true,
      ignoreTrailingSlash: options.ignoreTrailingSlash ?? false,
      ignoreDuplicateSlashes: options.ignoreDuplicateSlashes ?? false,
      allowUnsafeRegex: options.allowUnsafeRegex ?? false,
      useSemicolonDelimiter: options.useSemicolonDelimiter ?? false,
      onBadUrl: options.onBadUrl,
      onMaxParamLength: options.onMaxParamLength,
      buildPrettyMeta: options.buildPrettyMeta,
      maxParamLength: options.maxParamLength ?? 100,
      querystringParser: options.querystringParser,
    }
    this.#declared = new DeclaredRouter(this.#routing)
    this.#bodyLimit = options.bodyLimit ?? 1048576
    const trust = compileTrust(options.trustProxy)
    this.describeClient = trust === null ? undefined : (raw) => describeClient(raw, trust)
  }

  /** Whether proxies are trusted (Workers: `CF-Connecting-IP` is then the client's address). */
  get trustsProxy(): boolean {
    return this.describeClient !== undefined
  }

  mount(table: RouteTable<FetchRawRequest, FetchRawReply>): void {
    const options = this.#options
    const codeGeneration = (options.codeGeneration ?? canGenerateCode)()
    this.#router = buildRouter(table, {
      ...this.#routing,
      codeGeneration,
      // Between two requests, where the host has timers (every Fetch host does during a request).
      schedule: codeGeneration ? (task) => setTimeout(task, 0) : null,
    })
    this.#asyncConstraints = hasAsyncConstraints(table)
    this.#table = table
  }

  findRoute(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy<FetchRawRequest>[],
    method: string,
    url: string,
    constraints?: Record<string, unknown>,
  ): FoundRoute | null {
    return this.#declared.find(routes, strategies as never, method, url, constraints)
  }

  printRoutes(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy<FetchRawRequest>[],
    options: PrintRoutesOptions,
  ): string {
    return this.#declared.print(routes, strategies as never, options)
  }

  checkRoute(method: string, url: string): void {
    checkRoutePath(method, url, this.#routing)
  }

  /**
   * Routes one request through the mounted table: its `Response` when the request ran
   * synchronously to the end, else a promise of it.
   */
  handle(raw: FetchRawRequest): Response | Promise<Response> {
    const router = this.#router
    if (router === null) {
      return new Response(NOT_READY_BODY, {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    }
    const res = new FetchRawReply(raw.method, raw)
    const rewriteUrl = this.#options.rewriteUrl
    if (rewriteUrl !== undefined && !this.#rewrite(raw, res, rewriteUrl)) return res.response
    if (this.#asyncConstraints) this.#lookupAsync(router, raw, res)
    else router.lookup(raw as never, res as never)
    return res.response
  }

  /**
   * A lookup with asynchronous constraints (apart: its closure costs the common path nothing). A
   * failing strategy answers Fastify's fixed 500, as on node:http: its own error never reaches
   * the client.
   */
  #lookupAsync(router: Router, raw: FetchRawRequest, res: FetchRawReply): void {
    router.lookup(raw as never, res as never, (error: Error | null) => {
      if (error !== null) failAsyncConstraint(this.#table!, raw, res, error)
    })
  }

  #rewrite(
    raw: FetchRawRequest,
    res: FetchRawReply,
    rewriteUrl: (raw: FetchRawRequest) => string,
  ): boolean {
    try {
      const url = rewriteUrl(raw)
      if (typeof url !== 'string')
        throw new TypeError(`rewriteUrl returned ${typeof url}, not a URL`)
      ;(raw as FetchRawRequest & { originalUrl?: string }).originalUrl = raw.url
      raw.url = url
      return true
    } catch (error) {
      this.#table!.fail(raw, res, error as Error)
      return false
    }
  }

  listen(): Promise<string> {
    return Promise.reject(
      createError(
        'FRM_ERR_FETCH_NO_LISTEN',
        'export default { fetch: toFetchHandler(app) }, Deno.serve(toFetchHandler(app)), Bun.serve({ fetch: toFetchHandler(app) })',
      ),
    )
  }

  close(): Promise<void> {
    return Promise.resolve()
  }

  inject(options: InjectOptions | string): Promise<InjectResponse> {
    const dispatch = this.dispatchRequest
    if (dispatch === undefined) return Promise.reject(new Error('the fetch handler is not set up'))
    return inject(dispatch, options)
  }

  readBody(
    raw: FetchRawRequest,
    limit: number,
    done: (error: Error | null, body?: Buffer | string) => void,
    stream?: unknown,
    encoding?: 'utf8',
  ): void {
    readBody(raw, limit > 0 ? limit : this.#bodyLimit, done, stream as never, encoding)
  }

  send(
    res: FetchRawReply,
    statusCode: number,
    headers: OutgoingHeaders,
    payload: WritablePayload,
    done?: (error?: Error) => void,
  ): void {
    if (done !== undefined) res.onFinished(done)
    writeResponse(res, res.method, statusCode, headers, payload)
  }

  isSent(res: FetchRawReply): boolean {
    return res.headersSent
  }

  onTimeout(): void {
    // No connection timeout on a Fetch host: the host bounds the request itself.
  }

  onAbort(raw: FetchRawRequest, _res: FetchRawReply, fn: () => void): void {
    const signal = raw.request.signal
    if (signal === undefined || signal === null) return
    if (signal.aborted) fn()
    else signal.addEventListener('abort', fn, { once: true })
  }

  whenFinished(res: FetchRawReply, fn: (error?: Error) => void): void {
    if (res.outcome !== undefined) fn(res.outcome.error)
    else res.onFinished(fn)
  }
}
