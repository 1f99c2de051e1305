import { fp } from 'framework'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from './helpers'

// Specification 4.1: the programmatic operations.
describe('[4.1] register', () => {
  itBoth('[4.1] register takes an async function of the child instance', async ({ send }) => {
    const app = makeApp()
    app.register(
      async (child: any, opts: any) => {
        child.get('/async', async () => ({ opts }))
      },
      { answer: 42 },
    )
    expect((await send(app, { url: '/async' })).json()).toEqual({ opts: { answer: 42 } })
  })

  itBoth('[4.1] register takes a function of (instance, opts, done)', async ({ send }) => {
    const app = makeApp()
    app.register(
      (child: any, opts: any, done: (err?: Error) => void) => {
        child.get('/callback', async () => ({ opts }))
        setTimeout(done, 5)
      },
      { style: 'callback' },
    )
    expect((await send(app, { url: '/callback' })).json()).toEqual({ opts: { style: 'callback' } })
  })

  it('[4.1] register takes a plugin wrapped with framework-plugin', async () => {
    const app = makeApp()
    app.register(
      fp((instance: any, opts: any, done: () => void) => {
        instance.decorate('fromWrapped', opts.v)
        done()
      }),
      { v: 'visible' },
    )
    await app.ready()
    expect(app.fromWrapped).toBe('visible')
  })

  it('[4.1] register is awaitable and returns the instance', async () => {
    const app = makeApp()
    let loaded = false
    const returned = app.register(async () => {
      loaded = true
    })
    await returned
    expect(loaded).toBe(true)
    expect(typeof returned.register).toBe('function')
  })

  it('[4.1] a plugin that throws fails ready() with the very error it threw', async () => {
    const app = makeApp()
    const thrown = Object.assign(new Error('boom at load'), { code: 'E_BOOT' })
    app.register(async function brokenPlugin() {
      throw thrown
    })
    const error = await app.ready().catch((e: Error) => e)
    expect(error).toBe(thrown)
    expect((error as any).code).toBe('E_BOOT')
  })
})

describe('[4.1] decorateRequest and route', () => {
  itBoth('[4.1] decorateRequest(name, value) adds a request decorator', async ({ send }) => {
    const app = makeApp()
    app.decorateRequest('tenant', 'none')
    app.decorateRequest('shout', function (this: any) {
      return this.url.toUpperCase()
    })
    app.get('/dec', async (request: any) => ({ tenant: request.tenant, shout: request.shout() }))
    expect((await send(app, { url: '/dec' })).json()).toEqual({ tenant: 'none', shout: '/DEC' })
  })

  itBoth('[4.1] route(definition) adds a route', async ({ send }) => {
    const app = makeApp()
    app.route({
      method: ['GET', 'POST'],
      url: '/multi',
      handler: async (request: any) => request.method,
    })
    expect((await send(app, { url: '/multi' })).body).toBe('GET')
    expect((await send(app, { method: 'POST', url: '/multi' })).body).toBe('POST')
  })
})

describe('[4.1] listen', () => {
  it('[4.1] listen({ port }) resolves with the address and the server answers', async () => {
    const app = makeApp()
    app.get('/up', async () => ({ up: true }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(`${address}/up`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ up: true })
  })

  it('[4.1] listen accepts a callback(err)', async () => {
    const app = makeApp()
    app.get('/cb', async () => 'cb')
    const err = await new Promise((resolve) => app.listen({ port: 0, host: '127.0.0.1' }, resolve))
    expect(err).toBeNull()
    const port = (app.server.address() as { port: number }).port
    const res = await fetch(`http://127.0.0.1:${port}/cb`)
    expect(await res.text()).toBe('cb')
  })
})

describe('[4.1] schemas and compilers', () => {
  it('[4.1] addSchema, getSchemas and getSchema', async () => {
    const app = makeApp()
    const s = { $id: 'thing', type: 'object' }
    app.addSchema(s)
    expect(app.getSchema('thing')).toEqual(s)
    expect(app.getSchemas()).toEqual({ thing: s })
  })

  it('[4.1] setValidatorCompiler fn receives schema, method, url and httpPart', async () => {
    const app = makeApp()
    const seen: any[] = []
    app.setValidatorCompiler((input: any) => {
      seen.push({
        method: input.method,
        url: input.url,
        httpPart: input.httpPart,
        schema: input.schema,
      })
      return () => true
    })
    const body = { type: 'object', properties: { a: { type: 'string' } } }
    const params = { type: 'object', properties: { id: { type: 'string' } } }
    const querystring = { type: 'object', properties: { q: { type: 'string' } } }
    const headers = { type: 'object', properties: { 'x-a': { type: 'string' } } }
    app.post('/v/:id', { schema: { body, params, querystring, headers } }, async () => 'x')
    await app.ready()
    const byPart = Object.fromEntries(seen.map((s) => [s.httpPart, s]))
    expect(Object.keys(byPart).sort()).toEqual(['body', 'headers', 'params', 'querystring'])
    for (const part of ['body', 'params', 'querystring', 'headers']) {
      expect(byPart[part].method).toBe('POST')
      expect(byPart[part].url).toBe('/v/:id')
    }
    expect(byPart.body.schema).toMatchObject(body)
    expect(byPart.params.schema).toMatchObject(params)
    expect(byPart.querystring.schema).toMatchObject(querystring)
  })

  itBoth(
    '[4.1] setSerializerCompiler fn receives schema, method, url and httpStatus',
    async ({ send }) => {
      const app = makeApp()
      const seen: any[] = []
      app.setSerializerCompiler((input: any) => {
        seen.push({ method: input.method, url: input.url, httpStatus: String(input.httpStatus) })
        return (data: unknown) => `[${input.httpStatus}]${JSON.stringify(data)}`
      })
      const ok = { type: 'object', properties: { a: { type: 'string' } } }
      app.get('/s', { schema: { response: { 200: ok, '4xx': ok } } }, async () => ({ a: 'b' }))
      const res = await send(app, { url: '/s' })
      expect(res.body).toBe('[200]{"a":"b"}')
      // The automatic HEAD route compiles its own, as in Fastify.
      const order = (x: any) => `${x.method}${x.httpStatus}`
      expect(seen.sort((x, y) => order(x).localeCompare(order(y)))).toEqual([
        { method: 'GET', url: '/s', httpStatus: '200' },
        { method: 'GET', url: '/s', httpStatus: '4xx' },
        { method: 'HEAD', url: '/s', httpStatus: '200' },
        { method: 'HEAD', url: '/s', httpStatus: '4xx' },
      ])
    },
  )

  itBoth('[4.1] setErrorHandler(fn(error, request, reply)) handles errors', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((error: any, request: any, reply: any) => {
      reply.code(503).send({ handled: error.message, url: request.url })
    })
    app.get('/fail', async () => {
      throw new Error('down')
    })
    const res = await send(app, { url: '/fail' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ handled: 'down', url: '/fail' })
  })

  itBoth(
    '[4.1] setSchemaErrorFormatter(fn(errors, dataVar)) builds the message',
    async ({ send }) => {
      const app = makeApp()
      app.setSchemaErrorFormatter((errors: any[], dataVar: string) => {
        return new Error(`${dataVar} failed ${errors[0].keyword}`)
      })
      app.post('/fmt', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'x')
      const res = await send(app, { method: 'POST', url: '/fmt', payload: {} })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body failed required',
      })
    },
  )
})

describe('[4.1] reply', () => {
  itBoth('[4.1] reply.status and reply.code set the status code', async ({ send }) => {
    const app = makeApp()
    app.get('/status', async (_request: any, reply: any) => reply.status(201).send({ s: 1 }))
    app.get('/code', async (_request: any, reply: any) => reply.code(202).send({ c: 1 }))
    const a = await send(app, { url: '/status' })
    expect(a.statusCode).toBe(201)
    expect(a.json()).toEqual({ s: 1 })
    const b = await send(app, { url: '/code' })
    expect(b.statusCode).toBe(202)
    expect(b.json()).toEqual({ c: 1 })
  })

  itBoth('[4.1] reply.serializer(fn) is used for that reply only', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/ser',
      { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } },
      async (request: any, reply: any) => {
        if (request.query.custom) reply.serializer((data: any) => `a=${data.a};b=${data.b}`)
        return { a: 'x', b: 'y' }
      },
    )
    expect((await send(app, { url: '/ser?custom=1' })).body).toBe('a=x;b=y')
    expect((await send(app, { url: '/ser' })).body).toBe('{"a":"x"}')
  })

  it('[4.1] reply.code refuses a status outside 100-599', async () => {
    const app = makeApp()
    let thrown: any
    app.get('/bad-code', async (_request: any, reply: any) => {
      try {
        reply.code(99)
      } catch (error) {
        thrown = error
      }
      return 'ok'
    })
    await app.inject({ url: '/bad-code' })
    expect(thrown).toBeInstanceOf(Error)
    expect(thrown.code).toBe('FRM_ERR_BAD_STATUS_CODE')
  })
})

describe('[4.1] factory options', () => {
  itBoth(
    '[4.1] the factory option schemaErrorFormatter is used, with this = instance',
    async ({ send }) => {
      let self: any
      const app = makeApp({
        schemaErrorFormatter(this: any, errors: any[], dataVar: string) {
          self = this
          return new Error(`custom ${dataVar}: ${errors.length}`)
        },
      })
      app.decorate('marker', 'root-instance')
      app.get(
        '/f',
        { schema: { querystring: { type: 'object', required: ['x'] } } },
        async () => 'x',
      )
      const res = await send(app, { url: '/f' })
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'custom querystring: 1',
      })
      expect(self?.marker).toBe('root-instance')
    },
  )

  itBoth('[4.1] the factory option validator gives plugins and customOptions', async ({ send }) => {
    const keywordPlugin = (ajv: any, opts: any) => {
      ajv.addKeyword({
        keyword: 'isEven',
        type: 'number',
        validate: (_schema: boolean, data: number) => data % 2 === 0,
        error: { message: opts.message },
      })
      return ajv
    }
    const app = makeApp({
      validator: {
        plugins: [[keywordPlugin, { message: 'must be even' }]],
        customOptions: { coerceTypes: false },
      },
    })
    app.post(
      '/even',
      { schema: { body: { type: 'object', properties: { n: { type: 'number', isEven: true } } } } },
      async (request: any) => request.body,
    )
    expect((await send(app, { method: 'POST', url: '/even', payload: { n: 4 } })).json()).toEqual({
      n: 4,
    })
    const odd = await send(app, { method: 'POST', url: '/even', payload: { n: 3 } })
    expect(odd.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/n should be even',
    })
    const str = await send(app, { method: 'POST', url: '/even', payload: { n: '4' } })
    expect(str.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/n should be number',
    })
  })
})

describe('[4.1] plugin loading rules', () => {
  it('[4.1] a plugin slower than pluginTimeout fails ready() naming it', async () => {
    const app = makeApp({ pluginTimeout: 200 })
    app.register(function neverDone(_instance: any, _opts: any, _done: () => void) {})
    const error = await app.ready().then(
      () => null,
      (e: Error) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect((error as any).code).toBe('FRM_ERR_PLUGIN_TIMEOUT')
    expect(error!.message).toContain('neverDone')
  })

  it('[4.1] a plugin body runs, then the plugins it registered, before its next sibling', async () => {
    const app = makeApp()
    const order: string[] = []
    app.register(async (a: any) => {
      order.push('a')
      a.register(async () => {
        order.push('a.child')
      })
      order.push('a end')
    })
    app.register(async () => {
      order.push('b')
    })
    await app.ready()
    expect(order).toEqual(['a', 'a end', 'a.child', 'b'])
  })
})

describe('[4.1] instance lifecycle', () => {
  it('[4.1] after() resolves once the plugins registered so far have loaded', async () => {
    const app = makeApp()
    const order: string[] = []
    app.register(async () => {
      order.push('plugin')
    })
    await app.after()
    order.push('after')
    app.register(async () => {
      order.push('second')
    })
    await app.ready()
    expect(order).toEqual(['plugin', 'after', 'second'])
  })

  it('[4.1] close() runs onClose hooks, children before parents', async () => {
    const app = makeApp()
    const order: string[] = []
    app.addHook('onClose', async () => {
      order.push('root')
    })
    app.register(async (child: any) => {
      child.addHook('onClose', async () => {
        order.push('child')
      })
      child.register(async (grandchild: any) => {
        grandchild.addHook('onClose', async () => {
          order.push('grandchild')
        })
      })
    })
    await app.ready()
    await app.close()
    expect(order).toEqual(['grandchild', 'child', 'root'])
  })

  it('[4.1] onRoute sees every route; onReady runs once at ready', async () => {
    const app = makeApp()
    const routes: string[] = []
    let ready = 0
    app.addHook('onRoute', (route: any) => {
      routes.push(`${route.method} ${route.url}`)
    })
    app.addHook('onReady', async () => {
      ready++
    })
    app.get('/one', async () => '1')
    app.register(
      async (child: any) => {
        child.post('/two', async () => '2')
      },
      { prefix: '/p' },
    )
    await app.ready()
    await app.ready()
    // The automatic HEAD route of a GET route is a full route (API.md): onRoute sees it.
    expect(routes).toEqual(['GET /one', 'HEAD /one', 'POST /p/two'])
    expect(ready).toBe(1)
  })

  itBoth('[4.1] reply decorators and route hooks given as arrays', async ({ send }) => {
    const app = makeApp()
    app.decorateReply('ok', function (this: any, data: unknown) {
      return this.code(200).send({ data })
    })
    const seen: number[] = []
    app.get(
      '/arr',
      {
        onRequest: [
          async () => {
            seen.push(1)
          },
          async () => {
            seen.push(2)
          },
        ],
      },
      async (_request: any, reply: any) => reply.ok(seen.slice()),
    )
    expect((await send(app, { url: '/arr' })).json()).toEqual({ data: [1, 2] })
  })
})
