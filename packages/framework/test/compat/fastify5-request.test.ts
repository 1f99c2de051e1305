import http from 'node:http'
import http2 from 'node:http2'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf } from '../spec/helpers'

// What Fastify 5 added to the request and reply that 4.29 lacks: request.host, request.port,
// request.mediaType, reply.mediaType, reply.routeOptions, getDecorator/setDecorator,
// reply.redirect(url, code). request.hostname is Fastify 5's: the host without its port.

function where(options?: Record<string, unknown>) {
  const app = makeApp(options)
  app.get('/where', async (request: any) => ({
    host: request.host,
    hostname: request.hostname,
    port: request.port,
  }))
  return app
}

/** A GET over a real socket with headers fetch would not let us set (Host). */
function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
    },
  )
}

describe('[compat] Fastify 5 request.host and request.port', () => {
  it('host is the Host header with its port, port the number in it (real socket)', async () => {
    const app = where()
    const port = await portOf(app)
    const own = await rawGet(port, '/where', {})
    expect(JSON.parse(own.body)).toEqual({
      host: `127.0.0.1:${port}`,
      hostname: '127.0.0.1',
      port,
    })
    const named = await rawGet(port, '/where', { host: 'shop.example.com:8443' })
    expect(JSON.parse(named.body)).toEqual({
      host: 'shop.example.com:8443',
      hostname: 'shop.example.com',
      port: 8443,
    })
    const portless = await rawGet(port, '/where', { host: 'shop.example.com' })
    expect(JSON.parse(portless.body)).toEqual({
      host: 'shop.example.com',
      hostname: 'shop.example.com',
      port: null,
    })
    const ipv6 = await rawGet(port, '/where', { host: '[::1]:3000' })
    expect(JSON.parse(ipv6.body)).toEqual({ host: '[::1]:3000', hostname: '[::1]', port: 3000 })
    const ipv6Bare = await rawGet(port, '/where', { host: '[::1]' })
    expect(JSON.parse(ipv6Bare.body)).toEqual({ host: '[::1]', hostname: '[::1]', port: null })
  })

  it('inject: light-my-request sends Host: localhost:80', async () => {
    const app = where()
    expect((await app.inject('/where')).json()).toEqual({
      host: 'localhost:80',
      hostname: 'localhost',
      port: 80,
    })
    const response = await app.inject({ url: '/where', headers: { host: 'api.test:81' } })
    expect(response.json()).toEqual({ host: 'api.test:81', hostname: 'api.test', port: 81 })
  })

  itBoth(
    'with trustProxy, host is the forwarded host when the peer is trusted',
    async ({ send }) => {
      const app = where({ trustProxy: '127.0.0.1' })
      const response = await send(app, {
        url: '/where',
        headers: { 'x-forwarded-host': 'edge.example.com:9000, public.example.com:8080' },
      })
      expect(response.json()).toEqual({
        host: 'public.example.com:8080',
        hostname: 'public.example.com',
        port: 8080,
      })
    },
  )

  it('with trustProxy, a forwarded host from an untrusted peer is not believed by host (Fastify 5)', async () => {
    const app = where({ trustProxy: '10.0.0.0/8' })
    const port = await portOf(app)
    const response = await rawGet(port, '/where', {
      host: 'origin.example.com:3000',
      'x-forwarded-host': 'spoofed.example.com',
    })
    const body = JSON.parse(response.body)
    expect(body).toEqual({
      host: 'origin.example.com:3000',
      hostname: 'origin.example.com',
      port: 3000,
    })
  })

  it('HTTP/2 without a Host header: host is :authority', async () => {
    const app = where({ http2: true })
    const port = await portOf(app)
    const session = http2.connect(`http://127.0.0.1:${port}`)
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const stream = session.request({ ':path': '/where', ':authority': `h2.example:${port}` })
        let text = ''
        stream.setEncoding('utf8')
        stream.on('data', (chunk) => {
          text += chunk
        })
        stream.on('end', () => resolve(text))
        stream.on('error', reject)
      })
      expect(JSON.parse(body)).toEqual({
        host: `h2.example:${port}`,
        hostname: 'h2.example',
        port,
      })
    } finally {
      session.close()
    }
  })
})

describe('[compat] Fastify 5 mediaType, routeOptions, getDecorator/setDecorator', () => {
  itBoth(
    'request.mediaType and reply.mediaType are the type/subtype, lower-cased',
    async ({ send }) => {
      const app = makeApp()
      app.post('/echo', async (request: any, reply: any) => {
        const before = reply.mediaType ?? null
        reply.type('Text/Plain; charset=utf-8')
        return JSON.stringify({
          request: request.mediaType ?? null,
          before,
          after: reply.mediaType,
        })
      })
      app.get('/none', async (request: any) => ({ request: request.mediaType ?? null }))
      const response = await send(app, {
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'Application/JSON; charset=utf-8' },
        payload: '{"a":1}',
      })
      expect(JSON.parse(response.body)).toEqual({
        request: 'application/json',
        before: null,
        after: 'text/plain',
      })
      expect((await send(app, { url: '/none' })).json()).toEqual({ request: null })
    },
  )

  itBoth('reply.routeOptions is request.routeOptions', async ({ send }) => {
    const app = makeApp()
    app.get('/opts/:id', { config: { tag: 'a' } }, async (request: any, reply: any) => ({
      same: reply.routeOptions === request.routeOptions,
      url: reply.routeOptions.url,
      method: reply.routeOptions.method,
      config: reply.routeOptions.config.tag,
    }))
    expect((await send(app, { url: '/opts/1' })).json()).toEqual({
      same: true,
      url: '/opts/:id',
      method: 'GET',
      config: 'a',
    })
  })

  itBoth(
    'getDecorator on the instance, request and reply; setDecorator on the request',
    async ({ send }) => {
      const app = makeApp()
      app.decorate('greeting', 'hello')
      app.decorate('shout', function (this: any, text: string) {
        return `${this.greeting.toUpperCase()} ${text}`
      })
      app.decorateRequest('user', null)
      app.decorateReply('stamp', function (this: any) {
        return `stamped ${this.request.params.id}`
      })
      expect(app.getDecorator('greeting')).toBe('hello')
      const shout = app.getDecorator('shout')
      expect(shout('there')).toBe('HELLO there')
      expect(() => app.getDecorator('nope')).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_DEC_UNDECLARED',
          message: expect.stringMatching(/^No decorator 'nope' has been declared on instance/),
        }),
      )
      app.addHook('preHandler', async (request: any) => {
        request.setDecorator('user', { name: 'ada' })
      })
      app.get('/d/:id', async (request: any, reply: any) => {
        const stamp = reply.getDecorator('stamp')
        let undeclared = ''
        try {
          request.setDecorator('usr', 1)
        } catch (error: any) {
          undeclared = `${error.code}: ${error.message}`
        }
        return { user: request.getDecorator('user'), stamp: stamp(), undeclared }
      })
      expect((await send(app, { url: '/d/9' })).json()).toEqual({
        user: { name: 'ada' },
        stamp: 'stamped 9',
        undeclared: "FRM_ERR_DEC_UNDECLARED: No decorator 'usr' has been declared on request.",
      })
    },
  )

  itBoth(
    "decorateReply('getHeader') shadows the built-in in its context (Fastify allows it)",
    async ({ send }) => {
      const app = makeApp()
      app.register(async (child: any) => {
        child.decorateReply('getHeader', function (this: any, name: string) {
          return `wrapped:${this.getHeaders()[name.toLowerCase()]}`
        })
        child.get('/child', async (_request: any, reply: any) => {
          reply.header('x-a', '1')
          return { a: reply.getHeader('x-a') }
        })
      })
      app.get('/root', async (_request: any, reply: any) => {
        reply.header('x-a', '1')
        return { a: reply.getHeader('x-a') }
      })
      // the reply's own fields stay refused, as in Fastify 5
      expect(() => app.decorateReply('request', null)).toThrow(
        expect.objectContaining({ code: 'FRM_ERR_DEC_ALREADY_PRESENT' }),
      )
      const child = await send(app, { url: '/child' })
      expect([child.json(), child.headers['x-a']]).toEqual([{ a: 'wrapped:1' }, '1'])
      expect((await send(app, { url: '/root' })).json()).toEqual({ a: '1' })
    },
  )
})

describe('[compat] Fastify 5 request.signal', () => {
  it('aborts when the client goes away before the response (real socket)', async () => {
    const app = makeApp()
    let aborted: (value: { aborted: boolean; name: string }) => void
    const seen = new Promise<{ aborted: boolean; name: string }>((resolve) => {
      aborted = resolve
    })
    let entered: () => void
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve
    })
    app.get('/slow', async (request: any) => {
      const signal: AbortSignal = request.signal
      expect(request.signal).toBe(signal)
      await new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => resolve(), { once: true })
        entered()
      })
      aborted({ aborted: signal.aborted, name: (signal.reason as Error).name })
      return 'too late'
    })
    const port = await portOf(app)
    const req = http.get({ host: '127.0.0.1', port, path: '/slow', agent: false })
    req.on('error', () => {})
    await inHandler
    req.destroy()
    expect(await seen).toEqual({ aborted: true, name: 'AbortError' })
  })

  itBoth('stays unaborted through a normal request', async ({ send }) => {
    const app = makeApp()
    let signal: AbortSignal | undefined
    app.get('/ok', async (request: any) => {
      signal = request.signal
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { aborted: request.signal.aborted }
    })
    expect((await send(app, { url: '/ok' })).json()).toEqual({ aborted: false })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(signal?.aborted).toBe(false)
  })
})

describe('[compat] Fastify 4.29 members Fastify 5 removed stay', () => {
  itBoth('request.connection is the socket, as request.socket', async ({ send }) => {
    const app = makeApp()
    app.get('/c', async (request: any) => ({
      same: request.connection === request.socket,
      address: request.connection?.remoteAddress ?? null,
    }))
    const body = (await send(app, { url: '/c' })).json()
    expect(body).toEqual({ same: true, address: '127.0.0.1' })
  })
})

describe('[compat] Fastify 5 reply.redirect and elapsedTime', () => {
  itBoth('redirect(url, code), redirect(code, url), and a status set before', async ({ send }) => {
    const app = makeApp()
    app.get('/v5', async (_request: any, reply: any) => reply.redirect('/new', 301))
    app.get('/v4', async (_request: any, reply: any) => reply.redirect(308, '/newer'))
    app.get('/default', async (_request: any, reply: any) => reply.redirect('/found'))
    app.get('/preset', async (_request: any, reply: any) => reply.code(303).redirect('/other'))
    const results = []
    for (const url of ['/v5', '/v4', '/default', '/preset']) {
      const response = await send(app, { url })
      results.push([response.statusCode, response.headers.location])
    }
    expect(results).toEqual([
      [301, '/new'],
      [308, '/newer'],
      [302, '/found'],
      [303, '/other'],
    ])
  })

  itBoth(
    'reply.elapsedTime grows while the request is handled; getResponseTime() stays',
    async ({ send }) => {
      const app = makeApp()
      app.get('/slow', async (_request: any, reply: any) => {
        const first = reply.elapsedTime
        await new Promise((resolve) => setTimeout(resolve, 25))
        return { first, later: reply.elapsedTime, old: reply.getResponseTime() }
      })
      const body = (await send(app, { url: '/slow' })).json()
      expect(body.first).toBeGreaterThanOrEqual(0)
      expect(body.later).toBeGreaterThanOrEqual(body.first + 20)
      expect(body.old).toBeGreaterThanOrEqual(body.later)
    },
  )
})
