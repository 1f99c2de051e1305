import type { Instance } from '@framework/core'
import { errorBody, errorStatusCode } from '@framework/error-formatter'
import { type FetchRawRequest, toRawRequest } from './internal/raw-request.js'
import { transports } from './registry.js'

/** What a host hands the handler: `(request, env, ctx)` (Workers), `(request, info)` (Deno), `(request, server)` (Bun). */
export type FetchHandler = (request: Request, env?: unknown, ctx?: unknown) => Promise<Response>

/**
 * The client's address as the host gives it: Bun's `server.requestIP` (asked at once: Bun
 * answers null once the response went out), Deno's `info.remoteAddr`; with `trustProxy` and
 * nothing from the host, `CF-Connecting-IP`.
 */
function remoteAddressOf(
  request: Request,
  second: unknown,
  trustsProxy: boolean,
): string | undefined {
  if (typeof second === 'object' && second !== null) {
    const bun = second as { requestIP?: (request: Request) => { address?: string } | null }
    if (typeof bun.requestIP === 'function') {
      const address = bun.requestIP(request)?.address
      if (address !== undefined) return address
    } else {
      const deno = (second as { remoteAddr?: { hostname?: unknown } }).remoteAddr
      if (typeof deno?.hostname === 'string') return deno.hostname
    }
  }
  return trustsProxy ? (request.headers.get('cf-connecting-ip') ?? undefined) : undefined
}

/**
 * The application as a Fetch handler, `(request, env?, ctx?) => Promise<Response>`, for every
 * host: `export default { fetch: toFetchHandler(app) }` (Workers), `Deno.serve(handler)`,
 * `Bun.serve({ fetch: handler })`. The application becomes ready on the first request, never
 * before (Workers forbid I/O and timers at global scope); if a plugin fails to load, every request
 * is answered 500 with the standard error body, and the failure is logged once. `request.ip` is the
 * address the host gives (Deno, Bun); on Workers, `CF-Connecting-IP` with `trustProxy` only.
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
  const serveReady = (raw: FetchRawRequest): Promise<Response> =>
    failure === undefined ? transport.handle(raw) : Promise.resolve(failed(failure.error))
  const serve = (raw: FetchRawRequest): Promise<Response> => {
    // Once ready, a request goes straight to the transport (no extra turn of the event loop).
    if (started) return serveReady(raw)
    return whenReady().then(() => {
      started = true
      return serveReady(raw)
    })
  }
  transport.dispatchRequest = (request, remoteAddress) =>
    serve(toRawRequest(request, remoteAddress))
  const trustsProxy = transport.trustsProxy
  return (request, env, ctx) =>
    serve(toRawRequest(request, remoteAddressOf(request, env, trustsProxy), env, ctx))
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
