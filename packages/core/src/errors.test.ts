import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { FakeRaw } from '../test/helpers/fake-transport.js'

function recordingLogger() {
  const lines: Array<[string, unknown, unknown]> = []
  const logger: any = {}
  for (const level of ['info', 'warn', 'error', 'debug', 'trace', 'fatal']) {
    logger[level] = (object: unknown, message: unknown) => void lines.push([level, object, message])
  }
  logger.child = () => logger
  return { logger, lines }
}

describe('errors that are not validation errors', () => {
  it('answers 500 with { statusCode, error, message } and no stack for a plain thrown error', async () => {
    const { app } = createApp()
    app.get('/', async () => {
      throw new Error('kaboom')
    })
    const response = await app.inject('/')
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.body).toBe(
      '{"statusCode":500,"error":"Internal Server Error","message":"kaboom"}',
    )
  })

  it('uses an error status only when it is an integer 400-599, and adds the code', async () => {
    const { app } = createApp()
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ statusCode: 404 }, 404],
      [{ status: 409 }, 409],
      [{ statusCode: 302 }, 500],
      [{ statusCode: '400' }, 500],
      [{ statusCode: 99999 }, 500],
      [{ statusCode: 418, code: 'TEAPOT' }, 418],
    ]
    cases.forEach(([props], index) => {
      app.get(`/${index}`, async () => {
        throw Object.assign(new Error('e'), props)
      })
    })
    for (const [index, [props, status]] of cases.entries()) {
      const response = await app.inject(`/${index}`)
      expect(response.statusCode).toBe(status)
      expect(response.json().code).toBe(props.code)
    }
  })

  it('keeps a status the handler set (>= 400) before throwing an error without one', async () => {
    const { app } = createApp()
    app.get('/', async (_request, reply) => {
      reply.code(403)
      throw new Error('forbidden')
    })
    app.get('/ok-status', async (_request, reply) => {
      reply.code(201)
      throw new Error('still 500')
    })
    expect((await app.inject('/')).json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'forbidden',
    })
    expect((await app.inject('/ok-status')).statusCode).toBe(500)
  })

  it('handles non-Error throws and rejections as Fastify 5: the value is the 500 body', async () => {
    const { app } = createApp()
    app.get('/string', async () => {
      throw 'a string'
    })
    app.get('/null', () => Promise.reject(null))
    app.get('/undefined', () => Promise.reject(undefined))
    app.get('/false', () => {
      throw false
    })
    app.get('/number', async () => {
      throw 123
    })
    app.get('/array', async () => {
      throw [1, 'two']
    })
    app.get('/symbol', () => {
      throw Symbol('kaboom')
    })
    app.get('/sync', () => {
      throw new TypeError('sync')
    })
    const json = 'application/json; charset=utf-8'
    const cases: Array<[string, string, string | undefined]> = [
      ['/string', 'a string', 'text/plain; charset=utf-8'],
      ['/null', 'null', json],
      ['/undefined', '', undefined],
      ['/false', 'false', json],
      ['/number', '123', json],
      ['/array', '[1,"two"]', json],
      ['/symbol', '', json],
    ]
    for (const [url, body, type] of cases) {
      const response = await app.inject(url)
      expect([url, response.statusCode, response.body, response.headers['content-type']]).toEqual([
        url,
        500,
        body,
        type,
      ])
    }
    expect((await app.inject('/sync')).json().message).toBe('sync')
  })

  it('hands a rejection without a reason to the error handler as it is', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.setErrorHandler((error: unknown, _request: unknown, reply: any) => {
      seen.push(error)
      reply.code(502).send('handled')
    })
    app.get('/null', () => Promise.reject(null))
    app.get('/undefined', () => Promise.reject(undefined))
    const first = await app.inject('/null')
    const second = await app.inject('/undefined')
    expect([first.statusCode, first.body, second.statusCode, second.body]).toEqual([
      502,
      'handled',
      502,
      'handled',
    ])
    expect(seen).toEqual([null, undefined])
  })

  it('reply.send inside an onError hook throws FRM_ERR_SEND_INSIDE_ONERR; the error handler answers', async () => {
    const { app } = createApp()
    const caught: string[] = []
    app.addHook('onError', (_request, reply, _error, done) => {
      try {
        reply.send('from the hook')
      } catch (error) {
        caught.push((error as { code: string }).code)
      }
      done()
    })
    app.get('/', async () => {
      throw new Error('kaboom')
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.json().message]).toEqual([500, 'kaboom'])
    expect(caught).toEqual(['FRM_ERR_SEND_INSIDE_ONERR'])
  })

  it('serializes error bodies, so user input cannot forge fields', async () => {
    const { app } = createApp()
    const response = await app.inject('/x","statusCode":200,"a":"')
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/x","statusCode":200,"a":" not found',
    })
  })

  it('logs 5xx at error level and 4xx at info level', async () => {
    const { logger, lines } = recordingLogger()
    const { app } = createApp({ logger })
    app.get('/500', async () => {
      throw new Error('server')
    })
    app.get('/400', async () => {
      throw Object.assign(new Error('client'), { statusCode: 400 })
    })
    await app.inject('/500')
    await app.inject('/400')
    expect(lines.map(([level, , message]) => [level, message])).toEqual([
      ['error', 'server'],
      ['info', 'client'],
    ])
  })

  it('logs nothing and makes no request id for an error when the logger is silent, unless a route makes its own logger', async () => {
    const { logger, lines } = recordingLogger()
    const silent: any = { level: 'silent', child: () => silent }
    for (const level of ['info', 'warn', 'error', 'debug', 'trace', 'fatal'])
      silent[level] = () => {}
    let ids = 0
    const { app } = createApp({ logger: silent, genReqId: () => `req-${++ids}` })
    const fail = async () => {
      throw Object.assign(new Error('client'), { statusCode: 400 })
    }
    app.get('/quiet', fail)
    app.register(async (child) => {
      child.setChildLoggerFactory((_parent, bindings) => {
        lines.push(['child', bindings, undefined])
        return logger
      })
      child.get('/own', fail)
    })
    const quiet = await app.inject('/quiet')
    expect(quiet.statusCode).toBe(400)
    expect(quiet.body).toBe('{"statusCode":400,"error":"Bad Request","message":"client"}')
    expect(ids).toBe(0)
    expect(lines).toEqual([])
    const own = await app.inject('/own')
    expect(own.statusCode).toBe(400)
    expect(lines.map(([level, object, message]) => [level, object, message])).toEqual([
      ['child', { reqId: 'req-1' }, undefined],
      ['info', { res: { statusCode: 400 }, err: expect.any(Error) }, 'client'],
    ])
  })
})

describe('error handlers', () => {
  it('uses the route option, else the nearest context handler, else the default', async () => {
    const { app } = createApp()
    const handler = (name: string) => (error: Error, _request: unknown, reply: any) =>
      reply.code(400).send({ by: name, message: error.message })
    app.register(async (child) => {
      child.setErrorHandler(handler('child'))
      child.get('/context', async () => {
        throw new Error('a')
      })
      child.get('/route', { errorHandler: handler('route') }, async () => {
        throw new Error('b')
      })
      child.register(async (grand) => {
        grand.get('/inherited', async () => {
          throw new Error('c')
        })
      })
    })
    app.get('/default', async () => {
      throw new Error('d')
    })
    expect((await app.inject('/context')).json()).toEqual({ by: 'child', message: 'a' })
    expect((await app.inject('/route')).json()).toEqual({ by: 'route', message: 'b' })
    expect((await app.inject('/inherited')).json()).toEqual({ by: 'child', message: 'c' })
    expect((await app.inject('/default')).json().statusCode).toBe(500)
  })

  it("hands an error thrown (or sent) by a handler to the parent context's handler", async () => {
    const { app } = createApp()
    const events: string[] = []
    app.setErrorHandler((error, _request, reply) => {
      events.push(`root got ${error.message}`)
      reply.code(502).send({ final: error.message })
    })
    app.register(async (child) => {
      child.setErrorHandler((error, _request, reply) => {
        events.push(`child got ${error.message}`)
        reply.send(new Error(`child re-sent ${error.message}`))
      })
      child.register(async (grand) => {
        grand.setErrorHandler(async (error) => {
          events.push(`grand got ${error.message}`)
          throw new Error(`grand rethrew ${error.message}`)
        })
        grand.get(
          '/',
          {
            errorHandler: (error) => {
              throw error
            },
          },
          async () => {
            throw new Error('original')
          },
        )
      })
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.json()]).toEqual([
      502,
      { final: 'child re-sent grand rethrew original' },
    ])
    expect(events).toEqual([
      'grand got original',
      'child got grand rethrew original',
      'root got child re-sent grand rethrew original',
    ])
  })

  it('ends with the default handler when the root handler fails', async () => {
    const { app } = createApp()
    app.setErrorHandler(() => {
      throw new Error('handler bug')
    })
    app.get('/', async () => {
      throw Object.assign(new Error('first'), { statusCode: 404 })
    })
    expect((await app.inject('/')).json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'handler bug',
    })
  })

  it('sends what an error handler returns (sync or async)', async () => {
    const { app } = createApp()
    app.setErrorHandler(async (error, _request, reply) => {
      reply.code(422)
      return { returned: error.message }
    })
    app.get('/', async () => {
      throw new Error('x')
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.json()]).toEqual([422, { returned: 'x' }])
  })

  it('runs onError hooks once, before the first handler', async () => {
    const { app } = createApp()
    let count = 0
    app.addHook('onError', async () => {
      count++
    })
    app.setErrorHandler((error) => {
      throw error
    })
    app.get('/', async () => {
      throw new Error('x')
    })
    await app.inject('/')
    expect(count).toBe(1)
  })

  it("a handler that throws after sending logs Fastify's already-sent warning, the error as its cause", async () => {
    const { logger, lines } = recordingLogger()
    const { app } = createApp({ logger })
    app.get('/', (_request, reply) => {
      reply.send('done')
      throw new Error('too late')
    })
    expect((await app.inject('/')).body).toBe('done')
    const warning = lines.find((line) => line[0] === 'warn') as [string, { err: any }, string]
    expect(warning[1].err.code).toBe('FRM_ERR_REP_ALREADY_SENT')
    expect(warning[1].err.cause).toEqual(new Error('too late'))
    expect(warning[2]).toBe(
      'Reply was already sent, did you forget to "return reply" in "/" (GET)?',
    )
  })

  it("a handler promise that rejects after sending logs Fastify's message with the error", async () => {
    const { logger, lines } = recordingLogger()
    const { app } = createApp({ logger })
    app.get('/', async (_request, reply) => {
      reply.send('done')
      throw new Error('too late')
    })
    expect((await app.inject('/')).body).toBe('done')
    expect(lines).toContainEqual([
      'error',
      { err: new Error('too late') },
      'Promise errored, but reply.sent = true was set',
    ])
  })

  it("answers a request the transport could not route through the root handler, with the error's status", async () => {
    const { app, transport } = createApp()
    const handled: string[] = []
    app.addHook('onError', async (_request, _reply, error) => void handled.push(error.code))
    await app.ready()
    const response = await new Promise<any>((resolve) =>
      transport.dispatch(
        { method: 'GET', url: '/%%bad', headers: {}, body: undefined } as FakeRaw,
        {
          id: 1,
          sent: false,
          deliver: resolve,
        },
      ),
    )
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        statusCode: 400,
        error: 'Bad Request',
        message: "'/%%bad' is not a valid url component",
        code: 'FRM_ERR_BAD_URL',
      },
    ])
    expect(handled).toEqual(['FRM_ERR_BAD_URL'])
  })

  it('fails ready() when a response schema cannot be compiled, naming the route and status', async () => {
    const { app } = createApp()
    app.get(
      '/users',
      { schema: { response: { 201: { type: 'object', invalid: true } } } },
      async () => ({}),
    )
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_SCH_SERIALIZATION_BUILD')
    expect(error.message).toBe(
      'Failed building the serialization schema for GET: /users, due to error response schema is marked invalid (status: 201)',
    )
  })
})
