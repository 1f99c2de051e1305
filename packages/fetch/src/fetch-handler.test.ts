import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { consoleLogger } from './console-logger.js'
import framework, { toFetchHandler } from './index.js'

const request = (path: string, init?: RequestInit) => new Request(`http://127.0.0.1${path}`, init)

describe('toFetchHandler(app)', () => {
  it('makes the application ready on the first request, not before', async () => {
    const app = framework()
    let readies = 0
    app.addHook('onReady', async () => {
      readies++
    })
    app.get('/', async () => ({ ok: true }))
    const handler = toFetchHandler(app)
    expect(readies).toBe(0)
    const response = await handler(request('/'))
    expect(await response.json()).toEqual({ ok: true })
    await handler(request('/'))
    expect(readies).toBe(1)
  })

  it('answers 500 with the standard body when a plugin fails to load, and logs it', async () => {
    const lines: string[] = []
    const app = framework({ logger: consoleLogger('info', {}, (line) => lines.push(line)) })
    app.register(async () => {
      throw new Error('the database is not there')
    })
    const handler = toFetchHandler(app)
    const response = await handler(request('/'))
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'the database is not there',
    })
    expect((await handler(request('/'))).status).toBe(500)
    const logged = lines
      .map((line) => JSON.parse(line))
      .filter(
        (entry) => entry.level === 50 && entry.msg.startsWith('The application failed to start'),
      )
    expect(logged).toHaveLength(1)
    expect(logged[0].err.message).toBe('the database is not there')
  })

  it('refuses an application of the umbrella, naming the fetch entry', async () => {
    const { default: nodeFramework } = await import('framework')
    expect(() => toFetchHandler(nodeFramework() as never)).toThrow(
      /framework\(\) of @framework\/fetch/,
    )
  })
})

describe('listen() and inject()', () => {
  it('refuses listen() with an error naming the fetch entry', async () => {
    const app = framework()
    await expect(app.listen({ port: 0 })).rejects.toMatchObject({
      code: 'FRM_ERR_FETCH_NO_LISTEN',
      message: expect.stringContaining('toFetchHandler(app)'),
    })
  })

  it('injects through the fetch handler, with light-my-request options and response shape', async () => {
    const app = framework()
    app.post('/things/:id', async (request, reply) => {
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; HttpOnly'])
      return {
        id: (request.params as { id: string }).id,
        body: request.body,
        query: request.query,
        ip: request.ip,
      }
    })
    toFetchHandler(app)
    const response = await app.inject({
      method: 'POST',
      url: '/things/7',
      query: { q: 'x' },
      payload: { hello: 'world' },
      remoteAddress: '10.0.0.9',
    })
    expect(response.statusCode).toBe(200)
    expect(response.statusMessage).toBe('OK')
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; HttpOnly'])
    expect(response.json()).toEqual({
      id: '7',
      body: { hello: 'world' },
      query: { q: 'x' },
      ip: '10.0.0.9',
    })
    expect(response.body).toBe(response.payload)
    expect(response.rawPayload.toString()).toBe(response.body)
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)))
  })

  it('injects before toFetchHandler was called', async () => {
    const app = framework()
    app.get('/', async () => 'hi')
    expect((await app.inject('/')).body).toBe('hi')
  })
})

describe('the request path', () => {
  it("answers a failing asynchronous constraint with Fastify's 500 body, not the strategy's error", async () => {
    const secret = {
      name: 'tenant',
      storage() {
        const stores = new Map<unknown, unknown>()
        return {
          get: (value: unknown) => stores.get(value) ?? null,
          set: (value: unknown, store: unknown) => {
            stores.set(value, store)
          },
        }
      },
      deriveConstraint(_req: unknown, _ctx: unknown, done: (error: Error | null) => void) {
        done(new Error('database password rejected'))
      },
    }
    const app = framework({ constraints: { tenant: secret } } as never)
    app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
    const response = await toFetchHandler(app)(request('/'))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Unexpected error from async constraint',
    })
  })

  it("answers a too-long parameter 414, keeps ';' in the path, and routes QUERY (Fastify 5)", async () => {
    const app = framework({ maxParamLength: 5 })
    app.get('/users/:id', async (request: any) => request.params.id)
    app.get('/page', async () => 'page')
    app.query('/search', async (request: any) => request.body)
    const handler = toFetchHandler(app)
    const long = await handler(request('/users/123456'))
    expect([long.status, await long.json()]).toEqual([
      414,
      {
        statusCode: 414,
        code: 'FRM_ERR_MAX_PARAM_LENGTH',
        error: 'URI Too Long',
        message: "'/users/123456' is exceeding the max param length",
      },
    ])
    expect((await handler(request('/page;a=1'))).status).toBe(404)
    const query = await handler(
      request('/search', {
        method: 'QUERY',
        body: '{"q":1}',
        // What a host's Request carries from the wire (a Request made by hand has none).
        headers: { 'content-type': 'application/json', 'content-length': '7' },
      }),
    )
    expect([query.status, await query.json()]).toEqual([200, { q: 1 }])
  })

  it('answers 413 at once for a declared Content-Length over the limit, reading nothing', async () => {
    const app = framework({ bodyLimit: 10 })
    app.post('/', async (request) => request.body)
    let pulled = 0
    const body = new ReadableStream({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(5))
      },
    })
    const response = await toFetchHandler(app)(
      request('/', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'content-length': '100' },
        duplex: 'half',
      } as RequestInit),
    )
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThanOrEqual(1)
  })

  it('stops reading a body without a length as soon as it passes the limit', async () => {
    const app = framework({ bodyLimit: 10 })
    app.post('/', async (request) => request.body)
    let pulled = 0
    const body = new ReadableStream({
      pull(controller) {
        pulled++
        controller.enqueue(new TextEncoder().encode('"aaaa'))
        if (pulled > 1000) controller.close()
      },
    })
    const response = await toFetchHandler(app)(
      request('/', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    )
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(10)
  })

  it('fails a body that does not match its Content-Length: 400, or 413 past the limit', async () => {
    const app = framework({ bodyLimit: 20 })
    app.post('/', async (request) => request.body)
    const handler = toFetchHandler(app)
    const post = (body: string, length: number) =>
      handler(
        request('/', {
          method: 'POST',
          body,
          headers: { 'content-type': 'text/plain', 'content-length': String(length) },
        }),
      )
    const exact = await post('hello', 5)
    expect(exact.status).toBe(200)
    expect(await exact.text()).toBe('hello')
    const longer = await post('hello world', 5)
    expect(longer.status).toBe(400)
    expect(((await longer.json()) as { code: string }).code).toBe(
      'FRM_ERR_CTP_INVALID_CONTENT_LENGTH',
    )
    expect((await post('hi', 5)).status).toBe(400)
    const past = await post('x'.repeat(30), 5)
    expect(past.status).toBe(413)
    expect(((await past.json()) as { code: string }).code).toBe('FRM_ERR_CTP_BODY_TOO_LARGE')
  })

  it('answers 400 to a declared Content-Length without any body (JSON and text, with and without host arguments)', async () => {
    const app = framework()
    app.post('/', async (request) => request.body)
    const handler = toFetchHandler(app)
    const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 1 }) }
    for (const type of ['application/json', 'text/plain']) {
      // Without host arguments, and as a host's server would hand it over (then JSON is read as text).
      for (const host of [undefined, server]) {
        const init = { method: 'POST', headers: { 'content-type': type, 'content-length': '7' } }
        const response = await handler(request('/', init), host)
        expect(response.status).toBe(400)
        expect(((await response.json()) as { code: string }).code).toBe(
          'FRM_ERR_CTP_INVALID_CONTENT_LENGTH',
        )
      }
    }
  })

  it('hands a text parser the bytes as node:http decodes them: multi-byte, a byte order mark, invalid UTF-8', async () => {
    const app = framework({ bodyLimit: 20 })
    app.post('/', async (request) => JSON.stringify([...(request.body as string)]))
    app.post('/json', async (request) => request.body)
    const handler = toFetchHandler(app)
    // As node:http decodes them: Buffer#toString('utf8') keeps the mark, reads 0xff as U+FFFD.
    const asNode = (bytes: Uint8Array) => JSON.stringify([...Buffer.from(bytes).toString('utf8')])
    const utf8 = new TextEncoder().encode('héllo')
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])
    const invalid = new Uint8Array([0x61, 0xff, 0x62])
    const json = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":1}')])
    // Alone (read as bytes), and as a host's server hands it over (Deno's info: read as text).
    for (const host of [undefined, { remoteAddr: { hostname: '192.0.2.9' } }]) {
      const post = async (path: string, bytes: Uint8Array, type = 'text/plain') => {
        const response = await handler(
          request(path, {
            method: 'POST',
            body: bytes,
            headers: { 'content-type': type, 'content-length': String(bytes.byteLength) },
          }),
          host,
        )
        return { status: response.status, body: await response.text() }
      }
      expect(await post('/', utf8)).toEqual({ status: 200, body: '["h","é","l","l","o"]' })
      expect(await post('/', bom)).toEqual({ status: 200, body: asNode(bom) })
      expect(asNode(bom)).toBe('["\uFEFF","h","i"]')
      expect(await post('/', invalid)).toEqual({ status: 200, body: asNode(invalid) })
      expect(asNode(invalid)).toBe('["a","\uFFFD","b"]')
      expect(await post('/json', json, 'application/json')).toEqual({
        status: 200,
        body: '{"a":1}',
      })
    }
  })

  it('writes a Node Readable payload as a stream', async () => {
    const app = framework()
    app.get('/', async (_request, reply) => {
      reply.type('text/plain')
      return Readable.from(['a', 'b', 'c'])
    })
    const response = await toFetchHandler(app)(request('/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('abc')
  })

  it('answers non-Error throws and unwritable payloads as on node:http (Fastify 5)', async () => {
    const app = framework()
    app.get('/false', () => {
      throw false
    })
    app.get('/symbol', () => {
      throw Symbol('kaboom')
    })
    app.get('/html', (_request, reply) => {
      reply.type('text/html').send({})
    })
    const handler = toFetchHandler(app)
    const answers = []
    for (const path of ['/false', '/symbol', '/html']) {
      const response = await handler(request(path))
      answers.push([response.status, response.headers.get('content-type'), await response.text()])
    }
    expect(answers.slice(0, 2)).toEqual([
      [500, 'application/json; charset=utf-8', 'false'],
      [500, 'application/json; charset=utf-8', ''],
    ])
    expect(answers[2]![0]).toBe(500)
    expect(JSON.parse(answers[2]![2] as string).code).toBe('FRM_ERR_REP_INVALID_PAYLOAD_TYPE')
  })

  it('runs the onResponse hooks once a streamed body went out', async () => {
    const app = framework()
    const seen: string[] = []
    app.addHook('onResponse', async (_request, reply) => {
      seen.push(`onResponse ${reply.statusCode}`)
    })
    app.get('/', async () => Readable.from(['x', 'y']))
    const response = await toFetchHandler(app)(request('/'))
    expect(seen).toEqual([])
    expect(await response.text()).toBe('xy')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(seen).toEqual(['onResponse 200'])
  })

  it('gives plugins the Node-like header surface on reply.raw', async () => {
    const app = framework()
    app.addHook('onRequest', async (_request, reply) => {
      reply.raw.setHeader('x-from-raw', 'yes')
      reply.raw.setHeader('x-removed', 'no')
    })
    app.get('/', (_request, reply) => {
      const raw = reply.raw as import('./index.js').FetchRawReply
      raw.removeHeader('x-removed')
      reply.code(202)
      reply.send({
        has: raw.hasHeader('X-From-Raw'),
        value: raw.getHeader('x-from-raw'),
        status: raw.statusCode,
      })
    })
    const response = await toFetchHandler(app)(request('/'))
    expect(response.status).toBe(202)
    expect(response.headers.get('x-from-raw')).toBe('yes')
    expect(response.headers.has('x-removed')).toBe(false)
    expect(await response.json()).toEqual({ has: true, value: 'yes', status: 202 })
  })

  it("keeps reply.raw's headers apart from the reply's: the reply's win, several values stay apart", async () => {
    const app = framework()
    app.get('/', (_request, reply) => {
      reply.raw.setHeader('set-cookie', ['a=1', 'b=2'])
      reply.raw.setHeader('x-both', 'raw')
      reply.header('x-both', 'reply')
      reply.send('ok')
    })
    app.get('/reply', (_request, reply) => {
      reply.raw.setHeader('x-raw', 7)
      reply.header('set-cookie', ['c=3', 'd=4'])
      reply.send('ok')
    })
    const handler = toFetchHandler(app)
    const first = await handler(request('/'))
    expect(first.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(first.headers.get('x-both')).toBe('reply')
    expect(first.headers.get('content-length')).toBe('2')
    const second = await handler(request('/reply'))
    expect(second.headers.getSetCookie()).toEqual(['c=3', 'd=4'])
    expect(second.headers.get('x-raw')).toBe('7')
    expect(await second.text()).toBe('ok')
  })

  it("keeps the client's address for an onResponse hook, after Bun stopped answering it", async () => {
    const app = framework()
    let late: string | undefined
    app.addHook('onResponse', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      late = request.ip
    })
    app.get('/', async () => 'ok')
    const handler = toFetchHandler(app)
    // As Bun's server does: requestIP answers null once the response went out.
    let answered = false
    const bunServer = {
      requestIP: () => (answered ? null : { address: '192.0.2.3', family: 'IPv4', port: 5000 }),
    }
    const response = await handler(request('/'), bunServer)
    answered = true
    expect(await response.text()).toBe('ok')
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(late).toBe('192.0.2.3')
  })

  it("asks Bun for the client's address only when read, once, or before the response when onResponse hooks wait", async () => {
    let asked = 0
    const bunServer = {
      requestIP: () => {
        asked++
        return { address: '192.0.2.4', family: 'IPv4', port: 5000 }
      },
    }
    const app = framework()
    app.get('/quiet', async () => 'quiet')
    app.get('/twice', async (request) => `${request.ip} ${request.ip}`)
    const handler = toFetchHandler(app)
    expect(await (await handler(request('/quiet'), bunServer)).text()).toBe('quiet')
    expect(asked).toBe(0)
    expect(await (await handler(request('/twice'), bunServer)).text()).toBe('192.0.2.4 192.0.2.4')
    expect(asked).toBe(1)

    const hooked = framework()
    hooked.addHook('onResponse', async () => {})
    hooked.get('/', async () => 'hooked')
    const hookedHandler = toFetchHandler(hooked)
    asked = 0
    const pending = hookedHandler(request('/'), bunServer)
    expect(asked).toBe(0)
    expect(await (await pending).text()).toBe('hooked')
    expect(asked).toBe(1)
  })

  it('answers with a promise of the Response, also when the request ran synchronously', async () => {
    const app = framework()
    app.get('/sync', (_request, reply) => {
      reply.header('x-sync', 'yes').send({ now: true })
    })
    app.get('/async', async () => ({ later: true }))
    app.post('/body', (request, reply) => {
      reply.send(request.body)
    })
    const handler = toFetchHandler(app)
    // The first request waits for the application to be ready.
    const first = handler(request('/sync'))
    expect(first).toBeInstanceOf(Promise)
    expect((await first).status).toBe(200)
    const now = handler(request('/sync'))
    expect(now).toBeInstanceOf(Promise)
    const answered = await now
    expect(answered.headers.get('x-sync')).toBe('yes')
    expect(answered.headers.get('content-length')).toBe('12')
    expect(await answered.json()).toEqual({ now: true })
    const missing = await handler(request('/missing'))
    expect(missing.status).toBe(404)
    const later = handler(request('/async'))
    expect(later).toBeInstanceOf(Promise)
    expect(await (await later).json()).toEqual({ later: true })
    const body = handler(
      request('/body', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    )
    expect(body).toBeInstanceOf(Promise)
    expect(await (await body).json()).toEqual({ a: 1 })
  })

  it("copies the Request's headers only when read, the URL's authority as Host when it has none", async () => {
    const app = framework()
    app.get('/plain', async () => 'plain')
    app.get('/headers', async (request) => ({ host: request.headers.host, a: request.headers.a }))
    const handler = toFetchHandler(app)
    let reads = 0
    const counted = (url: string, init?: RequestInit) => {
      const made = new Request(url, init)
      const headers = made.headers
      Object.defineProperty(made, 'headers', {
        get: () => {
          reads++
          return headers
        },
      })
      return made
    }
    const plain = await handler(counted('http://127.0.0.1:8080/plain'))
    expect(await plain.text()).toBe('plain')
    expect(reads).toBe(0)
    const read = await handler(counted('http://127.0.0.1:8080/headers', { headers: { a: 'b' } }))
    expect(await read.json()).toEqual({ host: '127.0.0.1:8080', a: 'b' })
    expect(reads).toBe(1)
  })

  it('takes request.ip from the host: Deno info, Bun server, Workers CF-Connecting-IP with trustProxy only', async () => {
    const build = (trustProxy?: boolean) => {
      const app = framework({ trustProxy })
      app.get('/', async (request) => ({ ip: request.ip ?? null }))
      return toFetchHandler(app)
    }
    const ipOf = async (response: Promise<Response>) =>
      ((await (await response).json()) as { ip: string }).ip
    const handler = build()
    expect(await ipOf(handler(request('/'), { remoteAddr: { hostname: '192.0.2.1' } }))).toBe(
      '192.0.2.1',
    )
    const bunServer = { requestIP: () => ({ address: '192.0.2.2', port: 5000 }) }
    expect(await ipOf(handler(request('/'), bunServer))).toBe('192.0.2.2')
    const cf = request('/', { headers: { 'cf-connecting-ip': '203.0.113.5' } })
    expect(await ipOf(handler(cf, {}, {}))).toBe(null)
    expect(await ipOf(build(true)(cf, {}, {}))).toBe('203.0.113.5')
  })

  it('reads request.host, hostname and port as Fastify 5, and X-Forwarded-Host only from a trusted peer', async () => {
    const build = (trustProxy?: boolean | string) => {
      const app = framework({ trustProxy })
      app.get('/', async (request) => ({
        host: request.host,
        hostname: request.hostname,
        port: request.port,
        protocol: request.protocol,
      }))
      return toFetchHandler(app)
    }
    const read = async (response: Promise<Response> | Response) => (await response).json()
    const peer = { remoteAddr: { hostname: '192.0.2.1' } }
    const forwarded = { 'x-forwarded-host': 'api.example.com:8443', 'x-forwarded-proto': 'https' }
    expect(await read(build()(new Request('http://shop.example.com:8080/'), peer))).toEqual({
      host: 'shop.example.com:8080',
      hostname: 'shop.example.com',
      port: 8080,
      protocol: 'http',
    })
    expect(await read(build()(new Request('http://[::1]:3000/'), peer))).toEqual({
      host: '[::1]:3000',
      hostname: '[::1]',
      port: 3000,
      protocol: 'http',
    })
    const proxied = () => new Request('http://origin.test/', { headers: forwarded })
    expect(await read(build(true)(proxied(), peer))).toEqual({
      host: 'api.example.com:8443',
      hostname: 'api.example.com',
      port: 8443,
      protocol: 'https',
    })
    // A peer outside the trusted list: the forwarded host and protocol are not believed.
    expect(await read(build('10.0.0.0/8')(proxied(), peer))).toEqual({
      host: 'origin.test',
      hostname: 'origin.test',
      port: null,
      protocol: 'http',
    })
  })

  it('drops reply.writeEarlyHints (no 103 over Fetch) and still calls its callback', async () => {
    const app = framework()
    let called = 0
    app.get('/', async (_request, reply) => {
      reply.writeEarlyHints({ link: '</a.css>; rel=preload; as=style' }, () => {
        called++
      })
      return 'page'
    })
    const response = await toFetchHandler(app)(request('/'))
    expect([response.status, await response.text(), called]).toEqual([200, 'page', 1])
    expect(response.headers.get('link')).toBe(null)
  })

  it('writes JSON lines through the console with logger: true', async () => {
    const lines: unknown[] = []
    const original = console.log
    console.log = (line: unknown) => lines.push(line)
    try {
      const app = framework({ logger: true })
      app.get('/', async (request) => {
        request.log.info({ route: 'root' }, 'handled')
        return 'ok'
      })
      await toFetchHandler(app)(request('/'))
    } finally {
      console.log = original
    }
    const entries = lines.map((line) => JSON.parse(line as string))
    expect(entries.map((entry) => entry.msg)).toEqual([
      'incoming request',
      'handled',
      'request completed',
    ])
    expect(entries[1]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      route: 'root',
      msg: 'handled',
    })
    expect(entries[2]).toMatchObject({ res: { statusCode: 200 } })
  })
})
