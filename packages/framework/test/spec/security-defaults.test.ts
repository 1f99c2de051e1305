import { describe, expect, it } from 'vitest'
import {
  itBoth,
  makeApp,
  portOf,
  rawBody,
  rawExchange,
  rawHeaders,
  rawRequest,
  sleep,
  withoutCode,
} from './helpers'

// API.md "Security defaults": every row, each with a raw-socket test (node:net).
describe('[security] timeouts', () => {
  it('[security] a client that stops mid-body is cut off after requestTimeout', async () => {
    const app = makeApp({ requestTimeout: 500 })
    let handlerRan = false
    app.post('/slow', async () => {
      handlerRan = true
      return 'never'
    })
    const port = await portOf(app)
    const head = rawRequest('POST', '/slow', {
      'Content-Type': 'application/json',
      'Content-Length': 100,
    })
    const result = await rawExchange(port, [`${head}{"half":`], { waitMs: 5000 })
    expect(result.closed).toBe(true)
    expect(result.elapsed).toBeGreaterThanOrEqual(400)
    expect(result.elapsed).toBeLessThan(5000)
    expect([0, 408]).toContain(result.status)
    expect(handlerRan).toBe(false)
  }, 10_000)

  it('[security] a client that sends headers slowly is cut off too', async () => {
    const app = makeApp({ requestTimeout: 500 })
    app.get('/', async () => 'x')
    const port = await portOf(app)
    const result = await rawExchange(port, ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '], {
      waitMs: 5000,
    })
    expect(result.closed).toBe(true)
    expect(result.elapsed).toBeLessThan(5000)
    expect([0, 408]).toContain(result.status)
  }, 10_000)

  it('[security] an idle keep-alive connection is closed after keepAliveTimeout', async () => {
    const app = makeApp({ keepAliveTimeout: 300 })
    app.get('/ka', async () => 'alive')
    const port = await portOf(app)
    const result = await rawExchange(
      port,
      [rawRequest('GET', '/ka', { Connection: 'keep-alive' })],
      {
        waitMs: 4000,
      },
    )
    expect(result.status).toBe(200)
    expect(rawBody(result.data)).toBe('alive')
    expect(result.closed).toBe(true)
    expect(result.elapsed).toBeGreaterThanOrEqual(250)
    expect(result.elapsed).toBeLessThan(4000)
  }, 10_000)

  it('[security] the default timeouts are 30000 (request) and 72000 (keep-alive)', async () => {
    const app = makeApp()
    app.get('/', async () => 'x')
    await portOf(app)
    expect(app.server.requestTimeout).toBe(30000)
    expect(app.server.keepAliveTimeout).toBe(72000)
    expect(app.server.headersTimeout).toBeLessThanOrEqual(30000)
    expect(app.server.timeout).toBe(0)
  })
})

describe('[security] content types and encodings', () => {
  const echo = (app: any) => app.post('/echo', async (request: any) => ({ body: request.body }))

  it('[security] application/jsonx is not JSON: 415', async () => {
    const app = makeApp()
    echo(app)
    const port = await portOf(app)
    const result = await rawExchange(port, [
      rawRequest(
        'POST',
        '/echo',
        { 'Content-Type': 'application/jsonx', 'Content-Length': 7, Connection: 'close' },
        '{"a":1}',
      ),
    ])
    expect(result.status).toBe(415)
    expect(JSON.parse(rawBody(result.data))).toMatchObject({
      statusCode: 415,
      error: 'Unsupported Media Type',
    })
  })

  it('[security] *+json, parameters and upper case are JSON', async () => {
    const app = makeApp()
    echo(app)
    const port = await portOf(app)
    for (const type of [
      'application/vnd.api+json',
      'APPLICATION/JSON; charset=utf-8',
      'application/json;charset="utf-8"',
    ]) {
      const result = await rawExchange(port, [
        rawRequest(
          'POST',
          '/echo',
          { 'Content-Type': type, 'Content-Length': 7, Connection: 'close' },
          '{"a":1}',
        ),
      ])
      expect(result.status, type).toBe(200)
      expect(JSON.parse(rawBody(result.data))).toEqual({ body: { a: 1 } })
    }
  })

  it('[security] text/plain is a string; a type merely starting like json is not JSON', async () => {
    const app = makeApp()
    echo(app)
    const port = await portOf(app)
    const text = await rawExchange(port, [
      rawRequest(
        'POST',
        '/echo',
        { 'Content-Type': 'text/plain', 'Content-Length': 7, Connection: 'close' },
        '{"a":1}',
      ),
    ])
    expect(JSON.parse(rawBody(text.data))).toEqual({ body: '{"a":1}' })
    const tricky = await rawExchange(port, [
      rawRequest(
        'POST',
        '/echo',
        { 'Content-Type': 'application/json-patch', 'Content-Length': 7, Connection: 'close' },
        '{"a":1}',
      ),
    ])
    expect(tricky.status).toBe(415)
  })

  it('[security] a Content-Encoding other than identity is a 415', async () => {
    const app = makeApp()
    echo(app)
    const port = await portOf(app)
    const gzip = await rawExchange(port, [
      rawRequest(
        'POST',
        '/echo',
        {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          'Content-Length': 7,
          Connection: 'close',
        },
        '{"a":1}',
      ),
    ])
    expect(gzip.status).toBe(415)
    expect(JSON.parse(rawBody(gzip.data))).toMatchObject({
      statusCode: 415,
      code: 'FRM_ERR_CTP_UNSUPPORTED_ENCODING',
    })
    const identity = await rawExchange(port, [
      rawRequest(
        'POST',
        '/echo',
        {
          'Content-Type': 'application/json',
          'Content-Encoding': 'identity',
          'Content-Length': 7,
          Connection: 'close',
        },
        '{"a":1}',
      ),
    ])
    expect(identity.status).toBe(200)
  })
})

describe('[security] coerced numbers must be finite', () => {
  itBoth('[security] ?limit=Infinity against maximum 100 is a 400', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/items',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { limit: { type: 'integer', maximum: 100 }, ratio: { type: 'number' } },
          },
        },
      },
      async (request: any) => request.query,
    )
    expect((await send(app, { url: '/items?limit=12&ratio=1e3' })).json()).toEqual({
      limit: 12,
      ratio: 1000,
    })
    expect((await send(app, { url: '/items?ratio=-3.5' })).json()).toEqual({ ratio: -3.5 })
    const bad = [
      'limit=Infinity',
      'limit=-Infinity',
      'limit=1e400',
      `limit=${'9'.repeat(400)}`,
      'ratio=Infinity',
      'ratio=1e400',
    ]
    for (const query of bad) {
      const res = await send(app, { url: `/items?${query}` })
      expect(res.statusCode, query).toBe(400)
      const body = res.json()
      expect(body.statusCode).toBe(400)
      expect(body.error).toBe('Bad Request')
      expect(body.message).toMatch(/^querystring\/(limit|ratio) /)
    }
  })

  itBoth(
    '[security] finite numbers are enforced in params, headers and body too',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/n/:id',
        {
          schema: {
            params: { id: { type: 'number' } },
            headers: { 'x-n': { type: 'integer' } },
            body: { type: 'object', properties: { n: { type: 'number' } } },
          },
        },
        async () => 'ok',
      )
      expect(
        (await send(app, { method: 'POST', url: '/n/Infinity', payload: {} })).statusCode,
      ).toBe(400)
      expect(
        (await send(app, { method: 'POST', url: '/n/1', headers: { 'x-n': '1e400' }, payload: {} }))
          .statusCode,
      ).toBe(400)
      expect(
        (await send(app, { method: 'POST', url: '/n/1', payload: { n: 'Infinity' } })).statusCode,
      ).toBe(400)
      expect(
        (await send(app, { method: 'POST', url: '/n/1', payload: { n: '2' } })).statusCode,
      ).toBe(200)
    },
  )
})

describe('[security] status codes of thrown errors', () => {
  itBoth(
    '[security] a thrown statusCode is used only when it is an integer 400-599',
    async ({ send }) => {
      const app = makeApp()
      app.get('/throw/:code', async (request: any) => {
        const raw = request.params.code
        const statusCode = raw === 'string' ? '404' : Number(raw)
        throw Object.assign(new Error('thrown'), { statusCode })
      })
      for (const code of ['200', '302', '399', '600', '1000', '404.5', 'string', '-1']) {
        const res = await send(app, { url: `/throw/${code}` })
        expect(res.statusCode, code).toBe(500)
        expect(res.json()).toEqual({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'thrown',
        })
      }
      for (const code of [400, 404, 451, 503, 599]) {
        const res = await send(app, { url: `/throw/${code}` })
        expect(res.statusCode, String(code)).toBe(code)
        expect(res.json().statusCode).toBe(code)
      }
    },
  )
})

describe('[security] error bodies are always valid JSON', () => {
  it('[security] a 404 for a URL full of quotes and escapes is valid JSON with only its fields', async () => {
    const app = makeApp()
    app.get('/', async () => 'x')
    const port = await portOf(app)
    const paths = [
      '/%22,%22statusCode%22:200,%22x%22:%22',
      '/a"b\\"c',
      "/</script>'\\u0000",
      '/%E2%80%A8line%0Abreak',
    ]
    for (const path of paths) {
      const result = await rawExchange(port, [rawRequest('GET', path, { Connection: 'close' })])
      expect([400, 404], path).toContain(result.status)
      const body = JSON.parse(rawBody(result.data))
      expect(body.statusCode).toBe(result.status)
      expect(Object.keys(withoutCode(body, 'FRM_ERR_NOT_FOUND')).sort()).toEqual([
        'error',
        'message',
        'statusCode',
      ])
      expect(rawHeaders(result.data)['content-type']).toBe('application/json; charset=utf-8')
    }
  })

  it('[security] a malformed percent-escape in the path is a 400 with a JSON body', async () => {
    const app = makeApp()
    app.get('/users/:id', async (request: any) => request.params)
    const port = await portOf(app)
    const result = await rawExchange(port, [
      rawRequest('GET', '/users/%E0%A4%A', { Connection: 'close' }),
    ])
    expect(result.status).toBe(400)
    expect(JSON.parse(rawBody(result.data))).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'FRM_ERR_BAD_URL',
    })
  })

  it('[security] a request Node cannot parse gets a 400 with a JSON body, then the socket closes', async () => {
    const app = makeApp()
    app.get('/', async () => 'x')
    const port = await portOf(app)
    const result = await rawExchange(port, ['GET /a\u0001"b HTTP/1.1\r\nHost: x\r\n\r\n'])
    expect(result.status).toBe(400)
    expect(result.closed).toBe(true)
    const body = JSON.parse(rawBody(result.data))
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(typeof body.message).toBe('string')
  })

  itBoth('[security] an error message holding user input cannot forge fields', async ({ send }) => {
    const app = makeApp()
    app.get('/echo-error', async (request: any) => {
      throw Object.assign(new Error(String(request.query.m)), { statusCode: 400 })
    })
    const forged = '","statusCode":200,"admin":true,"x":"'
    const res = await send(app, { url: `/echo-error?m=${encodeURIComponent(forged)}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: forged })
  })
})

describe('[security] query strings', () => {
  itBoth(
    '[security] flat keys and a null-prototype object where __proto__ is an ordinary key',
    async ({ send }) => {
      const app = makeApp()
      app.get('/q', async (request: any) => {
        const query = request.query
        return {
          prototypeIsNull: Object.getPrototypeOf(query) === null,
          keys: Object.keys(query).sort(),
          bracket: query['a[b]'],
          proto: Object.getOwnPropertyDescriptor(query, '__proto__')?.value ?? null,
          ctor: query.constructor,
          repeated: query.r,
          polluted: ({} as any).polluted ?? null,
        }
      })
      const res = await send(app, {
        url: '/q?a[b]=1&__proto__=x&__proto__[polluted]=yes&constructor=c&r=1&r=2',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        prototypeIsNull: true,
        keys: ['__proto__', '__proto__[polluted]', 'a[b]', 'constructor', 'r'],
        bracket: '1',
        proto: 'x',
        ctor: 'c',
        repeated: ['1', '2'],
        polluted: null,
      })
    },
  )

  itBoth('[security] a query schema sees __proto__ as an ordinary property', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/qs',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { a: { type: 'string' } },
          },
        },
      },
      async (request: any) => ({ keys: Object.keys(request.query) }),
    )
    const res = await send(app, { url: '/qs?a=1&__proto__=x' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ keys: ['a'] })
  })
})

describe('[security] query string decoding', () => {
  itBoth(
    '[security] + is a space, escapes are decoded, a bad escape never fails the request',
    async ({ send }) => {
      const app = makeApp()
      app.get('/decode', async (request: any) => ({
        plus: request.query.plus,
        enc: request.query.enc,
        hasBad: 'bad' in request.query,
      }))
      const res = await send(app, { url: '/decode?plus=a+b&enc=%C3%A9%26&bad=%E0%A4%A' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ plus: 'a b', enc: 'é&', hasBad: true })
    },
  )
})

describe('[security] request ids', () => {
  it('[security] request ids are generated, never taken from a request header by default', async () => {
    const app = makeApp()
    app.get('/id', async (request: any) => ({ id: request.id }))
    const port = await portOf(app)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const result = await rawExchange(port, [
        rawRequest('GET', '/id', {
          'X-Request-Id': 'forged-id',
          'Request-Id': 'forged',
          Connection: 'close',
        }),
      ])
      ids.push(JSON.parse(rawBody(result.data)).id)
    }
    for (const id of ids) {
      expect(typeof id).toBe('string')
      expect(id).not.toContain('forged')
      expect(id.length).toBeGreaterThan(0)
    }
    expect(new Set(ids).size).toBe(3)
  })

  itBoth('[security] requestIdHeader names a header to trust', async ({ send }) => {
    const app = makeApp({ requestIdHeader: 'x-request-id' })
    app.get('/id', async (request: any) => ({ id: request.id }))
    expect(
      (await send(app, { url: '/id', headers: { 'x-request-id': 'abc-123' } })).json(),
    ).toEqual({ id: 'abc-123' })
    const generated = (await send(app, { url: '/id' })).json().id
    expect(typeof generated).toBe('string')
    expect(generated).not.toBe('abc-123')
  })
})

describe('[security] body limit', () => {
  it('[security] an early 413 (declared Content-Length over the limit) closes the connection', async () => {
    const app = makeApp({ bodyLimit: 100 })
    let ran = false
    app.post('/upload', async () => {
      ran = true
      return 'x'
    })
    app.get('/after', async () => 'after')
    const port = await portOf(app)
    const head = rawRequest('POST', '/upload', {
      'Content-Type': 'application/json',
      'Content-Length': 1_000_000,
    })
    const result = await rawExchange(port, [head, rawRequest('GET', '/after')], {
      waitMs: 3000,
      pauseMs: 100,
    })
    expect(result.status).toBe(413)
    expect(rawHeaders(result.data).connection).toBe('close')
    expect(JSON.parse(rawBody(result.data))).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
    })
    expect(result.closed).toBe(true)
    expect(result.elapsed).toBeLessThan(3000)
    expect(result.data).not.toContain('after')
    expect(ran).toBe(false)
  })

  it('[security] a chunked body growing past the limit is a 413 and the connection closes', async () => {
    const app = makeApp({ bodyLimit: 100 })
    app.post('/upload', async () => 'x')
    const port = await portOf(app)
    const head = rawRequest('POST', '/upload', {
      'Content-Type': 'application/json',
      'Transfer-Encoding': 'chunked',
    })
    const chunk = `${(80).toString(16)}\r\n${'a'.repeat(80)}\r\n`
    const result = await rawExchange(port, [head, chunk, chunk, chunk], {
      waitMs: 3000,
      pauseMs: 50,
    })
    expect(result.status).toBe(413)
    expect(result.closed).toBe(true)
  })
})

describe('[security] HEAD runs the GET route hooks', () => {
  it('[security] an automatic HEAD route runs the same hooks as GET', async () => {
    const app = makeApp()
    const hookCalls: string[] = []
    app.register(async (guarded: any) => {
      guarded.addHook('onRequest', async (request: any, reply: any) => {
        hookCalls.push(request.method)
        if (request.headers['x-key'] !== 'let-me-in') {
          reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'no key' })
        }
      })
      guarded.get('/guarded', async () => ({ secret: 'data' }))
    })
    const port = await portOf(app)
    const denied = await rawExchange(port, [
      rawRequest('HEAD', '/guarded', { Connection: 'close' }),
    ])
    expect(denied.status).toBe(401)
    const allowed = await rawExchange(port, [
      rawRequest('HEAD', '/guarded', { 'X-Key': 'let-me-in', Connection: 'close' }),
    ])
    expect(allowed.status).toBe(200)
    expect(rawHeaders(allowed.data)['content-length']).toBe(String('{"secret":"data"}'.length))
    expect(allowed.data.endsWith('\r\n\r\n')).toBe(true)
    expect(hookCalls).toEqual(['HEAD', 'HEAD'])
  })

  it('[security] HEAD runs the GET route’s own hooks and handler, without a body', async () => {
    const app = makeApp()
    const calls: string[] = []
    app.get(
      '/hooked',
      {
        preHandler: async (request: any) => {
          calls.push(`preHandler:${request.method}`)
        },
        onSend: async (request: any, _reply: any, payload: unknown) => {
          calls.push(`onSend:${request.method}`)
          return payload
        },
      },
      async (request: any) => {
        calls.push(`handler:${request.method}`)
        return 'text body'
      },
    )
    const port = await portOf(app)
    const res = await rawExchange(port, [rawRequest('HEAD', '/hooked', { Connection: 'close' })])
    expect(res.status).toBe(200)
    expect(rawHeaders(res.data)['content-length']).toBe('9')
    expect(res.data.endsWith('\r\n\r\n')).toBe(true)
    expect(calls).toEqual(['preHandler:HEAD', 'handler:HEAD', 'onSend:HEAD'])
  })
})

describe('[security] CR/LF in reply headers', () => {
  it('[security] reply.header refuses CR or LF in a value or a name', async () => {
    const app = makeApp()
    const errors: Array<string | undefined> = []
    app.get('/value', async (_request: any, reply: any) => {
      try {
        reply.header('x-a', 'ok\r\nSet-Cookie: evil=1')
      } catch (error: any) {
        errors.push(error.code)
      }
      return 'done'
    })
    app.get('/name', async (_request: any, reply: any) => {
      try {
        reply.header('x-a\nSet-Cookie', 'evil=1')
      } catch (error: any) {
        errors.push(error.code)
      }
      return 'done'
    })
    app.get('/thrown', async (_request: any, reply: any) => {
      reply.header('x-b', 'v\rw')
      return 'never'
    })
    app.get('/bulk', async (_request: any, reply: any) => {
      reply.headers({ 'x-ok': 'fine', 'x-bad': 'v\nSet-Cookie: evil=1' })
      return 'never'
    })
    const port = await portOf(app)
    for (const path of ['/value', '/name']) {
      const result = await rawExchange(port, [rawRequest('GET', path, { Connection: 'close' })])
      expect(result.status).toBe(200)
      expect(result.data.toLowerCase()).not.toContain('set-cookie')
    }
    expect(errors).toEqual(['FRM_ERR_REPLY_INVALID_HEADER', 'FRM_ERR_REPLY_INVALID_HEADER'])
    const thrown = await rawExchange(port, [rawRequest('GET', '/thrown', { Connection: 'close' })])
    expect(thrown.status).toBe(500)
    expect(JSON.parse(rawBody(thrown.data))).toMatchObject({
      statusCode: 500,
      code: 'FRM_ERR_REPLY_INVALID_HEADER',
    })
    await sleep(0)
  })
})
