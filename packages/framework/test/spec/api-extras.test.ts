import { Readable } from 'node:stream'
import { fp } from 'framework'
import { describe, expect, it } from 'vitest'
import {
  badRequest,
  itBoth,
  makeApp,
  portOf,
  rawBody,
  rawExchange,
  rawHeaders,
  rawRequest,
  sleep,
  within,
  withoutCode,
} from './helpers'

// API.md: what users of the established frameworks also reach for.
describe('[api] register with a prefix', () => {
  itBoth(
    '[api] prefix applies to the routes of the new context and nested prefixes compose',
    async ({ send }) => {
      const app = makeApp()
      app.register(
        async (v1: any) => {
          v1.get('/users', async () => 'v1 users')
          v1.register(
            async (admin: any) => {
              admin.get('/stats', async (request: any) => ({ url: request.routeOptions.url }))
            },
            { prefix: '/admin' },
          )
        },
        { prefix: '/v1' },
      )
      expect((await send(app, { url: '/v1/users' })).body).toBe('v1 users')
      expect((await send(app, { url: '/v1/admin/stats' })).json()).toEqual({
        url: '/v1/admin/stats',
      })
      expect((await send(app, { url: '/users' })).statusCode).toBe(404)
      expect((await send(app, { url: '/admin/stats' })).statusCode).toBe(404)
    },
  )

  itBoth('[api] a not-found handler answers for its prefix', async ({ send }) => {
    const app = makeApp()
    app.register(
      async (api: any) => {
        api.setNotFoundHandler((request: any, reply: any) => {
          reply.code(404).send({ api: 'missing', url: request.url })
        })
        api.get('/here', async () => 'here')
      },
      { prefix: '/api' },
    )
    expect((await send(app, { url: '/api/nothing' })).json()).toEqual({
      api: 'missing',
      url: '/api/nothing',
    })
    expect(
      withoutCode((await send(app, { url: '/elsewhere' })).json(), 'FRM_ERR_NOT_FOUND'),
    ).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/elsewhere not found',
    })
  })
})

describe('[api] hasPlugin', () => {
  it('[api] hasPlugin answers for the plugins visible here', async () => {
    const app = makeApp()
    app.register(fp(async () => {}, { name: 'db-connector' }))
    let childSees: boolean | undefined
    app.register(async (child: any) => {
      childSees = child.hasPlugin('db-connector')
    })
    await app.ready()
    expect(app.hasPlugin('db-connector')).toBe(true)
    expect(app.hasPlugin('something-else')).toBe(false)
    expect(childSees).toBe(true)
  })
})

describe('[api] decorators', () => {
  itBoth('[api] decorators given as { getter, setter }', async ({ send }) => {
    const app = makeApp()
    let stored = 1
    app.decorate('counter', {
      getter: () => stored,
      setter: (value: number) => {
        stored = value
      },
    })
    app.decorateRequest('upperUrl', {
      getter(this: any) {
        return this.url.toUpperCase()
      },
    })
    app.get('/getter', async (request: any) => {
      app.counter = app.counter + 1
      return { counter: app.counter, upper: request.upperUrl }
    })
    expect((await send(app, { url: '/getter' })).json()).toEqual({ counter: 2, upper: '/GETTER' })
    expect(stored).toBe(2)
  })

  it('[api] a decorator with dependencies needs them, and the error names the missing one', async () => {
    const app = makeApp()
    app.decorate('db', {})
    expect(() => app.decorate('repo', {}, ['db'])).not.toThrow()
    let error: any
    try {
      app.decorate('cache', {}, ['redis'])
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe('FRM_ERR_DEC_MISSING_DEPENDENCY')
    expect(error.message).toBe("The decorator is missing dependency 'redis'.")
  })

  it('[api] redeclaring a decorator in the same context throws; a child may shadow it', async () => {
    const app = makeApp()
    app.decorate('once', 1)
    expect(() => app.decorate('once', 2)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_ALREADY_PRESENT' }),
    )
    app.decorateRequest('reqOnce', 1)
    expect(() => app.decorateRequest('reqOnce', 2)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_ALREADY_PRESENT' }),
    )
    let childSees: unknown
    app.register(async (child: any) => {
      child.decorate('once', 'child')
      child.decorateRequest('reqOnce', 2)
      childSees = child.once
      child.get('/child', async (request: any) => request.reqOnce)
    })
    app.get('/root', async (request: any) => request.reqOnce)
    await app.ready()
    expect([childSees, app.once]).toEqual(['child', 1])
    expect((await app.inject('/child')).json()).toBe(2)
    expect((await app.inject('/root')).json()).toBe(1)
  })
})

describe('[api] route option errorHandler', () => {
  itBoth('[api] the route errorHandler wins over the context one', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((_error: any, _request: any, reply: any) => {
      reply.code(500).send({ by: 'context' })
    })
    app.get(
      '/own',
      {
        errorHandler: (error: any, _request: any, reply: any) => {
          reply.code(409).send({ by: 'route', message: error.message })
        },
      },
      async () => {
        throw new Error('conflict')
      },
    )
    app.get('/other', async () => {
      throw new Error('x')
    })
    const own = await send(app, { url: '/own' })
    expect(own.statusCode).toBe(409)
    expect(own.json()).toEqual({ by: 'route', message: 'conflict' })
    expect((await send(app, { url: '/other' })).json()).toEqual({ by: 'context' })
  })
})

describe('[api] exposeHeadRoutes', () => {
  itBoth('[api] a GET route also answers HEAD by default, without a body', async ({ send }) => {
    const app = makeApp()
    app.get('/page', async () => ({ hello: 'world' }))
    const res = await send(app, { method: 'HEAD', url: '/page' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-length']).toBe(String('{"hello":"world"}'.length))
  })

  itBoth(
    '[api] exposeHeadRoutes false on the route or the factory turns it off',
    async ({ send }) => {
      const app = makeApp()
      app.get('/no-head', { exposeHeadRoutes: false }, async () => 'x')
      expect((await send(app, { method: 'HEAD', url: '/no-head' })).statusCode).toBe(404)
      const off = makeApp({ exposeHeadRoutes: false })
      off.get('/no-head', async () => 'x')
      expect((await send(off, { method: 'HEAD', url: '/no-head' })).statusCode).toBe(404)
    },
  )

  itBoth(
    '[api] an explicit HEAD route takes precedence over the automatic one',
    async ({ send }) => {
      const app = makeApp()
      app.get('/both', async () => 'get body')
      app.head('/both', async (_request: any, reply: any) => {
        reply.header('x-explicit', 'yes').send()
      })
      const res = await send(app, { method: 'HEAD', url: '/both' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-explicit']).toBe('yes')
    },
  )
})

describe('[api] onTimeout hook', () => {
  it('[api] onTimeout runs when the connection times out before the reply', async () => {
    const app = makeApp({ connectionTimeout: 300 })
    const calls: string[] = []
    app.addHook('onTimeout', async (request: any) => {
      calls.push(request.url)
    })
    app.get('/slow', async () => {
      await sleep(2000)
      return 'late'
    })
    const port = await portOf(app)
    const result = await rawExchange(port, [rawRequest('GET', '/slow')], { waitMs: 4000 })
    expect(result.closed).toBe(true)
    expect(result.elapsed).toBeLessThan(1900)
    await sleep(50)
    expect(calls).toEqual(['/slow'])
  }, 10_000)
})

describe('[api] reply.callNotFound', () => {
  itBoth('[api] reply.callNotFound answers with the not-found handler', async ({ send }) => {
    const app = makeApp()
    app.get('/maybe/:id', async (request: any, reply: any) => {
      if (request.params.id !== '1') return reply.callNotFound()
      return { id: 1 }
    })
    expect((await send(app, { url: '/maybe/1' })).json()).toEqual({ id: 1 })
    const res = await send(app, { url: '/maybe/2' })
    expect(res.statusCode).toBe(404)
    expect(withoutCode(res.json(), 'FRM_ERR_NOT_FOUND')).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/maybe/2 not found',
    })
  })

  itBoth('[api] reply.callNotFound uses the context’s custom handler', async ({ send }) => {
    const app = makeApp()
    app.setNotFoundHandler((_request: any, reply: any) => {
      reply.code(404).send({ custom: true })
    })
    app.get('/hidden', async (_request: any, reply: any) => reply.callNotFound())
    const res = await send(app, { url: '/hidden' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ custom: true })
  })
})

describe('[api] reply.redirect', () => {
  itBoth(
    '[api] reply.redirect(url) answers 302, reply.redirect(code, url) the code given',
    async ({ send }) => {
      const app = makeApp()
      app.get('/old', async (_request: any, reply: any) => reply.redirect('/new'))
      app.get('/moved', async (_request: any, reply: any) => reply.redirect(301, '/permanent'))
      const temporary = await send(app, { url: '/old' })
      expect(temporary.statusCode).toBe(302)
      expect(temporary.headers.location).toBe('/new')
      const permanent = await send(app, { url: '/moved' })
      expect(permanent.statusCode).toBe(301)
      expect(permanent.headers.location).toBe('/permanent')
    },
  )
})

describe('[api] reply.removeHeader and reply.hasHeader', () => {
  itBoth(
    '[api] hasHeader tells whether a header is set; removeHeader removes it',
    async ({ send }) => {
      const app = makeApp()
      app.get('/headers', async (_request: any, reply: any) => {
        reply.header('x-keep', 'k')
        reply.header('X-Drop', 'd')
        const before = [
          reply.hasHeader('x-keep'),
          reply.hasHeader('x-drop'),
          reply.hasHeader('x-none'),
        ]
        reply.removeHeader('x-drop')
        return { before, after: reply.hasHeader('x-drop'), get: reply.getHeader('X-KEEP') }
      })
      const res = await send(app, { url: '/headers' })
      expect(res.json()).toEqual({ before: [true, true, false], after: false, get: 'k' })
      expect(res.headers['x-keep']).toBe('k')
      expect(res.headers['x-drop']).toBeUndefined()
    },
  )
})

describe('[api] stream payloads', () => {
  itBoth('[api] a stream payload is piped to the client', async ({ send }) => {
    const app = makeApp()
    app.get('/stream', async (_request: any, reply: any) => {
      reply.type('text/csv')
      return reply.send(Readable.from(['a,b\n', '1,2\n', '3,4\n']))
    })
    const res = await send(app, { url: '/stream' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv')
    expect(res.body).toBe('a,b\n1,2\n3,4\n')
  })

  itBoth('[api] a stream that fails before any data is a 500', async ({ send }) => {
    const app = makeApp()
    app.get('/broken', async (_request: any, reply: any) => {
      const stream = new Readable({
        read() {
          this.destroy(new Error('disk gone'))
        },
      })
      return reply.send(stream)
    })
    const res = await within(send(app, { url: '/broken' }), 3000, 'GET /broken')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
  })

  it('[api] a stream that fails after the headers ends the connection without a fake success', async () => {
    const app = makeApp()
    app.get('/half', async (_request: any, reply: any) => {
      let sent = false
      const stream = new Readable({
        read() {
          if (!sent) {
            sent = true
            this.push('partial')
            setTimeout(() => this.destroy(new Error('mid-stream')), 50)
          }
        },
      })
      return reply.send(stream)
    })
    const port = await portOf(app)
    const result = await rawExchange(port, [rawRequest('GET', '/half')], { waitMs: 3000 })
    expect(result.status).toBe(200)
    expect(result.closed).toBe(true)
    expect(rawHeaders(result.data)['transfer-encoding']).toBe('chunked')
    expect(result.data.endsWith('0\r\n\r\n')).toBe(false)
  })
})

describe('[api] addContentTypeParser', () => {
  itBoth("[api] addContentTypeParser('*', fn) is an explicit catch-all", async ({ send }) => {
    const app = makeApp()
    app.addContentTypeParser('*', { parseAs: 'string' }, async (request: any, body: string) => ({
      type: request.headers['content-type'],
      raw: body,
    }))
    app.post('/any', async (request: any) => request.body)
    const custom = await send(app, {
      method: 'POST',
      url: '/any',
      headers: { 'content-type': 'application/x-custom' },
      payload: 'a=1',
    })
    expect(custom.statusCode).toBe(200)
    expect(custom.json()).toEqual({ type: 'application/x-custom', raw: 'a=1' })
    const json = await send(app, { method: 'POST', url: '/any', payload: { still: 'json' } })
    expect(json.json()).toEqual({ still: 'json' })
  })

  itBoth(
    '[api] a parser registered for a type matches that exact essence only',
    async ({ send }) => {
      const app = makeApp()
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request: any, body: string) => Object.fromEntries(new URLSearchParams(body)),
      )
      app.post('/form', async (request: any) => request.body)
      const ok = await send(app, {
        method: 'POST',
        url: '/form',
        headers: { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=utf-8' },
        payload: 'a=1&b=2',
      })
      expect(ok.json()).toEqual({ a: '1', b: '2' })
      const near = await send(app, {
        method: 'POST',
        url: '/form',
        headers: { 'content-type': 'application/x-www-form-urlencodedx' },
        payload: 'a=1',
      })
      expect(near.statusCode).toBe(415)
    },
  )

  itBoth(
    '[api] a route with a body schema validates what a registered catch-all parser produced',
    async ({ send }) => {
      const app = makeApp()
      app.addContentTypeParser('*', { parseAs: 'string' }, async (_request: any, body: string) =>
        body === 'text' ? body : { raw: body },
      )
      app.post(
        '/typed',
        { schema: { body: { type: 'object', required: ['raw'] } } },
        async (request: any) => request.body,
      )
      const custom = (payload: string) => ({
        method: 'POST',
        url: '/typed',
        headers: { 'content-type': 'application/x-custom' },
        payload,
      })
      const res = await send(app, custom('{}'))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ raw: '{}' })
      const invalid = await send(app, custom('text'))
      expect(invalid.statusCode).toBe(400)
      expect(invalid.json()).toEqual(badRequest('body should be object'))
    },
  )

  it('[api] content-type parsers are encapsulated', async () => {
    const app = makeApp()
    app.register(async (child: any) => {
      child.addContentTypeParser(
        'application/x-child',
        { parseAs: 'string' },
        (_r: any, body: string) => ({ child: body }),
      )
      child.post('/in-child', async (request: any) => request.body)
    })
    app.post('/in-root', async (request: any) => request.body)
    const inChild = await app.inject({
      method: 'POST',
      url: '/in-child',
      headers: { 'content-type': 'application/x-child' },
      payload: 'c',
    })
    expect(inChild.json()).toEqual({ child: 'c' })
    const inRoot = await app.inject({
      method: 'POST',
      url: '/in-root',
      headers: { 'content-type': 'application/x-child' },
      payload: 'c',
    })
    expect(inRoot.statusCode).toBe(415)
  })
})

describe('[api] lifecycle extras', () => {
  itBoth('[api] a handler may return a value instead of calling reply.send', async ({ send }) => {
    const app = makeApp()
    app.get('/sync', () => ({ sync: true }))
    app.get('/promise', () => Promise.resolve({ promise: true }))
    expect((await send(app, { url: '/sync' })).json()).toEqual({ sync: true })
    expect((await send(app, { url: '/promise' })).json()).toEqual({ promise: true })
  })

  it('[api] adding a route after ready throws a clear error', async () => {
    const app = makeApp()
    await app.ready()
    expect(() => app.get('/late', async () => 'x')).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING' }),
    )
  })

  it('[api] raw socket responses carry a content-length for JSON bodies', async () => {
    const app = makeApp()
    app.get('/len', async () => ({ emoji: 'é✓' }))
    const port = await portOf(app)
    const result = await rawExchange(port, [rawRequest('GET', '/len', { Connection: 'close' })])
    const body = rawBody(result.data)
    expect(rawHeaders(result.data)['content-length']).toBe(
      String(Buffer.byteLength('{"emoji":"é✓"}')),
    )
    expect(Buffer.from(body, 'latin1').toString('utf8')).toBe('{"emoji":"é✓"}')
  })
})

describe('[api] lifecycle order and hooks', () => {
  itBoth('[api] hooks run in the documented order around the handler', async ({ send }) => {
    const app = makeApp()
    const events: string[] = []
    const names = [
      'onRequest',
      'preParsing',
      'preValidation',
      'preHandler',
      'preSerialization',
      'onSend',
    ]
    app.post('/life', { schema: { body: { type: 'object' } } }, async () => {
      events.push('handler')
      return { ok: true }
    })
    // Declared after the route on purpose: order of declaration within a context does not matter.
    for (const name of names) {
      const passesPayload =
        name === 'preParsing' || name === 'preSerialization' || name === 'onSend'
      app.addHook(
        name,
        passesPayload
          ? async (_request: any, _reply: any, payload: unknown) => {
              events.push(name)
              return payload
            }
          : async () => {
              events.push(name)
            },
      )
    }
    const responded = new Promise<void>((resolve) => {
      app.addHook('onResponse', async () => {
        events.push('onResponse')
        resolve()
      })
    })
    const res = await send(app, { method: 'POST', url: '/life', payload: { a: 1 } })
    await responded
    expect(res.json()).toEqual({ ok: true })
    expect(events).toEqual([
      'onRequest',
      'preParsing',
      'preValidation',
      'preHandler',
      'handler',
      'preSerialization',
      'onSend',
      'onResponse',
    ])
  })

  itBoth('[api] an error at any step runs onError, then the error handler', async ({ send }) => {
    const app = makeApp()
    const events: string[] = []
    app.addHook('onError', async (_request: any, _reply: any, error: Error) => {
      events.push(`onError:${error.message}`)
    })
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      events.push(`handler:${error.message}`)
      reply.code(503).send({ message: error.message })
    })
    app.get(
      '/hook-fails',
      { preHandler: async () => Promise.reject(new Error('in preHandler')) },
      async () => 'never',
    )
    const res = await send(app, { url: '/hook-fails' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ message: 'in preHandler' })
    expect(events).toEqual(['onError:in preHandler', 'handler:in preHandler'])
  })

  itBoth(
    '[api] onSend may replace the payload; preSerialization sees the object',
    async ({ send }) => {
      const app = makeApp()
      app.addHook('preSerialization', async (_request: any, _reply: any, payload: any) => ({
        ...payload,
        added: 1,
      }))
      app.addHook('onSend', async (_request: any, reply: any, payload: string) => {
        reply.header('x-length', String(payload.length))
        return payload.toUpperCase()
      })
      app.get('/transform', async () => ({ a: 'b' }))
      const res = await send(app, { url: '/transform' })
      expect(res.body).toBe('{"A":"B","ADDED":1}')
      expect(res.headers['x-length']).toBe(String('{"a":"b","added":1}'.length))
    },
  )

  itBoth('[api] request.routeOptions carries url, method and config', async ({ send }) => {
    const app = makeApp()
    app.get('/cfg/:id', { config: { rateLimit: 5 } }, async (request: any) => ({
      url: request.routeOptions.url,
      method: request.routeOptions.method,
      config: request.routeOptions.config,
      id: typeof request.id,
      hasLog: typeof request.log?.info === 'function',
    }))
    expect((await send(app, { url: '/cfg/1' })).json()).toEqual({
      url: '/cfg/:id',
      method: 'GET',
      // As Fastify 4.29: the route's config plus its url and method.
      config: { rateLimit: 5, url: '/cfg/:id', method: 'GET' },
      id: 'string',
      hasLog: true,
    })
  })

  it('[api] adding a hook, decorator or schema after ready throws a clear error', async () => {
    const app = makeApp()
    await app.ready()
    const late = [
      () => app.addHook('onRequest', async () => {}),
      () => app.addSchema({ $id: 'late', type: 'string' }),
    ]
    for (const call of late) {
      expect(call).toThrow(expect.objectContaining({ code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING' }))
    }
    // A decorator has Fastify's own error, naming it.
    expect(() => app.decorate('late', 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DEC_AFTER_START',
        message: "The decorator 'late' has been added after start!",
      }),
    )
  })

  it('[api] printRoutes lists the routes; instance.log exists', async () => {
    const app = makeApp()
    app.get('/alpha', async () => 'a')
    app.register(
      async (child: any) => {
        child.post('/beta', async () => 'b')
      },
      { prefix: '/v2' },
    )
    await app.ready()
    const tree = app.printRoutes()
    expect(typeof tree).toBe('string')
    expect(tree).toContain('alpha')
    expect(tree).toContain('beta')
    expect(typeof app.log.info).toBe('function')
  })
})
