import type { InjectOptions, InjectResponse } from '@framework/core'

type ResponseBody = NonNullable<ConstructorParameters<typeof Response>[0]>

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/**
 * `inject()` over the fetch handler: the options of light-my-request (method, url or path, query,
 * headers, payload or body, cookies, remoteAddress, authority) make a `Request`, the application
 * answers it as it answers a host, and the `Response` becomes light-my-request's response shape
 * (`statusCode`, `headers`, `body`, `payload`, `rawPayload`, `json()`, `cookies`).
 *
 * @example
 * const response = await inject(handler, { method: 'POST', url: '/users', payload: { name: 'Ada' } })
 * response.json()
 */
export async function inject(
  dispatch: (request: Request, remoteAddress: string) => Response | Promise<Response>,
  options: InjectOptions | string,
): Promise<InjectResponse> {
  const given: InjectOptions = typeof options === 'string' ? { url: options } : options
  const method = String(given.method ?? 'GET').toUpperCase()
  const headers = new Headers()
  for (const [name, value] of Object.entries(given.headers ?? {})) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, String(item))
    else headers.set(name, String(value))
  }
  const cookies = given['cookies'] as Record<string, string> | undefined
  if (cookies !== undefined) {
    const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${value}`)
    const existing = headers.get('cookie')
    headers.set('cookie', [existing, ...pairs].filter(Boolean).join('; '))
  }
  const authority =
    (given['authority'] as string | undefined) ?? headers.get('host') ?? 'localhost:80'
  const url = new URL(targetOf(given), `http://${authority}`)
  addQuery(url, given.query)
  const payload = given.payload ?? given.body
  let body: ResponseBody | undefined
  if (payload !== undefined && payload !== null) {
    if (typeof payload === 'string' || payload instanceof Uint8Array) body = payload as ResponseBody
    else if (payload instanceof ReadableStream) body = payload
    else if (typeof (payload as { pipe?: unknown }).pipe === 'function')
      body = await collect(payload)
    else {
      body = JSON.stringify(payload)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    }
    if (!headers.has('content-length') && !(body instanceof ReadableStream)) {
      headers.set(
        'content-length',
        String(
          typeof body === 'string' ? Buffer.byteLength(body) : (body as Uint8Array).byteLength,
        ),
      )
    }
  }
  if (!headers.has('user-agent')) headers.set('user-agent', 'lightMyRequest')
  if (!headers.has('host')) headers.set('host', authority)
  const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD'
  const request = new Request(url, {
    method,
    headers,
    body: hasBody ? body : undefined,
    ...(hasBody && body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  const response = await dispatch(
    request,
    (given.remoteAddress as string | undefined) ?? '127.0.0.1',
  )
  return toInjectResponse(response)
}

function targetOf(options: InjectOptions): string {
  const url = options.url ?? options.path ?? '/'
  if (typeof url === 'string') return url
  const { pathname, query } = url as { pathname: string; query?: unknown }
  const search =
    typeof query === 'string'
      ? query
      : new URLSearchParams(query as Record<string, string>).toString()
  return search === '' ? pathname : `${pathname}?${search}`
}

function addQuery(url: URL, query: InjectOptions['query']): void {
  if (query === undefined) return
  const params = typeof query === 'string' ? new URLSearchParams(query) : undefined
  if (params !== undefined) {
    for (const [name, value] of params) url.searchParams.append(name, value)
    return
  }
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item))
    else if (value !== undefined) url.searchParams.append(name, String(value))
  }
}

async function collect(stream: unknown): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  }
  return Buffer.concat(chunks)
}

async function toInjectResponse(response: Response): Promise<InjectResponse> {
  const rawPayload = Buffer.from(await response.arrayBuffer())
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const setCookie = (response.headers as { getSetCookie?: () => string[] }).getSetCookie?.() ?? []
  if (setCookie.length > 1) headers['set-cookie'] = setCookie
  const body = rawPayload.toString('utf8')
  return {
    statusCode: response.status,
    statusMessage: response.statusText || STATUS_TEXT[response.status] || '',
    headers,
    body,
    payload: body,
    rawPayload,
    json: () => JSON.parse(body),
    cookies: setCookie.map(parseCookie),
    trailers: {},
    raw: { response },
  }
}

/** A Set-Cookie line as light-my-request reports it: name, value and attributes. */
function parseCookie(line: string): Record<string, unknown> {
  const [pair = '', ...attributes] = line.split(';')
  const equals = pair.indexOf('=')
  const cookie: Record<string, unknown> = {
    name: pair.slice(0, equals).trim(),
    value: pair.slice(equals + 1).trim(),
  }
  for (const attribute of attributes) {
    const at = attribute.indexOf('=')
    const name = (at === -1 ? attribute : attribute.slice(0, at)).trim()
    const key =
      name.charAt(0).toLowerCase() + name.slice(1).replace(/-(\w)/g, (_, c) => c.toUpperCase())
    const lower = key.toLowerCase()
    const normalized =
      lower === 'max-age' || lower === 'maxage'
        ? 'maxAge'
        : lower === 'httponly'
          ? 'httpOnly'
          : lower === 'samesite'
            ? 'sameSite'
            : lower
    cookie[normalized] = at === -1 ? true : attribute.slice(at + 1).trim()
  }
  return cookie
}
