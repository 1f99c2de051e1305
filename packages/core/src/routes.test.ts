import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

describe('route declaration', () => {
  it('[2.3] declares with route({ method, url, handler }), path as an alias, method arrays', async () => {
    const { app } = createApp()
    app.route({ method: 'GET', url: '/a', handler: async () => 'a' })
    app.route({ method: 'post', path: '/b', handler: async () => 'b' })
    app.route({ method: ['PUT', 'PATCH'], url: '/c', handler: async (request) => request.method })
    expect((await app.inject('/a')).body).toBe('a')
    expect((await app.inject({ method: 'POST', url: '/b' })).body).toBe('b')
    expect((await app.inject({ method: 'PUT', url: '/c' })).body).toBe('PUT')
    expect((await app.inject({ method: 'PATCH', url: '/c' })).body).toBe('PATCH')
  })

  it('[2.3] offers the shorthands, with or without options, handler last or in the options', async () => {
    const { app } = createApp()
    const methods = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const
    for (const method of methods) {
      app[method](`/${method}`, async (_request, reply) => {
        reply.header('x-method', method)
        return method
      })
    }
    app.get('/with-options', { config: { a: 1 } }, async (request) => request.routeOptions.config)
    app.get('/handler-in-options', { handler: async () => 'inside' })
    for (const method of methods) {
      const response = await app.inject({ method: method.toUpperCase(), url: `/${method}` })
      expect(response.headers['x-method']).toBe(method)
    }
    expect((await app.inject('/with-options')).json()).toEqual({
      a: 1,
      url: '/with-options',
      method: 'GET',
    })
    expect((await app.inject('/handler-in-options')).body).toBe('inside')
  })

  it('all() declares every method the framework routes', async () => {
    const { app, transport } = createApp()
    app.all('/any', async (request) => request.method)
    await app.ready()
    expect(transport.table!.routes.map((route) => route.method)).toEqual([
      'GET',
      'HEAD',
      'TRACE',
      'DELETE',
      'OPTIONS',
      'PATCH',
      'PUT',
      'POST',
      'QUERY',
      'SEARCH',
      'PROPFIND',
      'PROPPATCH',
      'MKCOL',
      'COPY',
      'MOVE',
      'LOCK',
      'UNLOCK',
      'REPORT',
      'MKCALENDAR',
    ])
    expect((await app.inject({ method: 'SEARCH', url: '/any' })).body).toBe('SEARCH')
  })

  it('refuses a duplicate method + path at declaration', () => {
    const { app } = createApp()
    app.get('/users', async () => 'x')
    expect(() =>
      app.route({ method: ['POST', 'GET'], url: '/users', handler: async () => 'y' }),
    ).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DUPLICATED_ROUTE',
        message: "Method 'GET' already declared for route '/users'",
      }),
    )
    app.post('/users', async () => 'post is still free')
  })

  it('refuses a duplicate across contexts (same full path)', async () => {
    const { app } = createApp()
    app.get('/v1/x', async () => 'x')
    app.register(
      async (child) => {
        child.get('/x', async () => 'again')
      },
      { prefix: '/v1' },
    )
    await expect(app.ready()).rejects.toThrow("Method 'GET' already declared for route '/v1/x'")
  })

  it("refuses an empty path at the root (Fastify's error); inside a prefix it is the prefix", async () => {
    const { app, transport } = createApp()
    expect(() => app.get('', async () => 'x')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_PATH_EMPTY',
        message: 'The path could not be empty',
      }),
    )
    app.register(
      async (child: any) => {
        child.get('', async () => 'prefix')
      },
      { prefix: '/v1' },
    )
    await app.ready()
    expect(transport.table!.routes.map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /v1',
      'HEAD /v1',
    ])
  })

  it('the defaultRoute option reaches the table and getDefaultRoute; a non-function is refused', async () => {
    const fallback = () => {}
    const { app, transport } = createApp({ defaultRoute: fallback })
    expect(app.getDefaultRoute()).toBe(fallback)
    await app.ready()
    expect(transport.table!.defaultRoute).toBe(fallback)
    expect(() => createApp({ defaultRoute: 'no' as never })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE' }),
    )
  })

  it('refuses unknown methods, missing handlers, bad urls and bad options', () => {
    const { app } = createApp()
    expect(() => app.route({ method: 'FETCH', url: '/x', handler: async () => 1 })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_METHOD_NOT_SUPPORTED',
        message: 'FETCH method is not supported.',
      }),
    )
    expect(() => app.route({ method: 5, url: '/x', handler: async () => 1 } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_METHOD_INVALID',
        message: 'Provided method is invalid!',
      }),
    )
    expect(() => app.route({ method: 'GET', url: '/x' } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_MISSING_HANDLER',
        message: 'Missing handler function for "GET:/x" route.',
      }),
    )
    expect(() => app.route({ method: 'GET', url: 5, handler: async () => 1 } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_URL',
        message: "URL must be a string. Received 'number'",
      }),
    )
    expect(() => app.get('/x', { bodyLimit: -1 }, async () => 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT',
        message: "'bodyLimit' option must be an integer > 0. Got '-1'",
      }),
    )
    // As Fastify: the bodyLimit is checked before the url.
    expect(() =>
      app.route({ method: 'PUT', bodyLimit: false, handler: async () => 1 } as never),
    ).toThrow("'bodyLimit' option must be an integer > 0. Got 'false'")
    expect(() => app.get('/x', { errorHandler: 'no' as never }, async () => 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_HANDLER_NOT_FN',
        message: 'Error Handler for GET:/x route, if defined, must be a function',
      }),
    )
    expect(() => app.get('/x', { handler: async () => 1 }, async () => 2)).toThrow(
      'the handler is given twice',
    )
  })

  it('gives the handler this = its context, and request.routeOptions', async () => {
    const { app } = createApp()
    let self: unknown
    app.register(
      async (child) => {
        child.get('/:id', { config: { role: 'admin' } }, async function (request) {
          self = this
          const options = request.routeOptions
          return { ...options, config: options.config, handler: typeof options.handler }
        })
      },
      { prefix: '/users' },
    )
    const info = (await app.inject('/users/1')).json()
    expect(info).toEqual({
      url: '/users/:id',
      method: 'GET',
      config: { role: 'admin', url: '/users/:id', method: 'GET' },
      attachValidation: false,
      bodyLimit: 1048576,
      handlerTimeout: 0,
      logLevel: '',
      exposeHeadRoute: true,
      prefixTrailingSlash: 'both',
      handler: 'function',
    })
    expect((self as { prefix: string }).prefix).toBe('/users')
  })
})

describe('HEAD routes', () => {
  it('mounts HEAD for each GET route, sending headers (content-length included) and no body', async () => {
    const { app, transport } = createApp()
    app.get('/json', async () => ({ hello: 'world' }))
    const response = await app.inject({ method: 'HEAD', url: '/json' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('')
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['content-length']).toBe(String('{"hello":"world"}'.length))
    expect(transport.sent.at(-1)!.payload).toBe(null)
  })

  it("drains a Node stream unwritten and cancels a WHATWG one, logging their errors (Fastify's line)", async () => {
    const logged: Array<[string, unknown]> = []
    const noop = () => {}
    const logger: any = {
      info: noop,
      warn: noop,
      debug: noop,
      trace: noop,
      fatal: noop,
      error: (object: { err?: unknown }, message: string) => logged.push([message, object.err]),
      child: () => logger,
    }
    const { app, transport } = createApp({ logger })
    const streamError = new Error('Hello!')
    const cancelError = new Error('Cancel error!')
    const reasons: unknown[] = []
    let drained = false
    app.get('/node', () => {
      const stream = Readable.from(['Hello with error!'])
      stream.on('end', () => {
        drained = true
      })
      process.nextTick(() => stream.emit('error', streamError))
      return stream
    })
    app.get('/web', () => {
      return new ReadableStream({
        start(controller) {
          controller.enqueue('Hello from web stream!')
        },
        cancel(reason) {
          reasons.push(reason)
          throw cancelError
        },
      })
    })
    for (const url of ['/node', '/web']) {
      const response = await app.inject({ method: 'HEAD', url })
      expect([response.statusCode, response.body, response.headers['content-type']]).toEqual([
        200,
        '',
        undefined,
      ])
      expect(transport.sent.at(-1)!.payload).toBe(null)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(drained).toBe(true)
    expect(reasons).toEqual(['Stream cancelled by HEAD route'])
    // In whichever order the two failures came.
    expect(logged).toHaveLength(2)
    expect(logged).toEqual(
      expect.arrayContaining([
        ['Error on Stream found for HEAD route', streamError],
        ['Error on Stream found for HEAD route', cancelError],
      ]),
    )
  })

  it('keeps an explicitly declared HEAD route, whatever the declaration order', async () => {
    const { app } = createApp()
    app.get('/x', async () => 'get')
    app.head('/x', async (_request, reply) => {
      reply.header('x-explicit', '1').send()
    })
    const response = await app.inject({ method: 'HEAD', url: '/x' })
    expect(response.headers['x-explicit']).toBe('1')
  })

  it('refuses a HEAD route of the same shape under another path after the GET route (Fastify 4.29)', () => {
    const { app } = createApp()
    app.get('/users/:id', async () => 'get')
    expect(() => app.head('/users/:name', async () => 'head')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DUPLICATED_ROUTE',
        message: "Method 'HEAD' already declared for route '/users/:name'",
      }),
    )
    expect(() => app.get('/users/:name', async () => 'get')).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DUPLICATED_ROUTE' }),
    )
    app.head('/users/:id', async () => 'own head')
  })

  it('is turned off per route or per instance with exposeHeadRoutes: false', async () => {
    const { app } = createApp()
    app.get('/off', { exposeHeadRoutes: false }, async () => 'x')
    app.get('/on', async () => 'x')
    expect((await app.inject({ method: 'HEAD', url: '/off' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'HEAD', url: '/on' })).statusCode).toBe(200)
    const { app: other } = createApp({ exposeHeadRoutes: false })
    other.get('/x', async () => 'x')
    other.get('/y', { exposeHeadRoutes: true }, async () => 'y')
    expect((await other.inject({ method: 'HEAD', url: '/x' })).statusCode).toBe(404)
    expect((await other.inject({ method: 'HEAD', url: '/y' })).statusCode).toBe(200)
  })
})

describe('404', () => {
  it('answers the default body, path without the query string', async () => {
    const { app } = createApp()
    const response = await app.inject({ method: 'POST', url: '/missing/path?x=1' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route POST:/missing/path not found',
    })
  })

  it("runs the context's onRequest..preHandler hooks, and setNotFoundHandler's own", async () => {
    const { app } = createApp()
    const events: string[] = []
    app.addHook('onRequest', async () => void events.push('onRequest'))
    app.addHook('preHandler', async () => void events.push('preHandler'))
    app.setNotFoundHandler(
      { preHandler: async () => void events.push('route preHandler') },
      async (request, reply) => {
        events.push('handler')
        return reply.code(404).send(`no ${request.url}`)
      },
    )
    expect((await app.inject('/x')).body).toBe('no /x')
    expect(events).toEqual(['onRequest', 'preHandler', 'route preHandler', 'handler'])
  })

  it('uses the not-found handler of the longest matching prefix', async () => {
    const { app } = createApp()
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send('root'))
    app.register(
      async (api) => {
        api.setNotFoundHandler(async (_request, reply) => reply.code(404).send('api'))
      },
      { prefix: '/api' },
    )
    expect((await app.inject('/api/nope')).body).toBe('api')
    expect((await app.inject('/other')).body).toBe('root')
  })

  it('refuses a second not-found handler for the same prefix', async () => {
    const { app } = createApp()
    app.setNotFoundHandler(async () => 'a')
    expect(() => app.setNotFoundHandler(async () => 'b')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_NOT_FOUND_HANDLER_DUPLICATE',
        message: "Not found handler already set for Fastify instance with prefix: '/'",
      }),
    )
  })

  it('reply.callNotFound() hands the request to the not-found handler of its URL', async () => {
    const { app } = createApp()
    app.register(
      async (api) => {
        api.setNotFoundHandler(async (request, reply) =>
          reply.code(404).send(`api 404 for ${request.url}`),
        )
        api.get('/items/:id', async (request, reply) => {
          if ((request.params as { id: string }).id === '0') return reply.callNotFound()
          return 'item'
        })
      },
      { prefix: '/api' },
    )
    app.get('/plain', async (_request, reply) => reply.callNotFound())
    const api = await app.inject('/api/items/0')
    expect([api.statusCode, api.body]).toEqual([404, 'api 404 for /api/items/0'])
    expect((await app.inject('/plain')).json().message).toBe('Route GET:/plain not found')
  })
})
