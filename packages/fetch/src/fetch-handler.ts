import type { Instance } from '@framework/core'
import { errorBody, errorStatusCode } from '@framework/error-formatter'
import { type FetchRawRequest, fromHost, toRawRequest } from './internal/raw-request.js'
import { transports } from './registry.js'

/**
 * What a host hands the handler: `(request, env, ctx)` (Workers), `(request, info)` (Deno),
 * `(request, server)` (Bun). It answers with a promise of the `Response` (API.md), also when the
 * request ran synchronously to the end (then the promise is already resolved).
 */
export type FetchHandler = (request: Request, env?: unknown, ctx?: unknown) => Promise<Response>

/**
 * The application as a Fetch handler, `(request, env?, ctx?) => Promise<Response>`, for every
 * host: `export default { fetch: toFetchHandler(app) }` (Workers), `Deno.serve(handler)`,
 * `Bun.serve({ fetch: handler })`. The application becomes ready on the first request, never
 * before (Workers forbid I/O and timers at global scope); if a plugin fails to load, every request
 * is answered 500 with the standard error body, and the failure is logged once. `request.ip` is the
 * address the host gives (Deno, Bun), asked when first read; on Workers, `CF-Connecting-IP` with
 * `trustProxy` only.
 *
 * @example
 * import framework, { toFetchHandler } from '@framework/fetch'
 *
 * const app = framework()
 * app.get('/', async () => ({ hello: 'edge' }))
 * export default { fetch: toFetchHandler(app) }
 */
export function toFetchHandler(app: Instance): FetchHandler {
  let handler = handlers.get(app)
  if (handler === undefined) {
    handler = makeHandler(app)
    handlers.set(app, handler)
  }
  return handler
}

/** One handler per application: it holds the application's one readiness. */
const handlers = new WeakMap<object, FetchHandler>()

function makeHandler(app: Instance): FetchHandler {
  const transport = transports.get(app)
  if (transport === undefined) {
    throw new TypeError(
      'toFetchHandler(app) takes an application made by framework() of @framework/fetch (the umbrella `framework` serves node:http)',
    )
  }
  let ready: Promise<unknown> | undefined
  let failure: { error: unknown } | undefined
  const whenReady = (): Promise<unknown> => {
    ready ??= Promise.resolve(app.ready()).then(
      () => undefined,
      (error: unknown) => {
        failure = { error }
        app.log.error(
          { err: error },
          'The application failed to start: every request is answered 500',
        )
      },
    )
    return ready
  }
  let started = false
  const serveReady = (raw: FetchRawRequest): Response | Promise<Response> =>
    failure === undefined ? transport.handle(raw) : failed(failure.error)
  const serveFirst = (raw: FetchRawRequest): Promise<Response> =>
    whenReady().then(() => {
      started = true
      return serveReady(raw)
    })
  // Once ready, a request goes straight to the transport (no extra turn of the event loop).
  const serve = (raw: FetchRawRequest): Response | Promise<Response> =>
    started ? serveReady(raw) : serveFirst(raw)
  transport.dispatchRequest = (request, remoteAddress) =>
    serve(toRawRequest(request, remoteAddress))
  const trustsProxy = transport.trustsProxy
  return (request, env, ctx) => {
    const answer = serve(fromHost(request, env, ctx, trustsProxy))
    // A request that ran synchronously has its Response already; the contract is a promise.
    return answer instanceof Response ? Promise.resolve(answer) : answer
  }
}

/** The standard error body of a 500, for an application that could not start. */
function failed(error: unknown): Response {
  const status = Math.max(errorStatusCode(error), 500)
  const body = JSON.stringify(errorBody(error, status))
  return new Response(body, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    },
  })
}
