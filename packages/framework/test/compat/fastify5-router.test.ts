import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addressOf, itBoth, makeApp } from '../spec/helpers'

// Fastify 5's router surface: routerOptions' callbacks, the 414 of a too-long parameter, `;` as a
// delimiter only on request, QUERY and TRACE shorthands, addHttpMethod's checks.

describe('[compat] Fastify 5 routerOptions callbacks', () => {
  itBoth('defaultRoute answers every request no route matches', async ({ send }) => {
    const app = makeApp({
      routerOptions: {
        defaultRoute: (_raw: unknown, res: any) => {
          res.statusCode = 404
          res.end('default route')
        },
      },
    })
    app.get('/here', async () => 'here')
    const missing = await send(app, { url: '/elsewhere' })
    expect([missing.statusCode, missing.body]).toEqual([404, 'default route'])
    expect((await send(app, { url: '/here' })).body).toBe('here')
  })

  itBoth('onBadUrl answers a path with a malformed percent-escape', async ({ send }) => {
    const app = makeApp({
      routerOptions: {
        onBadUrl: (path: string, _raw: unknown, res: any) => {
          res.statusCode = 400
          res.end(`Bad URL: ${path}`)
        },
      },
    })
    app.get('/hello/:id', async () => 'hello')
    const bad = await send(app, { url: '/hello/%world' })
    expect([bad.statusCode, bad.body]).toEqual([400, 'Bad URL: /hello/%world'])
  })

  itBoth('onMaxParamLength answers a parameter over maxParamLength', async ({ send }) => {
    const app = makeApp({
      routerOptions: {
        maxParamLength: 10,
        onMaxParamLength: (path: string, _raw: unknown, res: any) => {
          res.statusCode = 414
          res.end(`URL: ${path}`)
        },
      },
    })
    app.get('/hello/:id', async () => 'hello')
    const long = await send(app, { url: '/hello/12345678901' })
    expect([long.statusCode, long.body]).toEqual([414, 'URL: /hello/12345678901'])
    expect((await send(app, { url: '/hello/1234567890' })).body).toBe('hello')
  })

  itBoth('the top-level forms still work (deprecated in Fastify 5)', async ({ send }) => {
    const app = makeApp({
      maxParamLength: 3,
      onMaxParamLength: (path: string, _raw: unknown, res: any) => {
        res.statusCode = 414
        res.end(`too long: ${path}`)
      },
    })
    app.get('/p/:id', async () => 'p')
    const long = await send(app, { url: '/p/1234' })
    expect([long.statusCode, long.body]).toEqual([414, 'too long: /p/1234'])
  })

  itBoth(
    'a too-long parameter answers 414 FRM_ERR_MAX_PARAM_LENGTH by default',
    async ({ send }) => {
      const app = makeApp({ maxParamLength: 10 })
      app.get('/test/:id', async () => ({ hello: 'world' }))
      expect((await send(app, { url: '/test/123456789' })).statusCode).toBe(200)
      const long = await send(app, { url: '/test/123456789abcd' })
      expect([long.statusCode, long.json()]).toEqual([
        414,
        {
          statusCode: 414,
          code: 'FRM_ERR_MAX_PARAM_LENGTH',
          error: 'URI Too Long',
          message: "'/test/123456789abcd' is exceeding the max param length",
        },
      ])
    },
  )

  itBoth(
    'frameworkErrors receives FRM_ERR_MAX_PARAM_LENGTH and FRM_ERR_ASYNC_CONSTRAINT',
    async ({ send }) => {
      const frameworkErrors = (error: any, _request: any, reply: any) => {
        reply.send(`${error.message} - ${error.code}`)
      }
      const long = makeApp({ maxParamLength: 1, frameworkErrors })
      long.get('/test/:id', async () => 'test')
      expect((await send(long, { url: '/test/123' })).body).toBe(
        "'/test/123' is exceeding the max param length - FRM_ERR_MAX_PARAM_LENGTH",
      )
      const app = makeApp({
        frameworkErrors,
        constraints: {
          secret: {
            name: 'secret',
            storage: () => {
              const stores = new Map<string, unknown>()
              return {
                get: (key: string) => stores.get(key) ?? null,
                set: (key: string, store: unknown) => stores.set(key, store),
              }
            },
            deriveConstraint: (_req: unknown, _ctx: unknown, done: (error: Error) => void) =>
              done(new Error('kaboom')),
            validate: () => true,
          },
        },
      })
      app.route({
        method: 'GET',
        url: '/',
        constraints: { secret: 'alpha' },
        handler: async () => 'alpha',
      })
      expect((await send(app, { url: '/' })).body).toBe(
        'Unexpected error from async constraint - FRM_ERR_ASYNC_CONSTRAINT',
      )
    },
  )

  it('buildPrettyMeta makes what printRoutes({ includeMeta: true }) shows', async () => {
    const app = makeApp({
      routerOptions: { buildPrettyMeta: (route: any) => ({ metaKey: route.path }) },
    })
    app.get('/test', async () => 'x')
    app.put('/update', async () => 'x')
    await app.ready()
    expect(app.printRoutes({ includeMeta: true })).toBe(
      [
        '└── /',
        '    ├── test (GET, HEAD)',
        '    │   • (metaKey) "/test"',
        '    └── update (PUT)',
        '        • (metaKey) "/update"',
        '',
      ].join('\n'),
    )
    expect(typeof app.initialConfig.routerOptions.buildPrettyMeta).toBe('function')
    expect(app.initialConfig.routerOptions).toMatchObject({
      ignoreTrailingSlash: false,
      maxParamLength: 100,
      useSemicolonDelimiter: false,
    })
  })

  it('printRoutes with includeHooks prints the automatic HEAD route apart, as Fastify', async () => {
    const app = makeApp()
    app.get('/hello', async () => 'x')
    app.put('/hello', async () => 'x')
    app.addHook('onRequest', async () => {})
    await app.ready()
    const expected = [
      '└── /hello (GET, PUT)',
      '    • (onRequest) ["anonymous()"]',
      '    • (errorHandler) "defaultErrorHandler()"',
      '    /hello (HEAD)',
      '    • (onRequest) ["anonymous()"]',
      '    • (onSend) ["headRouteOnSendHandler()"]',
      '    • (errorHandler) "defaultErrorHandler()"',
      '',
    ].join('\n')
    expect(
      app.printRoutes({ commonPrefix: false, includeHooks: true, includeMeta: ['errorHandler'] }),
    ).toBe(expected)
  })

  it('leaves the given routerOptions object as it was', () => {
    const routerOptions = { maxParamLength: 2048 }
    makeApp({ routerOptions })
    makeApp({ routerOptions })
    expect(routerOptions).toEqual({ maxParamLength: 2048 })
  })
})

describe('[compat] Fastify 5: `;` is not a path delimiter unless asked', () => {
  itBoth('by default `/test;foo=bar` is its own path (404)', async ({ send }) => {
    const app = makeApp()
    app.get('/test', async (request: any) => request.query)
    app.get('/test;foo=bar', async () => 'the whole path')
    expect((await send(app, { url: '/test;foo=bar' })).body).toBe('the whole path')
    const other = await send(app, { url: '/test;x=1' })
    expect([other.statusCode, other.json().message]).toEqual([404, 'Route GET:/test;x=1 not found'])
    expect(app.initialConfig.useSemicolonDelimiter).toBe(false)
  })

  itBoth(
    'with routerOptions.useSemicolonDelimiter `;` ends the path as `?` does',
    async ({ send }) => {
      const app = makeApp({ routerOptions: { useSemicolonDelimiter: true } })
      app.get('/test', async (request: any) => request.query)
      expect((await send(app, { url: '/test;foo=bar&baz=faz' })).json()).toEqual({
        foo: 'bar',
        baz: 'faz',
      })
      expect((await send(app, { url: '/test?foo=bar' })).json()).toEqual({ foo: 'bar' })
    },
  )
})

describe('[compat] Fastify 5 QUERY (RFC 10008) and TRACE', () => {
  itBoth('app.query routes QUERY, whose JSON body is parsed', async ({ send }) => {
    const app = makeApp()
    app.query('/search', async (request: any) => ({ got: request.body }))
    const response = await send(app, {
      method: 'QUERY',
      url: '/search',
      payload: { hello: 'world' },
    })
    expect([response.statusCode, response.json()]).toEqual([200, { got: { hello: 'world' } }])
  })

  itBoth('a QUERY request without a Content-Type or without a body is a 400', async ({ send }) => {
    const app = makeApp()
    app.route({ method: 'QUERY', url: '/q', handler: async (request: any) => request.body })
    const untyped = await send(app, { method: 'QUERY', url: '/q', payload: '{"a":1}' })
    expect([untyped.statusCode, untyped.json()]).toEqual([
      400,
      {
        statusCode: 400,
        code: 'FRM_ERR_ROUTE_MISSING_CONTENT_TYPE',
        error: 'Bad Request',
        message: "Method 'QUERY' must provide a 'Content-Type' header.",
      },
    ])
    const empty = await send(app, {
      method: 'QUERY',
      url: '/q',
      headers: { 'content-type': 'application/json' },
    })
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      {
        statusCode: 400,
        code: 'FRM_ERR_ROUTE_MISSING_CONTENT',
        error: 'Bad Request',
        message: "Method 'QUERY' must provide a request body.",
      },
    ])
  })

  // fetch refuses to send TRACE: the socket request goes through node:http.
  it('app.trace routes TRACE, which cannot declare a body schema', async () => {
    const app = makeApp()
    app.trace('/t', async (request: any) => request.method)
    expect(() =>
      app.trace('/b', { schema: { body: { type: 'object' } } }, async () => 'x'),
    ).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED',
        message: 'Body validation schema for TRACE:/b route is not supported!',
      }),
    )
    expect((await app.inject({ method: 'TRACE', url: '/t' })).body).toBe('TRACE')
    const address = new URL(await addressOf(app))
    const body = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        { host: address.hostname, port: address.port, method: 'TRACE', path: '/t' },
        (response) => {
          let text = ''
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () => resolve(`${response.statusCode} ${text}`))
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(body).toBe('200 TRACE')
  })
})

describe('[compat] Fastify 5 addHttpMethod checks', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('adds only a method Node parses; a route of a method not added is refused', () => {
    const app = makeApp()
    expect(() => app.addHttpMethod('FOOO')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_METHOD_INVALID',
        message: 'Provided method is invalid!',
      }),
    )
    expect(() => app.route({ method: 'REBIND', url: '/', handler: async () => 'x' })).toThrow(
      'REBIND method is not supported.',
    )
    app.addHttpMethod('REBIND')
    expect(app.supportedMethods).toContain('REBIND')
    expect(() =>
      app.rebind('/', { schema: { body: { type: 'object' } } }, async () => 'x'),
    ).toThrow('Body validation schema for REBIND:/ route is not supported!')
  })

  // inject only: the socket helper sends no body with a GET.
  it('overrideExisting changes a method quietly: GET may then read a body', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const app = makeApp()
    app.addHttpMethod('GET', { hasBody: true, overrideExisting: true })
    app.route({
      method: 'GET',
      url: '/',
      exposeHeadRoute: false,
      schema: { body: { type: 'object' } },
      handler: async (request: any) => request.body,
    })
    const response = await app.inject({ method: 'GET', url: '/', payload: { a: 1 } })
    expect([response.statusCode, response.json()]).toEqual([200, { a: 1 }])
    expect(warn).not.toHaveBeenCalled()
  })

  it('adding a supported method again without overrideExisting warns (FSTDEP025)', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    makeApp().addHttpMethod('PATCH', { hasBody: true })
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("addHttpMethod('PATCH')"),
      expect.objectContaining({ type: 'FastifyDeprecation', code: 'FSTDEP025' }),
    )
  })
})
