import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { addressOf, itBoth, makeApp, portOf, rawExchange } from '../spec/helpers'

// Fastify 4's allowUnsafeRegex, http, maxRequestsPerSocket, useSemicolonDelimiter,
// ignoreDuplicateSlashes and rewriteUrl, the shorthand options check, and a constrained HEAD
// route next to the automatic one.

describe('[compat] allowUnsafeRegex', () => {
  it('refuses an unsafe route RegExp when the route is declared', () => {
    const app = makeApp()
    expect(() => app.get('/:file(^(a+)+$)', async () => 'x')).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_ROUTE_INVALID' }),
    )
    expect(() => app.get('/:file(^(a+)+$)', async () => 'x')).toThrow(/is not safe/)
    // A safe one is fine.
    app.get('/:id(^\\d+$)', async (request: any) => request.params.id)
  })

  itBoth('accepts it with allowUnsafeRegex: true', async ({ send }) => {
    const app = makeApp({ allowUnsafeRegex: true })
    app.get('/:file(^(a+)+$)', async (request: any) => request.params.file)
    const response = await send(app, { url: '/aaa' })
    expect([response.statusCode, response.body]).toEqual([200, 'aaa'])
    expect(app.initialConfig.allowUnsafeRegex).toBe(true)
  })
})

describe('[compat] useSemicolonDelimiter and ignoreDuplicateSlashes', () => {
  itBoth(
    "useSemicolonDelimiter: true ends the path at ';' (Fastify 4.29's default)",
    async ({ send }) => {
      const app = makeApp({ useSemicolonDelimiter: true })
      app.get('/page', async (request: any) => ({ query: { ...request.query } }))
      const response = await send(app, { url: '/page;a=1' })
      expect([response.statusCode, response.json()]).toEqual([200, { query: { a: '1' } }])
      expect(app.initialConfig.useSemicolonDelimiter).toBe(true)
    },
  )

  itBoth("by default (Fastify 5) ';' stays in the path", async ({ send }) => {
    const app = makeApp()
    app.get('/page', async () => 'page')
    app.get('/:name', async (request: any) => request.params.name)
    expect((await send(app, { url: '/page;a=1' })).body).toBe('page;a=1')
  })

  itBoth('ignoreDuplicateSlashes merges // in the path', async ({ send }) => {
    const app = makeApp({ ignoreDuplicateSlashes: true })
    app.get('/a/b', async () => 'merged')
    const response = await send(app, { url: '/a//b' })
    expect([response.statusCode, response.body]).toEqual([200, 'merged'])
    const strict = makeApp()
    strict.get('/a/b', async () => 'merged')
    expect((await send(strict, { url: '/a//b' })).statusCode).toBe(404)
  })
})

describe('[compat] the http and maxRequestsPerSocket options', () => {
  it('passes http options to http.createServer: maxHeaderSize gives 431', async () => {
    const app = makeApp({ http: { maxHeaderSize: 1024 } })
    app.get('/', async () => 'ok')
    const port = await portOf(app)
    const small = await rawExchange(port, [
      'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ])
    expect(small.status).toBe(200)
    const big = await rawExchange(port, [
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(2048)}\r\n\r\n`,
    ])
    expect(big.status).toBe(431)
    expect(app.server.maxHeaderSize).toBe(1024)
  })

  it('maxRequestsPerSocket closes a keep-alive connection after that many requests', async () => {
    const app = makeApp({ maxRequestsPerSocket: 2 })
    app.get('/', async () => 'ok')
    const port = await portOf(app)
    const get = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'
    const exchange = await rawExchange(port, [get, get, get], { pauseMs: 50, waitMs: 1500 })
    const statuses = [...exchange.data.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1])
    // Node's rule: the second response says the connection closes, a third request gets 503.
    expect(statuses).toEqual(['200', '200', '503'])
    const second = exchange.data.split('HTTP/1.1 ')[2]!
    expect(second).toMatch(/connection: close/i)
    expect(app.server.maxRequestsPerSocket).toBe(2)
  })

  it('refuses options of the wrong type', () => {
    expect(() => makeApp({ http: 'yes' })).toThrow("Option 'http' is not valid")
    expect(() => makeApp({ maxRequestsPerSocket: -1 })).toThrow(
      "Option 'maxRequestsPerSocket' is not valid",
    )
    // A boolean option: Fastify's option schema error, as Fastify 4.29 throws it.
    expect(() => makeApp({ allowUnsafeRegex: 'yes' })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INIT_OPTS_INVALID',
        message: 'Invalid initialization options: \'["must be boolean"]\'',
      }),
    )
  })
})

describe('[compat] rewriteUrl', () => {
  itBoth('originalUrl is set while rewriteUrl runs and on the request', async ({ send }) => {
    const seen: unknown[] = []
    const app = makeApp({
      rewriteUrl(raw: any) {
        seen.push([raw.url, raw.originalUrl])
        return '/'
      },
    })
    app.get('/', async (request: any) => ({ url: request.url, originalUrl: request.originalUrl }))
    const response = await send(app, { url: '/old' })
    expect(response.json()).toEqual({ url: '/', originalUrl: '/old' })
    expect(seen).toEqual([['/old', '/old']])
  })

  it('a rewriteUrl returning undefined drops the connection over a socket', async () => {
    const app = makeApp({ rewriteUrl: () => undefined })
    let called = false
    app.get('/', async () => {
      called = true
      return 'never'
    })
    const address = new URL(await addressOf(app))
    const error = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
      const req = httpRequest({ host: address.hostname, port: address.port, path: '/x' }, () =>
        reject(new Error('a response arrived')),
      )
      req.on('error', resolve)
      req.end()
    })
    expect(error.code).toBe('ECONNRESET')
    expect(called).toBe(false)
  })

  it('a rewriteUrl returning undefined fails an inject', async () => {
    const app = makeApp({ rewriteUrl: () => undefined })
    app.get('/', async () => 'never')
    await expect(app.inject('/x')).rejects.toThrow()
  })
})

describe('[compat] route shorthand options and HEAD routes', () => {
  it('refuses shorthand options that are not an object', () => {
    const app = makeApp()
    for (const options of ['string', 1, [], null]) {
      expect(() => app.get('/', options, async () => 'x')).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_ROUTE_OPTIONS_NOT_OBJ',
          message: expect.stringContaining('Options for "GET:/" route must be an object'),
        }),
      )
    }
  })

  itBoth('a constrained HEAD route wins over the automatic one', async ({ send }) => {
    const app = makeApp()
    app.get('/', async (_request: any, reply: any) => reply.header('x-from', 'get').send('body'))
    app.head('/', { constraints: { version: '1.0.0' } }, async (_r: any, reply: any) =>
      reply.header('x-from', 'head').send(''),
    )
    const constrained = await send(app, {
      method: 'HEAD',
      url: '/',
      headers: { 'accept-version': '1.x' },
    })
    expect([constrained.statusCode, constrained.headers['x-from']]).toEqual([200, 'head'])
    const other = await send(app, { method: 'HEAD', url: '/' })
    expect([other.statusCode, other.headers['x-from']]).toEqual([200, 'get'])
  })
})
