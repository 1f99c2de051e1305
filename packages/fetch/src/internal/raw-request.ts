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
  const headers: Record<string, string | string[] | undefined> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  if (headers.host === undefined) {
    const hostStart = schemeEnd + 3
    if (schemeEnd !== -1)
      headers.host = target.slice(hostStart, pathStart === -1 ? undefined : pathStart)
  }
  return {
    method: request.method,
    url,
    headers,
    socket: { remoteAddress, encrypted: target.startsWith('https:') },
    httpVersion: '1.1',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
    request,
    env,
    ctx,
  }
}
