import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

describe('reply', () => {
  it('drains a stream a 204 or 304 answer does not write: the stream still ends, as in Fastify', async () => {
    const { app, transport } = createApp()
    const ended: number[] = []
    for (const status of [204, 304]) {
      app.get(`/${status}`, (_request, reply) => {
        const stream = new Readable({
          read() {
            this.push('unwritten')
            this.push(null)
          },
        })
        stream.on('end', () => ended.push(status))
        reply.code(status).send(stream)
      })
    }
    for (const status of [204, 304]) {
      const response = await app.inject(`/${status}`)
      expect([response.statusCode, response.body]).toEqual([status, ''])
      expect(transport.sent.at(-1)!.payload).toBe(null)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(ended).toEqual([204, 304])
  })

  it('[4.1] code/status set the status; statusCode reads and sets it', async () => {
    const { app } = createApp()
    app.get('/code', async (_request, reply) => reply.code(201).send('a'))
    app.get('/status', async (_request, reply) => reply.status(202).send('b'))
    app.get('/property', async (_request, reply) => {
      reply.statusCode = 203
      return { read: reply.statusCode }
    })
    expect((await app.inject('/code')).statusCode).toBe(201)
    expect((await app.inject('/status')).statusCode).toBe(202)
    const property = await app.inject('/property')
    expect([property.statusCode, property.json()]).toEqual([203, { read: 203 }])
  })

  it('refuses a status that is not a number from 100 to 599', async () => {
    const { app } = createApp()
    const errors: string[] = []
    app.get('/', async (_request, reply) => {
      for (const code of [99, 600, 599.5, Number.NaN, null, undefined, 'abc']) {
        try {
          reply.code(code as number)
        } catch (error) {
          errors.push(`${(error as { code: string }).code}: ${(error as Error).message}`)
        }
      }
      return 'ok'
    })
    await app.inject('/')
    expect(errors).toEqual([
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: 99',
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: 600',
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: 599.5',
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: NaN',
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: null',
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: undefined',
      'FRM_ERR_BAD_STATUS_CODE: Called reply with an invalid status code: abc',
    ])
  })

  it('takes a status as Fastify 4.29 does: a numeric string, and a fraction dropped', async () => {
    const { app } = createApp()
    app.get('/fraction', async (_request, reply) => reply.code(404.5).send())
    app.get('/string', async (_request, reply) => reply.code('201' as never).send('made'))
    app.get('/read', async (_request, reply) => ({ status: reply.code(202.9).statusCode }))
    expect((await app.inject('/fraction')).statusCode).toBe(404)
    expect((await app.inject('/string')).statusCode).toBe(201)
    const read = await app.inject('/read')
    expect([read.statusCode, read.json()]).toEqual([202, { status: 202 }])
  })

  it('manages headers: header, headers, getHeader, getHeaders, hasHeader, removeHeader, type', async () => {
    const { app } = createApp()
    app.get('/', async (_request, reply) => {
      reply.header('X-One', '1').headers({ 'x-two': 2, 'x-gone': 'g' }).type('application/json')
      reply.header('set-cookie', 'a=1').header('set-cookie', 'b=2')
      reply.removeHeader('X-GONE')
      return {
        one: reply.getHeader('x-one'),
        two: reply.getHeader('X-Two'),
        has: [reply.hasHeader('x-one'), reply.hasHeader('x-gone')],
        all: reply.getHeaders(),
      }
    })
    const response = await app.inject('/')
    expect(response.json()).toEqual({
      one: '1',
      two: 2,
      has: [true, false],
      all: {
        'x-one': '1',
        'x-two': 2,
        'content-type': 'application/json',
        'set-cookie': ['a=1', 'b=2'],
      },
    })
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('refuses CR or LF in header names and values (the message says what HTTP allows)', async () => {
    const { app } = createApp()
    const messages: string[] = []
    app.get('/', async (_request, reply) => {
      for (const [name, value] of [
        ['x-bad', 'a\r\nset-cookie: evil=1'],
        ['x-bad\n', 'a'],
        ['x-list', ['ok', 'b\nc']],
      ] as const) {
        try {
          reply.header(name, value)
        } catch (error) {
          messages.push((error as Error).message)
        }
      }
      return reply.getHeaders()
    })
    expect((await app.inject('/')).json()).toEqual({})
    expect(messages).toEqual([
      "Header 'x-bad' is not valid: a name must be an HTTP token and a value cannot hold CR, LF, NUL, other control characters or characters above U+00FF (encode such values, e.g. with encodeURIComponent)",
      "Header 'x-bad\n' is not valid: a name must be an HTTP token and a value cannot hold CR, LF, NUL, other control characters or characters above U+00FF (encode such values, e.g. with encodeURIComponent)",
      "Header 'x-list' is not valid: a name must be an HTTP token and a value cannot hold CR, LF, NUL, other control characters or characters above U+00FF (encode such values, e.g. with encodeURIComponent)",
    ])
  })

  it('sends strings as text, Buffers as octet-stream, objects as JSON, unless a type is set', async () => {
    const { app } = createApp()
    app.get('/string', async () => 'plain')
    app.get('/buffer', async () => Buffer.from('bytes'))
    app.get('/object', async () => ({ a: 1 }))
    app.get('/array', async () => [1, 2])
    app.get('/number', async (_request, reply) => reply.send(42))
    app.get('/boolean', async (_request, reply) => reply.send(false))
    app.get('/null', async (_request, reply) => reply.send(null))
    app.get('/typed', async (_request, reply) =>
      reply.type('application/json').send('{"raw":true}'),
    )
    app.get('/empty', async (_request, reply) => reply.code(204).send())
    const cases: Array<[string, string, string | undefined]> = [
      ['/string', 'plain', 'text/plain; charset=utf-8'],
      ['/buffer', 'bytes', 'application/octet-stream'],
      ['/object', '{"a":1}', 'application/json; charset=utf-8'],
      ['/array', '[1,2]', 'application/json; charset=utf-8'],
      ['/number', '42', 'application/json; charset=utf-8'],
      ['/boolean', 'false', 'application/json; charset=utf-8'],
      ['/null', 'null', 'application/json; charset=utf-8'],
      // As Fastify 4.29: a JSON type set without a charset gets one.
      ['/typed', '{"raw":true}', 'application/json; charset=utf-8'],
      ['/empty', '', undefined],
    ]
    for (const [url, body, type] of cases) {
      const response = await app.inject(url)
      expect([url, response.body, response.headers['content-type']]).toEqual([url, body, type])
    }
  })

  it('pipes streams', async () => {
    const { app, transport } = createApp()
    app.get('/', async (_request, reply) =>
      reply.type('text/csv').send(Readable.from(['a,b\n', '1,2\n'])),
    )
    const response = await app.inject('/')
    expect([response.body, response.headers['content-type']]).toEqual(['a,b\n1,2\n', 'text/csv'])
    expect(transport.sent[0]!.payload).toBeInstanceOf(Readable)
  })

  it('answers a stream that fails before any data through the error handler (500)', async () => {
    const { app, transport } = createApp()
    const events: string[] = []
    app.addHook(
      'onResponse',
      async (_request, reply) => void events.push(`onResponse ${reply.statusCode}`),
    )
    app.get('/broken', async (_request, reply) =>
      reply.send(
        new Readable({
          read() {
            this.destroy(new Error('disk gone'))
          },
        }),
      ),
    )
    const response = await app.inject('/broken')
    expect([response.statusCode, response.json()]).toEqual([
      500,
      { statusCode: 500, error: 'Internal Server Error', message: 'disk gone' },
    ])
    expect(transport.sent.map((sent) => sent.statusCode)).toEqual([200, 500])
    await new Promise((resolve) => setImmediate(resolve))
    expect(events).toEqual(['onResponse 500'])
  })

  it('accepts a value returned by the handler, or a promise of one, instead of send', async () => {
    const { app } = createApp()
    app.get('/sync', () => 'returned')
    app.get('/async', async () => ({ async: true }))
    app.get('/later', (_request, reply) => {
      setTimeout(() => reply.send('later'), 2)
    })
    app.get('/return-reply', async (_request, reply) => {
      setTimeout(() => reply.send('via reply'), 2)
      return reply
    })
    expect((await app.inject('/sync')).body).toBe('returned')
    expect((await app.inject('/async')).json()).toEqual({ async: true })
    expect((await app.inject('/later')).body).toBe('later')
    expect((await app.inject('/return-reply')).body).toBe('via reply')
  })

  it('answers an empty 200 when an async handler resolves undefined without sending (Fastify 4)', async () => {
    const { app } = createApp()
    let later: unknown
    app.get('/', async (_request, reply) => {
      setTimeout(() => {
        later = reply.sent
      }, 5)
    })
    app.get('/code', async (_request, reply) => {
      reply.code(204)
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([200, ''])
    expect((await app.inject('/code')).statusCode).toBe(204)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(later).toBe(true)
  })

  it('logs and ignores a second send', async () => {
    const warnings: unknown[] = []
    const logger = {
      info() {},
      error() {},
      debug() {},
      trace() {},
      fatal() {},
      warn: (...args: unknown[]) => void warnings.push(args),
      child: () => logger,
    }
    const { app, transport } = createApp({ logger })
    app.get('/', (_request, reply) => {
      reply.send('first')
      reply.send('second')
      expect(reply.sent).toBe(true)
    })
    expect((await app.inject('/')).body).toBe('first')
    expect(transport.sent).toHaveLength(1)
    expect((warnings[0] as [{ err: Error }, string])[0].err.message).toBe(
      'Reply was already sent, did you forget to "return reply" in "/" (GET)?',
    )
  })

  it('redirect([code,] url) sets location and the status (302 by default)', async () => {
    const { app } = createApp()
    app.get('/a', async (_request, reply) => reply.redirect('/b'))
    app.get('/c', async (_request, reply) => reply.redirect(301, '/d'))
    app.get('/e', async (_request, reply) => reply.redirect('/f', 307))
    app.get('/bad', async (_request, reply) => reply.redirect(301, undefined as never))
    const a = await app.inject('/a')
    expect([a.statusCode, a.headers.location]).toEqual([302, '/b'])
    const c = await app.inject('/c')
    expect([c.statusCode, c.headers.location]).toEqual([301, '/d'])
    expect((await app.inject('/e')).statusCode).toBe(307)
    expect((await app.inject('/bad')).json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'reply.redirect() needs a URL string, received undefined',
      code: 'FRM_ERR_REPLY_REDIRECT_URL',
    })
  })

  it('exposes raw, request and server; the request exposes its parts', async () => {
    const { app } = createApp()
    app.post('/items/:id', async (request, reply) => ({
      sameRequest: reply.request === request,
      rawIsTransportObject: typeof (reply.raw as { id: number }).id === 'number',
      server: reply.server === app && request.server === app,
      params: request.params,
      query: { ...request.query },
      body: request.body,
      id: request.id,
      url: request.url,
      method: request.method,
      header: request.headers['x-a'],
      rawMethod: request.raw.method,
      validationError: request.validationError ?? null,
    }))
    const response = await app.inject({
      method: 'POST',
      url: '/items/5?q=1&q=2',
      headers: { 'x-a': 'b' },
      payload: { p: true },
    })
    expect(response.json()).toEqual({
      sameRequest: true,
      rawIsTransportObject: true,
      server: true,
      params: { id: '5' },
      query: { q: ['1', '2'] },
      body: { p: true },
      id: 'req-1',
      url: '/items/5?q=1&q=2',
      method: 'POST',
      header: 'b',
      rawMethod: 'POST',
      validationError: null,
    })
  })

  it('generates request ids with genReqId, never from a header', async () => {
    const { app } = createApp({ genReqId: (raw) => `custom-${raw.url}` })
    app.get('/', async (request) => request.id)
    expect((await app.inject({ url: '/', headers: { 'request-id': 'evil' } })).body).toBe(
      'custom-/',
    )
    const { app: counter } = createApp()
    counter.get('/', async (request) => request.id)
    expect([(await counter.inject('/')).body, (await counter.inject('/')).body]).toEqual([
      'req-1',
      'req-2',
    ])
  })

  it('binds the request logger to the request id', async () => {
    const bindings: unknown[] = []
    const logger: any = {
      info() {},
      warn() {},
      error() {},
      debug() {},
      trace() {},
      fatal() {},
      child(binding: unknown) {
        bindings.push(binding)
        return logger
      },
    }
    const { app } = createApp({ logger })
    app.get('/', async (request) => {
      request.log.info('hello')
      return 'ok'
    })
    await app.inject('/')
    expect(bindings).toEqual([{ reqId: 'req-1' }])
    expect(app.log).toBe(logger)
  })
})
