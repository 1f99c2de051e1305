import type { RawRequest } from '@framework/core'

/**
 * What the core sees of a Fetch `Request` (`request.raw`): the Node-like fields it and plugins
 * read (`method`, `url` as path and query, `headers` as a lower-cased object, `socket`), and the
 * `Request` itself as `raw.request`.
 */
export interface FetchRawRequest extends RawRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  socket: { remoteAddress: string | undefined; encrypted: boolean }
  httpVersion: '1.1'
  httpVersionMajor: 1
  httpVersionMinor: 1
  /** The Fetch `Request` this was made from. */
  readonly request: Request
  /** The host's extra arguments: Workers' `env` and `ctx`, Deno's info, Bun's server. */
  readonly env: unknown
  readonly ctx: unknown
}

/** Bun's `Headers#toJSON`: the headers as one object, made natively (`set-cookie` as an array). */
type JsonHeaders = Headers & { toJSON?: () => Record<string, string | string[]> }

/** The request's headers as a lower-cased object (as node:http gives them). */
function headersOf(request: Request): Record<string, string | string[] | undefined> {
  const source = request.headers as JsonHeaders
  if (typeof source.toJSON === 'function') return source.toJSON()
  const headers: Record<string, string | string[] | undefined> = {}
  source.forEach((value, name) => {
    headers[name] = value
  })
  return headers
}

/**
 * The raw request: `headers` copied from the `Request` on first read (a GET routed without
 * constraints never reads them, and Bun makes a request's `Headers` only when asked).
 */
class FetchRaw implements FetchRawRequest {
  method: string
  url: string
  socket: { remoteAddress: string | undefined; encrypted: boolean }
  readonly httpVersion = '1.1'
  readonly httpVersionMajor = 1
  readonly httpVersionMinor = 1
  #headers: Record<string, string | string[] | undefined> | undefined

  constructor(
    readonly request: Request,
    url: string,
    remoteAddress: string | undefined,
    readonly env: unknown,
    readonly ctx: unknown,
  ) {
    this.method = request.method
    this.url = url
    this.socket = { remoteAddress, encrypted: request.url.startsWith('https:') }
  }

  get headers(): Record<string, string | string[] | undefined> {
    if (this.#headers !== undefined) return this.#headers
    const headers = headersOf(this.request)
    if (headers.host === undefined) {
      // No Host header (a Request made in process): the URL's authority, as node:http would have it.
      const target = this.request.url
      const schemeEnd = target.indexOf('://')
      if (schemeEnd !== -1) {
        const pathStart = target.indexOf('/', schemeEnd + 3)
        headers.host = target.slice(schemeEnd + 3, pathStart === -1 ? undefined : pathStart)
      }
    }
    this.#headers = headers
    return headers
  }

  set headers(headers: Record<string, string | string[] | undefined>) {
    this.#headers = headers
  }
}

/**
 * The raw request of a Fetch `Request`. `remoteAddress` is what the host says about the client
 * (Deno's info argument, Bun's `server.requestIP`), undefined when it says nothing (Workers).
 *
 * @example
 * const raw = toRawRequest(new Request('http://localhost/users?limit=2'), undefined)
 * raw.url // '/users?limit=2'
 */
export function toRawRequest(
  request: Request,
  remoteAddress: string | undefined,
  env?: unknown,
  ctx?: unknown,
): FetchRawRequest {
  const target = request.url
  // The path and query of an absolute URL, without parsing it whole (as a server reads its request line).
  const schemeEnd = target.indexOf('://')
  const pathStart = schemeEnd === -1 ? 0 : target.indexOf('/', schemeEnd + 3)
  let url = pathStart === -1 ? '/' : target.slice(pathStart)
  const hash = url.indexOf('#')
  if (hash !== -1) url = url.slice(0, hash)
  return new FetchRaw(request, url, remoteAddress, env, ctx)
}
