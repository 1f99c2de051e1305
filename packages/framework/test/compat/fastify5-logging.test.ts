import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, sleep } from '../spec/helpers'

// Fastify 5's request logging: the `req` and `res` serializers (the application's own win, and
// redaction applies to what they write), `disableRequestLogging` as a function of the request, the
// `childLoggerFactory` option, and `requestIdHeader: true`.

/** pino options writing JSON lines into `lines`. */
function capture(lines: any[], extra: Record<string, unknown> = {}) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line !== '') lines.push(JSON.parse(line))
      done()
    },
  })
  return { level: 'info', stream, ...extra }
}

describe('[compat] Fastify 5 request logging', () => {
  itBoth('incoming request names host, the error line res and req', async ({ send }) => {
    const lines: any[] = []
    const app = makeApp({ logger: capture(lines) })
    app.get('/boom', async (_request: any, reply: any) => reply.code(500).send(new Error('kaboom')))
    await send(app, { url: '/boom', headers: { 'accept-version': '1.0.0' } })
    await sleep(20)
    const incoming = lines.find((line) => line.msg === 'incoming request')
    // Fastify 5's fields (light-my-request's socket has no remotePort: undefined is left out).
    const fields = ['host', 'method', 'remoteAddress', 'remotePort', 'url', 'version']
    expect(Object.keys(incoming.req).filter((key) => !fields.includes(key))).toEqual([])
    expect(Object.keys(incoming.req)).toContain('remoteAddress')
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/boom', version: '1.0.0' })
    expect(incoming.req.host).toMatch(/^(localhost:80|127\.0\.0\.1:\d+)$/)
    const error = lines.find((line) => line.msg === 'kaboom')
    expect(error).toMatchObject({ level: 50, res: { statusCode: 500 }, req: { url: '/boom' } })
    expect(error.err).toMatchObject({ type: 'Error', message: 'kaboom' })
    const completed = lines.find((line) => line.msg === 'request completed')
    expect(completed.res).toEqual({ statusCode: 500 })
  })

  itBoth(
    "the application's req serializer gets the request, and redact applies",
    async ({ send }) => {
      const lines: any[] = []
      const app = makeApp({
        logger: capture(lines, {
          redact: ['req.headers.authorization'],
          serializers: {
            req: (request: any) => ({ url: request.url, headers: request.headers, id: request.id }),
          },
        }),
      })
      app.get('/', async () => 'ok')
      await send(app, { url: '/?a=1', headers: { authorization: 'Bearer secret' } })
      const incoming = lines.find((line) => line.msg === 'incoming request')
      expect(incoming.req.url).toBe('/?a=1')
      expect(incoming.req.headers.authorization).toBe('[Redacted]')
      expect(incoming.req.id).toBe(incoming.reqId)
    },
  )

  itBoth('disableRequestLogging as a function silences the requests it picks', async ({ send }) => {
    const lines: any[] = []
    const app = makeApp({
      logger: capture(lines),
      disableRequestLogging: (request: any) => request.url.startsWith('/health'),
    })
    app.get('/health', async () => 'up')
    app.get('/work', async (_request: any, reply: any) => reply.code(400).send(new Error('bad')))
    await send(app, { url: '/health' })
    await send(app, { url: '/missing-health' })
    await send(app, { url: '/health/404' })
    await send(app, { url: '/work' })
    await sleep(20)
    const urls = lines.filter((line) => line.msg === 'incoming request').map((l) => l.req.url)
    expect(urls).toEqual(['/missing-health', '/work'])
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(2)
    expect(lines.filter((line) => /not found/.test(line.msg)).map((l) => l.msg)).toEqual([
      'Route GET:/missing-health not found',
    ])
    expect(lines.filter((line) => line.msg === 'bad')).toHaveLength(1)
  })

  itBoth('disableRequestLogging: true silences the default error log too', async ({ send }) => {
    const lines: any[] = []
    const app = makeApp({ logger: capture(lines), disableRequestLogging: true })
    app.get('/', async () => {
      throw new Error('quiet')
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    await sleep(20)
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([])
  })

  itBoth('childLoggerFactory as a factory option makes each request logger', async ({ send }) => {
    const lines: any[] = []
    const seen: any[] = []
    const app = makeApp({
      logger: capture(lines),
      childLoggerFactory(this: any, logger: any, bindings: any, options: any, raw: any) {
        seen.push({ self: this === app, reqId: bindings.reqId, options, url: raw.url })
        return logger.child({ ...bindings, tenant: 'acme' }, options)
      },
    })
    app.get('/', async (request: any) => {
      request.log.info('handled')
      return 'ok'
    })
    const response = await send(app, { url: '/' })
    expect(response.body).toBe('ok')
    expect(seen).toEqual([{ self: true, reqId: 'req-1', options: {}, url: '/' }])
    expect(lines.find((line) => line.msg === 'handled')).toMatchObject({
      reqId: 'req-1',
      tenant: 'acme',
    })
  })

  itBoth(
    'requestIdHeader: true reads request-id; the default trusts no header',
    async ({ send }) => {
      const app = makeApp({ requestIdHeader: true })
      app.get('/', async (request: any) => request.id)
      expect((await send(app, { url: '/', headers: { 'request-id': 'abc-1' } })).body).toBe('abc-1')
      const plain = makeApp()
      plain.get('/', async (request: any) => request.id)
      expect((await send(plain, { url: '/', headers: { 'request-id': 'abc-1' } })).body).toBe(
        'req-1',
      )
      expect(plain.initialConfig.requestIdHeader).toBe(false)
    },
  )

  itBoth(
    "requestIdHeader as Fastify 5 reads it: a name in any case, '' trusts none; initialConfig shows it",
    async ({ send }) => {
      const named = makeApp({ requestIdHeader: 'X-Trace-Id' })
      named.get('/', async (request: any) => request.id)
      expect((await send(named, { url: '/', headers: { 'x-trace-id': 'trace-7' } })).body).toBe(
        'trace-7',
      )
      expect(named.initialConfig.requestIdHeader).toBe('x-trace-id')
      const none = makeApp({ requestIdHeader: '' })
      none.get('/', async (request: any) => request.id)
      expect((await send(none, { url: '/', headers: { 'request-id': 'abc-1' } })).body).toBe(
        'req-1',
      )
      expect(none.initialConfig.requestIdHeader).toBe(false)
      expect(makeApp({ requestIdHeader: true }).initialConfig.requestIdHeader).toBe('request-id')
    },
  )

  it('a logger option that is not a function or boolean is refused', () => {
    expect(() => makeApp({ disableRequestLogging: 'yes' })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
    expect(() => makeApp({ childLoggerFactory: {} })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
  })
})
