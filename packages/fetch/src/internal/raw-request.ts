import type { RawRequest } from '@framework/core'
import { remoteAddressOf } from './remote-address.js'

/**
 * What the core sees of a Fetch `Request` (`request.raw`): the Node-like fields it and plugins
 * read (`method`, `url` as path and query, `headers` as a lower-cased object, `socket`), and the
 * `Request` itself as `raw.request`.
 */
export interface FetchRawRequest extends RawRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  socket: FetchSocket
  httpVersion: '1.1'
  httpVersionMajor: 1
  httpVersionMinor: 1
  /** The Fetch `Request` this was made from. */
  readonly request: Request
  /** The host's extra arguments: Workers' `env` and `ctx`, Deno's info, Bun's server. */
  readonly env: unknown
  readonly ctx: unknown
  /**
   * True when a host's HTTP server handed the request over (with its own arguments): its body is
   * delimited by its Content-Length there, so what is read is what was declared.
   */
  readonly framed: boolean
  /** Asks the host for the client's address now if no one did yet (see `FetchSocket#keep`). */
  keep?(): void
}

/** `request.raw.socket`: the client's address and whether the request came over TLS. */
export interface FetchSocket {
  readonly remoteAddress: string | undefined
  readonly encrypted: boolean
  /** Asks the host for the address now if no one did yet (it may forget it later). */
  keep?(): void
}

/** A socket whose address is given (inject, or a host that hands it over with the request). */
class GivenSocket implements FetchSocket {
  constructor(
    readonly remoteAddress: string | undefined,
    readonly encrypted: boolean,
  ) {}
}

/**
 * A socket whose address is asked of the host on first read: Bun's `server.requestIP` costs
 * about as much as the rest of a small request's routing, and most requests never read it. Bun
 * forgets the address once the response went out: the reply asks before it hands the response
 * over when something waits for the body's end (onResponse hooks, a stream).
 */
class HostSocket implements FetchSocket {
  #request: Request | undefined
  readonly #host: unknown
  readonly #trustsProxy: boolean
  #address: string | undefined

  constructor(
    request: Request,
    host: unknown,
    trustsProxy: boolean,
    readonly encrypted: boolean,
  ) {
    this.#request = request
    this.#host = host
    this.#trustsProxy = trustsProxy
  }

  get remoteAddress(): string | undefined {
    const request = this.#request
    if (request !== undefined) {
      this.#request = undefined
      this.#address = remoteAddressOf(request, this.#host, this.#trustsProxy)
    }
    return this.#address
  }

  keep(): void {
    if (this.#request !== undefined) void this.remoteAddress
  }
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
 * constraints never reads them, and Bun makes a request's `Headers` only when asked), `socket`
 * made on first read (most requests never read it).
 */
class FetchRaw implements FetchRawRequest {
  method: string
  url: string
  #headers: Record<string, string | string[] | undefined> | undefined
  #socket: FetchSocket | undefined
  /** Made on first read: from the given address (null: the host is asked, see `HostSocket`). */
  readonly #given: { address: string | undefined } | null
  readonly #trustsProxy: boolean

  constructor(
    readonly request: Request,
    url: string,
    given: { address: string | undefined } | null,
    trustsProxy: boolean,
    readonly env: unknown,
    readonly ctx: unknown,
    readonly framed: boolean,
  ) {
    this.method = request.method
    this.url = url
    this.#given = given
    this.#trustsProxy = trustsProxy
  }

  get httpVersion(): '1.1' {
    return '1.1'
  }

  get httpVersionMajor(): 1 {
    return 1
  }

  get httpVersionMinor(): 1 {
    return 1
  }

  get socket(): FetchSocket {
    if (this.#socket !== undefined) return this.#socket
    const given = this.#given
    const encrypted = this.request.url.startsWith('https:')
    this.#socket =
      given !== null
        ? new GivenSocket(given.address, encrypted)
        : new HostSocket(this.request, this.env, this.#trustsProxy, encrypted)
    return this.#socket
  }

  set socket(socket: FetchSocket) {
    this.#socket = socket
  }

  /** Asks the host for the client's address now if no one did yet (see `FetchSocket#keep`). */
  keep(): void {
    if (this.#given === null || this.#socket !== undefined) this.socket.keep?.()
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

/** The path and query of an absolute URL, without parsing it whole (as a server reads its request line). */
function pathOf(target: string): string {
  const schemeEnd = target.indexOf('://')
  const pathStart = schemeEnd === -1 ? 0 : target.indexOf('/', schemeEnd + 3)
  const url = pathStart === -1 ? '/' : target.slice(pathStart)
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}

/**
 * The raw request of a Fetch `Request` whose client's address is given (`inject`), or undefined
 * when nobody knows it.
 *
 * @example
 * const raw = toRawRequest(new Request('http://localhost/users?limit=2'), '127.0.0.1')
 * raw.url // '/users?limit=2'
 */
export function toRawRequest(
  request: Request,
  remoteAddress: string | undefined,
  env?: unknown,
  ctx?: unknown,
): FetchRawRequest {
  return new FetchRaw(
    request,
    pathOf(request.url),
    { address: remoteAddress },
    false,
    env,
    ctx,
    false,
  )
}

/**
 * The raw request of a `Request` a host handed over with its other arguments (`env` and `ctx`:
 * Workers' env and context, Deno's info, Bun's server): the client's address is asked of the host
 * when first read (see `remoteAddressOf`). With those arguments the request came from the host's
 * HTTP server (`framed`); a handler called with a `Request` alone may have been given anything.
 *
 * @example
 * const raw = fromHost(request, server, undefined, false) // in Bun.serve's fetch
 * raw.socket.remoteAddress // '127.0.0.1'
 */
export function fromHost(
  request: Request,
  env: unknown,
  ctx: unknown,
  trustsProxy: boolean,
): FetchRawRequest {
  const framed = typeof env === 'object' && env !== null
  return new FetchRaw(request, pathOf(request.url), null, trustsProxy, env, ctx, framed)
}
