import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { QueryObject, RouteParams, RouteTable } from '@framework/core'
import { errorBody, errorStatusCode } from '@framework/error-formatter'
import type { HttpTransport } from '../src/index.js'

type Table = RouteTable<IncomingMessage, ServerResponse>
type Route = Table['routes'][number]

const JSON_TYPE = 'application/json; charset=utf-8'

/** What a fake table saw: every send's `done` outcome and every onTimeout call, in order. */
export interface TableLog {
  sendDone: Array<{ url: string | undefined; error: string | null }>
  timeouts: string[]
}

/**
 * A hand-made route table standing in for the core: each route reads and answers through the
 * transport's own readBody/send, and errors are answered the way the core's default error handler
 * does (`{ statusCode, error, message, code }`).
 */
export function fakeTable(
  transport: HttpTransport,
  options: { bodyLimit?: number; extraRoutes?: Route[] } = {},
): { table: Table; log: TableLog } {
  const log: TableLog = { sendDone: [], timeouts: [] }
  const bodyLimit = options.bodyLimit ?? 1024

  const answer = (
    res: ServerResponse,
    statusCode: number,
    payload: string | Buffer | Readable | null,
    headers: Record<string, string | number> = { 'content-type': JSON_TYPE },
  ): void => {
    transport.send(res, statusCode, headers, payload, (error) => {
      log.sendDone.push({ url: res.req?.url, error: error ? error.message : null })
      // A stream that failed before its head: answer 500 like the core would.
      if (error && !transport.isSent(res)) fail(res, error)
    })
  }
  const json = (res: ServerResponse, statusCode: number, value: unknown): void =>
    answer(res, statusCode, JSON.stringify(value))
  const fail = (res: ServerResponse, error: Error): void => {
    if (transport.isSent(res)) return
    const statusCode = errorStatusCode(error)
    json(res, statusCode, errorBody(error, statusCode))
  }
  const describeQuery = (query: QueryObject) => ({
    entries: Object.entries(query),
    nullPrototype: Object.getPrototypeOf(query) === null,
  })
  const route = (
    method: string,
    url: string,
    handle: (
      raw: IncomingMessage,
      res: ServerResponse,
      params: RouteParams,
      query: QueryObject,
    ) => void,
  ): Route => ({ method, url, handle })

  const routes: Route[] = [
    route('GET', '/hello', (_raw, res) => json(res, 200, { hello: 'world' })),
    route('GET', '/users/:id', (_raw, res, params, query) =>
      json(res, 200, { params: { ...params }, query: describeQuery(query) }),
    ),
    route('GET', '/users/:id/posts/:postId', (_raw, res, params) =>
      json(res, 200, { params: { ...params } }),
    ),
    route('GET', '/files/*', (_raw, res, params) => json(res, 200, { params: { ...params } })),
    route('GET', '/api/items', (_raw, res) => json(res, 200, { items: [] })),
    route('POST', '/echo', (raw, res, _params, query) => {
      const limit = Number(query['limit'] ?? bodyLimit)
      transport.readBody(raw, limit, (error, body) => {
        if (error) return fail(res, error)
        json(res, 200, {
          bytes: body!.length,
          text: body!.toString('utf8'),
          contentType: raw.headers['content-type'] ?? null,
        })
      })
    }),
    route('GET', '/text', (_raw, res) =>
      answer(res, 200, 'héllo wörld ✓ 🚀', { 'content-type': 'text/plain; charset=utf-8' }),
    ),
    route('GET', '/buffer', (_raw, res) =>
      answer(res, 200, Buffer.from([0, 1, 2, 3, 255]), {
        'content-type': 'application/octet-stream',
      }),
    ),
    route('GET', '/stream', (_raw, res) =>
      answer(res, 200, Readable.from(['one,', 'two,', 'three']), {
        'content-type': 'text/plain; charset=utf-8',
      }),
    ),
    route('GET', '/web-stream', (_raw, res) => {
      const encoder = new TextEncoder()
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of ['web,', 'stream']) controller.enqueue(encoder.encode(part))
          controller.close()
        },
      })
      answer(res, 200, stream as never, { 'content-type': 'text/plain; charset=utf-8' })
    }),
    route('GET', '/stream-fails-early', (_raw, res) => {
      const stream = new Readable({
        read() {
          this.destroy(new Error('disk went away before the first byte'))
        },
      })
      answer(res, 200, stream, { 'content-type': 'text/plain', 'x-stream': 'yes' })
    }),
    route('GET', '/stream-closes-early', (_raw, res) => {
      // Destroyed without an error before its first chunk, as a torn-down pipeline is.
      const stream = new Readable({
        read() {
          this.destroy()
        },
      })
      answer(res, 200, stream, { 'content-type': 'text/plain', 'x-stream': 'yes' })
    }),
    route('GET', '/stream-fails-late', (_raw, res) => {
      let sent = false
      const stream = new Readable({
        read() {
          if (!sent) {
            sent = true
            this.push('partial,')
          } else {
            setTimeout(() => this.destroy(new Error('disk went away mid-body')), 20)
          }
        },
      })
      answer(res, 200, stream, { 'content-type': 'text/plain' })
    }),
    route('HEAD', '/head', (_raw, res) =>
      answer(res, 200, null, { 'content-type': JSON_TYPE, 'content-length': 42 }),
    ),
    route('GET', '/empty', (_raw, res) => answer(res, 200, null, {})),
    route('GET', '/no-content', (_raw, res) => answer(res, 204, null, {})),
    route('GET', '/slow', (_raw, res, _params, query) => {
      setTimeout(() => json(res, 200, { slow: true }), Number(query['ms'] ?? 200))
    }),
    route('GET', '/hang', (raw, res) => {
      transport.onTimeout(res, () => log.timeouts.push(`${raw.method} ${raw.url}`))
    }),
    ...(options.extraRoutes ?? []),
  ]

  const table: Table = {
    routes,
    notFound: [
      {
        prefix: '/api',
        handle: (raw, res) => json(res, 404, { notFound: 'api', url: raw.url }),
      },
      {
        prefix: '',
        handle: (raw, res, _params, query) =>
          json(res, 404, { notFound: 'root', url: raw.url, query: describeQuery(query) }),
      },
    ],
    fail: (_raw, res, error) => fail(res, error),
  }
  return { table, log }
}
