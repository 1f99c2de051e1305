import { once } from 'node:events'
import http2 from 'node:http2'
import framework from 'framework'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tls } from '../../../../test-support/fixtures/tls/index.js'
import { type Protocol, send } from './clients.js'

// [API.md Servers and shutdown] "Everything else behaves the same whatever the server": the
// acceptance cases of the specification (validation 400, 404, 413, 415, serialization, hooks),
// served over HTTP/1.1, HTTPS, cleartext HTTP/2 and HTTP/2 over TLS, each read with node's own
// client for that protocol, and through inject on the same app.

const servers: Array<{ protocol: Protocol; options: Record<string, unknown>; scheme: string }> = [
  { protocol: 'http1', options: {}, scheme: 'http' },
  { protocol: 'https', options: { https: tls }, scheme: 'https' },
  { protocol: 'h2c', options: { http2: true }, scheme: 'http' },
  { protocol: 'h2', options: { http2: true, https: tls }, scheme: 'https' },
]

function buildApp(options: Record<string, unknown>) {
  const app = framework({ bodyLimit: 64, ...options } as never)
  app.addHook('onRequest', async (_request: any, reply: any) => {
    reply.header('x-on-request', 'ran')
  })
  app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
    reply.header('x-on-send', 'ran')
    return payload
  })
  app.post(
    '/users',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, age: { type: 'integer' } },
        },
        response: {
          201: {
            type: 'object',
            properties: { id: { type: 'integer' }, name: { type: 'string' } },
          },
        },
      },
    },
    async (request: any, reply: any) => {
      reply.code(201)
      return { id: 1, name: request.body.name, password: 'never serialized' }
    },
  )
  app.get(
    '/items/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } },
    async (request: any) => ({ id: request.params.id, typeOfId: typeof request.params.id }),
  )
  app.get('/who', async (request: any) => ({
    protocol: request.protocol,
    hostname: request.hostname,
    ip: request.ip,
    rawIsRequest: typeof request.raw.on === 'function',
  }))
  return app
}

const json = { 'content-type': 'application/json' }

describe.each(servers)(
  '[API.md Servers and shutdown] over $protocol',
  ({ protocol, options, scheme }) => {
    let app: any
    let base: string
    beforeAll(async () => {
      app = buildApp(options)
      base = await app.listen({ port: 0, host: '127.0.0.1' })
    })
    afterAll(() => app.close())

    it('listens at an address with its scheme, and app.server is the server it made', async () => {
      expect(base).toMatch(new RegExp(`^${scheme}://127\\.0\\.0\\.1:\\d+$`))
      const kind = app.server.constructor.name
      expect(kind).toBe(
        { http1: 'Server', https: 'Server', h2c: 'Http2Server', h2: 'Http2SecureServer' }[protocol],
      )
    })

    it('[4.2] validates the body: 400 with the standard message', async () => {
      const response = await send(protocol, base, {
        method: 'POST',
        path: '/users',
        headers: json,
        body: JSON.stringify({ age: 3 }),
      })
      expect(response.status).toBe(400)
      expect(JSON.parse(response.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: "body should have required property 'name'",
      })
      expect(response.headers['x-on-request']).toBe('ran')
    })

    it('[4.3] serializes by the response schema: extra properties dropped, 201, JSON type', async () => {
      const response = await send(protocol, base, {
        method: 'POST',
        path: '/users',
        headers: json,
        body: JSON.stringify({ name: 'Ada' }),
      })
      expect(response.status).toBe(201)
      expect(response.body).toBe('{"id":1,"name":"Ada"}')
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers['content-length']).toBe(String(response.body.length))
      expect([response.headers['x-on-request'], response.headers['x-on-send']]).toEqual([
        'ran',
        'ran',
      ])
    })

    it('coerces params by their schema', async () => {
      const response = await send(protocol, base, { path: '/items/42' })
      expect(JSON.parse(response.body)).toEqual({ id: 42, typeOfId: 'number' })
    })

    it('answers 404 with the route in the message', async () => {
      const response = await send(protocol, base, { path: '/nowhere' })
      expect(response.status).toBe(404)
      expect(JSON.parse(response.body)).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET:/nowhere not found',
      })
    })

    it('answers 413 to a body over bodyLimit', async () => {
      const response = await send(protocol, base, {
        method: 'POST',
        path: '/users',
        headers: json,
        body: JSON.stringify({ name: 'x'.repeat(100) }),
      })
      expect(response.status).toBe(413)
      expect(JSON.parse(response.body)).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
        code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
      })
    })

    it('answers 415 to a body type the route cannot parse', async () => {
      const response = await send(protocol, base, {
        method: 'POST',
        path: '/users',
        headers: { 'content-type': 'text/csv' },
        body: 'name\nAda',
      })
      expect(response.status).toBe(415)
      expect(JSON.parse(response.body)).toMatchObject({
        statusCode: 415,
        error: 'Unsupported Media Type',
      })
    })

    it('gives request.protocol, hostname and ip as the connection is', async () => {
      const response = await send(protocol, base, { path: '/who' })
      expect(JSON.parse(response.body)).toEqual({
        protocol: scheme,
        hostname: '127.0.0.1',
        ip: '127.0.0.1',
        rawIsRequest: true,
      })
    })

    it('answers inject the same whatever the server', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/users',
        payload: { name: 'Ada', x: 1 },
      })
      expect([response.statusCode, response.body]).toEqual([201, '{"id":1,"name":"Ada"}'])
      expect((await app.inject('/nowhere')).statusCode).toBe(404)
    })
  },
)

describe('[API.md Servers and shutdown] http2 with https and allowHTTP1', () => {
  it('serves HTTP/1.1 clients on the HTTP/2 TLS server too', async () => {
    const app = buildApp({ http2: true, https: { ...tls, allowHTTP1: true } })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const h1 = await send('https', base, { path: '/who' })
      const h2 = await send('h2', base, { path: '/who' })
      expect([h1.status, JSON.parse(h1.body).protocol]).toEqual([200, 'https'])
      expect([h2.status, JSON.parse(h2.body).protocol]).toEqual([200, 'https'])
    } finally {
      await app.close()
    }
  })

  it('leaves HTTP/1.1 clients to Node without allowHTTP1 (403), and still closes at once', async () => {
    const app = buildApp({ http2: true, https: tls })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const response = await send('https', base, { path: '/who' })
    expect(response.status).toBe(403)
    const started = Date.now()
    await app.close()
    // Node holds such a connection for its unknownProtocolTimeout (10 s); close() does not wait.
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe('[API.md Servers and shutdown] serverFactory', () => {
  it('serves through the server the factory returns, handing it the factory options', async () => {
    const { createServer } = await import('node:http')
    let received: any
    const app = framework({
      bodyLimit: 99,
      serverFactory: (handler, options) => {
        received = options
        return createServer((req, res) => {
          res.setHeader('x-factory', 'mine')
          handler(req, res)
        })
      },
    }) as any
    app.get('/', async () => ({ hello: 'world' }))
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      expect(received.bodyLimit).toBe(99)
      const response = await send('http1', base, { path: '/' })
      expect([response.status, response.headers['x-factory'], response.body]).toEqual([
        200,
        'mine',
        '{"hello":"world"}',
      ])
      expect((await app.inject('/')).body).toBe('{"hello":"world"}')
    } finally {
      await app.close()
    }
  })
})

describe('[API.md Servers and shutdown] initialConfig', () => {
  it('lists whether TLS is on (and allowHTTP1), never the key, as Fastify 4 does', () => {
    expect(framework({ https: tls }).initialConfig.https).toBe(true)
    const h2 = framework({ http2: true, https: { ...tls, allowHTTP1: true } }) as any
    expect(h2.initialConfig.https).toEqual({ allowHTTP1: true })
    expect(h2.initialConfig.http2).toBe(true)
    expect(h2.initialConfig.http2SessionTimeout).toBe(72000)
  })
})

describe('[API.md Servers and shutdown] a large reply over HTTP/2', () => {
  // Written whole, a 32 MiB buffer filled the session: once the client cancelled that stream, its
  // next stream was refused with NGHTTP2_ENHANCE_YOUR_CALM (Fastify 5.12.1's http2/plain test).
  const payload = Buffer.alloc(32 * 1024 * 1024, 'a')
  function largeApp() {
    const app = framework({ http2: true } as never) as any
    app.get('/large', async (_request: any, reply: any) => {
      reply.header('content-type', 'application/octet-stream')
      return payload
    })
    app.get('/small', async () => 'ok')
    return app
  }

  it('is whole through inject and over the stream', async () => {
    const app = largeApp()
    try {
      const injected = await app.inject('/large')
      expect([injected.statusCode, injected.rawPayload.equals(payload)]).toEqual([200, true])
      const base = await app.listen({ port: 0, host: '127.0.0.1' })
      const client = http2.connect(base)
      try {
        const stream = client.request({ ':path': '/large' })
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        await once(stream, 'end')
        expect(Buffer.concat(chunks).equals(payload)).toBe(true)
      } finally {
        client.close()
      }
    } finally {
      await app.close()
    }
  })

  it('cancelled by the client, leaves the next stream of the session to be answered', async () => {
    const app = largeApp()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const client = http2.connect(base)
    try {
      const large = client.request({ ':path': '/large' })
      large.on('error', () => {})
      await once(large, 'response')
      large.pause()
      await new Promise((resolve) => setTimeout(resolve, 100))
      large.close(http2.constants.NGHTTP2_CANCEL)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const small = client.request({ ':path': '/small' })
      small.setEncoding('utf8')
      let body = ''
      small.on('data', (chunk: string) => {
        body += chunk
      })
      const [headers] = await once(small, 'response')
      await once(small, 'end')
      expect([headers[':status'], body]).toEqual([200, 'ok'])
    } finally {
      client.close()
      await app.close()
    }
  })
})
