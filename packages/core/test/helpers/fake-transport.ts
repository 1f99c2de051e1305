import { Readable } from 'node:stream'
import { createError } from '@framework/error-formatter'
import type {
  InjectOptions,
  InjectResponse,
  ListenOptions,
  OutgoingHeaders,
  QueryObject,
  RawRequest,
  RouteHandle,
  RouteParams,
  RouteTable,
  Transport,
  WritablePayload,
} from '../../src/index.js'

/** The fake raw request: method, url, headers, and the body bytes the test sent. */
export interface FakeRaw extends RawRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer | undefined
}

/** The fake raw response: where the transport delivers the answer. */
export interface FakeRes {
  id: number
  sent: boolean
  deliver(response: InjectResponse): void
}

/** What `send` received, as the tests inspect it. */
export interface SentRecord {
  statusCode: number
  headers: OutgoingHeaders
  payload: WritablePayload
}

function compile(url: string): (path: string) => RouteParams | undefined {
  const parts = url.split('/')
  return (path) => {
    const segments = path.split('/')
    const params: RouteParams = {}
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!
      if (part === '*') {
        params['*'] = decodeURIComponent(segments.slice(i).join('/'))
        return params
      }
      const segment = segments[i]
      if (segment === undefined) return undefined
      if (part.startsWith(':')) {
        if (segment === '') return undefined
        params[part.slice(1)] = decodeURIComponent(segment)
      } else if (part !== segment) return undefined
    }
    return segments.length === parts.length ? params : undefined
  }
}

function parseQuery(search: string): QueryObject {
  const query: QueryObject = Object.create(null)
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = query[key]
    query[key] = previous === undefined ? value : ([] as string[]).concat(previous, value)
  }
  return query
}

async function collect(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * A minimal Transport for core tests: routes by method + path (`:param`, `*`), calls the route
 * handles directly with fake raw objects, and records what `send` received.
 */
export class FakeTransport implements Transport<FakeRaw, FakeRes> {
  table: RouteTable<FakeRaw, FakeRes> | undefined
  mountCount = 0
  listenOptions: ListenOptions | undefined
  closed = 0
  readonly sent: SentRecord[] = []
  readonly timeouts = new Map<FakeRes, () => void>()
  /** `whenFinished` callbacks waiting for their response. */
  readonly finishing = new Map<FakeRes, Array<(error?: Error) => void>>()
  /** Responses delivered in full. */
  readonly finished = new WeakSet<FakeRes>()
  readonly server = { fake: true }
  private nextId = 0

  mount(table: RouteTable<FakeRaw, FakeRes>): void {
    this.table = table
    this.mountCount++
  }

  async listen(options: ListenOptions): Promise<string> {
    this.listenOptions = options
    return `http://${options.host}:${options.port ?? 0}`
  }

  async close(): Promise<void> {
    this.closed++
  }

  inject(options: InjectOptions | string): Promise<InjectResponse> {
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options
    const method = (opts.method ?? 'GET').toUpperCase()
    const url = String(opts.url ?? opts.path ?? '/')
    const headers: FakeRaw['headers'] = {}
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value !== undefined)
        headers[name.toLowerCase()] = Array.isArray(value) ? value : String(value)
    }
    let body: Buffer | undefined
    const payload = opts.payload ?? opts.body
    if (payload !== undefined) {
      if (Buffer.isBuffer(payload)) body = payload
      else if (typeof payload === 'string') body = Buffer.from(payload)
      else {
        body = Buffer.from(JSON.stringify(payload))
        headers['content-type'] ??= 'application/json'
      }
      headers['content-length'] ??= String(body.length)
    }
    const raw: FakeRaw = { method, url, headers, body }
    return new Promise((resolve) => {
      const res: FakeRes = { id: ++this.nextId, sent: false, deliver: resolve }
      this.dispatch(raw, res)
    })
  }

  /** Routes a raw request like a real transport would. */
  dispatch(raw: FakeRaw, res: FakeRes): void {
    const table = this.table
    if (table === undefined) throw new Error('FakeTransport: not mounted')
    const question = raw.url.indexOf('?')
    const path = question === -1 ? raw.url : raw.url.slice(0, question)
    const query = parseQuery(question === -1 ? '' : raw.url.slice(question + 1))
    if (path.includes('%%')) {
      table.fail(raw, res, createError('FRM_ERR_BAD_URL', path))
      return
    }
    const candidates = table.routes
      .filter((route) => route.method === raw.method)
      .sort((a, b) => dynamicCount(a.url) - dynamicCount(b.url))
    for (const route of candidates) {
      const params = compile(route.url)(path)
      if (params !== undefined) {
        route.handle(raw, res, params, query)
        return
      }
    }
    const notFound = table.notFound.find(
      (entry) =>
        entry.prefix === '' || path === entry.prefix || path.startsWith(`${entry.prefix}/`),
    )
    if (notFound === undefined) throw new Error('FakeTransport: no not-found handle')
    ;(notFound.handle as RouteHandle<FakeRaw, FakeRes>)(raw, res, {}, query)
  }

  readBody(
    raw: FakeRaw,
    limit: number,
    done: (error: Error | null, body?: Buffer) => void,
    stream?: Readable,
  ): void {
    const source =
      stream === undefined ? Promise.resolve(raw.body ?? Buffer.alloc(0)) : collect(stream)
    source.then(
      (body) => {
        if (body.length > limit) done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
        else done(null, body)
      },
      (error: Error) => done(error),
    )
  }

  send(
    res: FakeRes,
    statusCode: number,
    headers: OutgoingHeaders,
    payload: WritablePayload,
    done?: (error?: Error) => void,
  ): void {
    this.sent.push({ statusCode, headers: { ...headers }, payload })
    // Like the HTTP transport, a stream's head goes out with its data: a stream that fails
    // before any data leaves the response unsent.
    res.sent = payload === null || typeof payload === 'string' || Buffer.isBuffer(payload)
    const finish = (bytes: Buffer) => {
      res.sent = true
      const all: Record<string, string | string[] | number | undefined> = { ...headers } as never
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        all['content-length'] ??= String(bytes.length)
      }
      const text = bytes.toString('utf8')
      res.deliver({
        statusCode,
        statusMessage: '',
        headers: all,
        body: text,
        payload: text,
        rawPayload: bytes,
        json: () => JSON.parse(text),
      })
      this.finished.add(res)
      for (const fn of this.finishing.get(res) ?? []) fn()
      this.finishing.delete(res)
      done?.()
    }
    if (payload === null) finish(Buffer.alloc(0))
    else if (typeof payload === 'string') finish(Buffer.from(payload))
    else if (Buffer.isBuffer(payload)) finish(payload)
    else collect(payload as AsyncIterable<Uint8Array>).then(finish, (error: Error) => done?.(error))
  }

  isSent(res: FakeRes): boolean {
    return res.sent
  }

  onTimeout(res: FakeRes, fn: () => void): void {
    this.timeouts.set(res, fn)
  }

  whenFinished(res: FakeRes, fn: (error?: Error) => void): void {
    if (this.finished.has(res)) {
      fn()
      return
    }
    const list = this.finishing.get(res)
    if (list === undefined) this.finishing.set(res, [fn])
    else list.push(fn)
  }

  /** A raw request whose body is a readable stream (for preParsing tests). */
  static streamOf(text: string): Readable {
    return Readable.from([Buffer.from(text)])
  }
}

function dynamicCount(url: string): number {
  return (url.match(/[:*]/g) ?? []).length
}
