import { Readable } from 'node:stream'
import framework from 'framework'
import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf, sleep, within } from './helpers'

// Issue 13: Fastify 4 application and test code runs with only its imports renamed. Each test is
// written the way a Fastify 4 user writes it (callbacks, chains, fp plugins), from the behaviour
// its reference documentation describes.

describe('[compat] inject forms', () => {
  it('inject(options, callback) calls back with the response', async () => {
    const app = makeApp()
    app.get('/', async () => ({ hello: 'world' }))
    const response: any = await within(
      new Promise((resolve, reject) => {
        app.inject({ method: 'GET', url: '/' }, (error: Error | null, res: any) => {
          if (error) reject(error)
          else resolve(res)
        })
      }),
      2000,
      'inject callback',
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ hello: 'world' })
  })

  it('inject() with no argument returns the chain: awaited, or ended with a callback', async () => {
    const app = makeApp()
    app.post('/echo', async (request: any) => ({ body: request.body, h: request.headers['x-a'] }))
    const awaited = await app.inject().post('/echo').headers({ 'x-a': '1' }).payload({ n: 1 })
    expect(awaited.json()).toEqual({ body: { n: 1 }, h: '1' })
    const ended = await app.inject().post('/echo').body({ n: 2 }).end()
    expect(ended.json()).toEqual({ body: { n: 2 } })
    const viaCallback: any = await within(
      new Promise((resolve, reject) => {
        app
          .inject()
          .post('/echo')
          .payload({ n: 3 })
          .end((error: Error | null, res: any) => (error ? reject(error) : resolve(res)))
      }),
      2000,
      'chain end callback',
    )
    expect(viaCallback.json()).toEqual({ body: { n: 3 } })
  })

  it('a ready() error reaches the callback, the promise and the chain', async () => {
    const thrown = new Error('plugin failed')
    const failing = () => {
      const app = framework()
      app.register(async () => {
        throw thrown
      })
      app.get('/', async () => 'never')
      return app
    }
    const viaCallback = await within(
      new Promise((resolve) => {
        failing().inject({ url: '/' }, (error: unknown) => resolve(error))
      }),
      2000,
      'inject callback with a ready error',
    )
    expect(viaCallback).toBe(thrown)
    await expect(failing().inject({ url: '/' })).rejects.toBe(thrown)
    await expect(within(failing().inject().get('/').end(), 2000, 'chain')).rejects.toBe(thrown)
    await expect(failing().listen({ port: 0 })).rejects.toBe(thrown)
  })

  it('inject(callback) alone fails loudly instead of hanging', () => {
    const app = makeApp()
    expect(() => app.inject(() => {})).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
  })

  it('a stream payload with a Content-Type and no Content-Length is parsed', async () => {
    const app = makeApp()
    app.post('/', async (request: any) => request.body)
    const response = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from('{"streamed":'), Buffer.from('true}')]),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ streamed: true })
  })
})

describe('[compat] plugin loading', () => {
  it('after(cb) by arity: (err), (err, done), (err, instance, done)', async () => {
    const app = makeApp()
    const calls: unknown[] = []
    app.register(async () => {})
    app.after((error: unknown) => {
      calls.push(['one', error])
    })
    app.after((error: unknown, done: () => void) => {
      calls.push(['two', error])
      done()
    })
    app.after((error: unknown, instance: unknown, done: () => void) => {
      calls.push(['three', error, instance === app])
      done()
    })
    await app.ready()
    expect(calls).toEqual([
      ['one', null],
      ['two', null],
      ['three', null, true],
    ])
  })

  it("a plugin's error reaches after(err) as the very object thrown; later plugins do not load", async () => {
    const app = makeApp()
    const thrown = Object.assign(new Error('no db'), { code: 'E_NO_DB' })
    const loaded: string[] = []
    app.register(async function db() {
      throw thrown
    })
    app.register(async function later() {
      loaded.push('later')
    })
    let seen: unknown
    app.after((error: unknown) => {
      seen = error
    })
    await app.ready()
    expect(seen).toBe(thrown)
    expect(loaded).toEqual([])
  })

  it('register(plugin, opts) with opts a function: it receives the new child instance', async () => {
    const app = makeApp()
    app.decorate('base', 'from root')
    let received: any
    let inPlugin: any
    app.register(
      async (instance: any, opts: any) => {
        inPlugin = instance
        instance.get('/opts', async () => opts)
      },
      (instance: any) => {
        received = instance
        return { fromParent: instance.base }
      },
    )
    await app.ready()
    expect(received).toBe(inPlugin)
    expect(received).not.toBe(app)
    expect((await app.inject('/opts')).json()).toEqual({ fromParent: 'from root' })
  })

  it('hasPlugin inside encapsulated plugins answers as Fastify 4 does', async () => {
    const app = makeApp()
    const seen: Record<string, boolean[]> = {}
    const probe = (instance: any, at: string) => {
      seen[at] = ['shared', 'outer', 'inner', 'sibling'].map((name) => instance.hasPlugin(name))
    }
    app.register(fp(async () => {}, { name: 'shared' }))
    app.register(async function outer(instance: any) {
      probe(instance, 'outer')
      instance.register(async function inner(child: any) {
        probe(child, 'inner')
      })
    })
    app.register(async function sibling(instance: any) {
      probe(instance, 'sibling')
    })
    await app.ready()
    // An fp plugin is seen where it loaded and below; an encapsulated one only inside itself.
    expect(seen).toEqual({
      outer: [true, true, false, false],
      inner: [true, false, true, false],
      sibling: [true, false, false, true],
    })
    expect([app.hasPlugin('shared'), app.hasPlugin('outer'), app.hasPlugin('framework')]).toEqual([
      true,
      false,
      true,
    ])
  })
})

describe('[compat] hooks', () => {
  itBoth(
    'hooks of one kind follow the load order: an fp plugin after a child runs its hook after the child’s',
    async ({ send }) => {
      const app = makeApp()
      const order = (name: string) => async (request: any) => {
        request.order = [...(request.order ?? []), name]
      }
      app.decorateRequest('order', null)
      app.addHook('onRequest', order('root first'))
      app.register(async (child: any) => {
        child.addHook('onRequest', order('child'))
        child.get('/', async (request: any) => request.order)
      })
      app.register(fp(async (instance: any) => instance.addHook('onRequest', order('fp later'))))
      const response = await send(app, { url: '/' })
      expect(response.json()).toEqual(['root first', 'child', 'fp later'])
    },
  )

  itBoth(
    'an async hook that returns reply stops the lifecycle (it sends later)',
    async ({ send }) => {
      const app = makeApp()
      let handlerRan = false
      app.addHook('onRequest', async (_request: any, reply: any) => {
        setTimeout(() => reply.code(202).send({ from: 'hook' }), 5)
        return reply
      })
      app.get('/', async () => {
        handlerRan = true
        return 'handler'
      })
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ from: 'hook' })
      await sleep(10)
      expect(handlerRan).toBe(false)
    },
  )
})

describe('[compat] routes and replies', () => {
  itBoth(
    'an async handler that resolves undefined without sending answers an empty 200',
    async ({ send }) => {
      const app = makeApp()
      app.get('/empty', async () => {})
      app.get('/later', async (_request: any, reply: any) => {
        setTimeout(() => reply.send('later'), 5)
        return reply
      })
      const empty = await send(app, { url: '/empty' })
      expect([empty.statusCode, empty.body]).toEqual([200, ''])
      const later = await send(app, { url: '/later' })
      expect([later.statusCode, later.body]).toEqual([200, 'later'])
    },
  )

  itBoth(
    'exposeHeadRoute: false leaves HEAD unanswered; a HEAD with an empty body has content-length: 0',
    async ({ send }) => {
      const app = makeApp()
      app.get('/no-head', { exposeHeadRoute: false }, async () => 'x')
      app.get('/empty', async (_request: any, reply: any) => {
        reply.send()
      })
      app.get('/text', async () => 'four')
      expect((await send(app, { method: 'HEAD', url: '/no-head' })).statusCode).toBe(404)
      const empty = await send(app, { method: 'HEAD', url: '/empty' })
      expect([empty.statusCode, empty.headers['content-length'], empty.body]).toEqual([
        200,
        '0',
        '',
      ])
      const text = await send(app, { method: 'HEAD', url: '/text' })
      expect([text.statusCode, text.headers['content-length'], text.body]).toEqual([200, '4', ''])
    },
  )

  it('a HEAD route declared after its GET route with the same path replaces the automatic one', async () => {
    const app = makeApp()
    app.get('/x', async () => 'get body')
    app.head('/x', async (_request: any, reply: any) => {
      reply.header('x-own-head', 'yes').send()
    })
    const response = await app.inject({ method: 'HEAD', url: '/x' })
    expect(response.headers['x-own-head']).toBe('yes')
    expect(response.headers['content-length']).toBe('0')
  })

  it('two paths of one shape under one method are duplicates: at declaration, or at ready() where the router options make them one', async () => {
    // As Fastify 4.29: the automatic HEAD route of `/:a` is taken over by a HEAD route of `/:a`
    // only; `/:b` is the same route under another name.
    const app = makeApp()
    app.get('/:a', async () => 'a')
    expect(() => app.head('/:b', async () => 'b')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DUPLICATED_ROUTE',
        message: "Method 'HEAD' already declared for route '/:b'",
      }),
    )
    expect(() => app.get('/:c', async () => 'c')).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DUPLICATED_ROUTE' }),
    )
    const caseless = makeApp({ caseSensitive: false })
    caseless.get('/Users', async () => 'a')
    caseless.get('/users', async () => 'b')
    await expect(caseless.ready()).rejects.toMatchObject({
      code: 'FRM_ERR_DUPLICATED_ROUTE',
      message: "Method 'GET' already declared for route '/users'",
    })
  })

  itBoth(
    'a custom not-found handler parses the body and runs its route-level hooks',
    async ({ send }) => {
      const app = makeApp()
      const seen: unknown[] = []
      app.setNotFoundHandler(
        {
          preValidation: async (request: any) => {
            seen.push(['preValidation', request.body])
          },
          preHandler: async (request: any) => {
            seen.push(['preHandler', request.body])
          },
        },
        async (request: any, reply: any) => reply.code(404).send({ got: request.body }),
      )
      const response = await send(app, { method: 'POST', url: '/nowhere', payload: { a: 1 } })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ got: { a: 1 } })
      expect(seen).toEqual([
        ['preValidation', { a: 1 }],
        ['preHandler', { a: 1 }],
      ])
    },
  )

  itBoth(
    'setReplySerializer serializes replies, over a response schema as in Fastify, encapsulated',
    async ({ send }) => {
      const app = makeApp()
      app.register(async (child: any) => {
        child.setReplySerializer((payload: unknown, statusCode: number) =>
          JSON.stringify({ statusCode, data: payload }),
        )
        child.get('/wrapped', async () => ({ a: 1 }))
        child.get(
          '/schema',
          {
            schema: {
              response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } },
            },
          },
          async () => ({ a: 2, b: 3 }),
        )
      })
      app.get('/plain', async () => ({ a: 4 }))
      expect((await send(app, { url: '/wrapped' })).json()).toEqual({
        statusCode: 200,
        data: { a: 1 },
      })
      // Fastify 4 (since 4.0): the context's reply serializer wins over the route's schema.
      expect((await send(app, { url: '/schema' })).json()).toEqual({
        statusCode: 200,
        data: { a: 2, b: 3 },
      })
      expect((await send(app, { url: '/plain' })).json()).toEqual({ a: 4 })
    },
  )

  it('validatorCompiler and serializerCompiler read back what was set', async () => {
    const app = makeApp()
    const validator = () => () => true
    const serializer = () => (data: unknown) => JSON.stringify(data)
    expect(app.validatorCompiler).toBeUndefined()
    app.setValidatorCompiler(validator)
    app.setSerializerCompiler(serializer)
    let inChild: unknown[] = []
    app.register(async (child: any) => {
      inChild = [child.validatorCompiler, child.serializerCompiler]
    })
    await app.ready()
    expect([app.validatorCompiler, app.serializerCompiler]).toEqual([validator, serializer])
    expect(inChild).toEqual([validator, serializer])
  })

  itBoth(
    'an error reply through a response schema serializes the Error itself, and applies its headers',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/',
        {
          schema: {
            response: {
              '4xx': {
                type: 'object',
                properties: {
                  statusCode: { type: 'integer' },
                  message: { type: 'string' },
                  customId: { type: 'string' },
                },
              },
            },
          },
        },
        async () => {
          throw Object.assign(new Error('teapot'), {
            statusCode: 418,
            customId: 'abc-1',
            headers: { 'x-error-id': 'abc-1', 'retry-after': 5 },
          })
        },
      )
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(418)
      expect(response.json()).toEqual({ statusCode: 418, message: 'teapot', customId: 'abc-1' })
      expect(response.headers['x-error-id']).toBe('abc-1')
      expect(response.headers['retry-after']).toBe('5')
    },
  )

  itBoth(
    'request.context.config and reply.context.config alias routeOptions.config',
    async ({ send }) => {
      const app = makeApp()
      app.get('/', { config: { role: 'admin' } }, async (request: any, reply: any) => ({
        request: request.context.config,
        reply: reply.context.config,
        same: request.context.config === request.routeOptions.config,
      }))
      expect((await send(app, { url: '/' })).json()).toEqual({
        request: { role: 'admin', url: '/', method: 'GET' },
        reply: { role: 'admin', url: '/', method: 'GET' },
        same: true,
      })
    },
  )
})

describe('[compat] over a real socket, a failing plugin does not hang listen', () => {
  it('listen() rejects with the plugin error', async () => {
    const app = makeApp()
    const thrown = new Error('bad plugin')
    app.register(async () => {
      throw thrown
    })
    await expect(within(portOf(app), 2000, 'listen')).rejects.toBe(thrown)
  })
})

describe('[compat] request, reply and instance members Fastify 4 code reaches for', () => {
  it('request: ip, hostname, protocol, routerPath, routeConfig, is404; reply: log, serialize', async () => {
    const app = makeApp()
    app.get(
      '/users/:id',
      {
        config: { tag: 't' },
        schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } },
      },
      async (request: any, reply: any) =>
        // A string is sent as it is, so the response schema does not filter this report.
        JSON.stringify({
          ip: request.ip,
          hostname: request.hostname,
          protocol: request.protocol,
          routerPath: request.routerPath,
          routerMethod: request.routerMethod,
          routeConfig: request.routeConfig,
          is404: request.is404,
          hasLog: typeof reply.log.info === 'function',
          serialized: reply.serialize({ a: 1, b: 2 }),
        }),
    )
    const port = await portOf(app)
    const response = await fetch(`http://127.0.0.1:${port}/users/7`)
    const body = await response.json()
    expect(body).toEqual({
      ip: '127.0.0.1',
      hostname: '127.0.0.1',
      protocol: 'http',
      routerPath: '/users/:id',
      routerMethod: 'GET',
      routeConfig: { tag: 't', url: '/users/:id', method: 'GET' },
      is404: false,
      hasLog: true,
      serialized: '{"a":1}',
    })
  })

  it('reply.hijack(): the framework sends nothing more, the handler writes the raw response', async () => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.raw.end('raw body')
      return Promise.resolve('ignored')
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([200, 'raw body'])
  })

  it('hasRoute, supportedMethods, onClose, withTypeProvider, errorHandler, addresses, listen(port, host)', async () => {
    const app = makeApp()
    let closed = false
    app.onClose((_instance: unknown, done: () => void) => {
      closed = true
      done()
    })
    app.register(async (child: any) => child.get('/in-child', async () => 'x'), { prefix: '/p' })
    app.setErrorHandler(async (error: Error, request: any, reply: any) => {
      if (error.message === 'teapot') return reply.code(418).send({ teapot: true })
      return app.errorHandler.call(app, error, request, reply)
    })
    app.get('/teapot', async () => {
      throw new Error('teapot')
    })
    expect(app.withTypeProvider()).toBe(app)
    expect(app.supportedMethods).toContain('PATCH')
    await app.ready()
    expect(app.hasRoute({ url: '/p/in-child', method: 'GET' })).toBe(true)
    expect(app.hasRoute({ url: '/p/in-child', method: 'HEAD' })).toBe(true)
    expect(app.hasRoute({ url: '/nope', method: 'GET' })).toBe(false)
    expect((await app.inject('/teapot')).statusCode).toBe(418)
    expect(app.addresses()).toEqual([])
    const address = await new Promise<string>((resolve, reject) =>
      app.listen(0, '127.0.0.1', (error: Error | null, value: string) =>
        error ? reject(error) : resolve(value),
      ),
    )
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(app.addresses()).toEqual([expect.objectContaining({ address: '127.0.0.1' })])
    await app.close()
    expect(closed).toBe(true)
  })
})

describe('[compat] reply timing and the deprecated hijack form', () => {
  it('reply.elapsedTime (and getResponseTime()) grow from the start of the request', async () => {
    const app = makeApp()
    const times: number[] = []
    app.addHook('onResponse', async (_request: any, reply: any) => {
      times.push(reply.elapsedTime, reply.getResponseTime())
    })
    app.get('/', async () => {
      await sleep(15)
      return 'ok'
    })
    await app.inject('/')
    await sleep(5)
    expect(times).toHaveLength(2)
    expect(times[0]).toBeGreaterThanOrEqual(14)
    expect(times[1]).toBeGreaterThanOrEqual(times[0]!)
  })

  it('reply.sent is read-only (Fastify 5): assigning it throws a TypeError, hijack() hands over', async () => {
    const app = makeApp()
    let refused: any
    app.get('/', (_request: any, reply: any) => {
      try {
        reply.sent = true
      } catch (error) {
        refused = error
      }
      reply.hijack()
      reply.raw.end('by hand')
    })
    expect((await app.inject('/')).body).toBe('by hand')
    expect(refused).toBeInstanceOf(TypeError)
    expect(refused.code).toBe('FRM_ERR_REP_SENT_VALUE')
  })
})

describe('[compat] error handler results', () => {
  itBoth(
    'an async error handler that resolves undefined without sending answers an empty body with the status',
    async ({ send }) => {
      const app = makeApp()
      app.setErrorHandler(async (_error: Error, _request: any, reply: any) => {
        reply.code(409)
      })
      app.get('/', async () => {
        throw new Error('conflict')
      })
      const response = await send(app, { url: '/' })
      expect([response.statusCode, response.body]).toEqual([409, ''])
    },
  )

  itBoth('an error handler returning a value sends it', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler(async (error: Error, _request: any, reply: any) => {
      reply.code(400)
      return { handled: error.message }
    })
    app.get('/', async () => {
      throw new Error('bad')
    })
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.json()]).toEqual([400, { handled: 'bad' }])
  })
})
