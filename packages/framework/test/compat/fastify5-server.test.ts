import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 5's addHttpMethod: another method routes may declare, with or without a body, and a
// lower-case shorthand; supportedMethods lists it.

describe('[compat] Fastify 5 addHttpMethod', () => {
  itBoth('a method with a body: its route reads and parses the body', async ({ send }) => {
    const app = makeApp()
    app.addHttpMethod('PROPFIND', { hasBody: true })
    app.propfind('/files/:dir', async (request: any) => ({
      dir: request.params.dir,
      depth: request.body.depth,
    }))
    const response = await send(app, {
      method: 'PROPFIND',
      url: '/files/docs',
      payload: { depth: 1 },
    })
    expect([response.statusCode, response.json()]).toEqual([200, { dir: 'docs', depth: 1 }])
  })

  itBoth(
    'a method without a body, declared through route(); all() includes it',
    async ({ send }) => {
      const app = makeApp()
      app.addHttpMethod('MKCOL')
      expect(app.supportedMethods).toContain('MKCOL')
      app.route({
        method: 'MKCOL',
        url: '/col',
        handler: async (request: any) => request.body ?? 'none',
      })
      app.all('/any', async (request: any) => request.method)
      expect((await send(app, { method: 'MKCOL', url: '/col' })).body).toBe('none')
      const any = await send(app, { method: 'MKCOL', url: '/any' })
      expect([any.statusCode, any.body]).toEqual([200, 'MKCOL'])
      expect((await send(app, { method: 'GET', url: '/any' })).body).toBe('GET')
    },
  )

  it('a method not added is refused when a route declares it (WebDAV ones are routable, as in 4.29)', () => {
    const app = makeApp()
    expect(() => app.route({ method: 'PURGE', url: '/x', handler: async () => 'x' })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_METHOD_NOT_SUPPORTED',
        message: 'PURGE method is not supported.',
      }),
    )
    expect(app.supportedMethods).not.toContain('PURGE')
    // Fastify 5's list; 4.29's WebDAV and SEARCH methods are routable without being listed.
    expect(app.supportedMethods).toEqual([
      'GET',
      'HEAD',
      'TRACE',
      'DELETE',
      'OPTIONS',
      'PATCH',
      'PUT',
      'POST',
      'QUERY',
    ])
    app.route({ method: 'PROPFIND', url: '/x', handler: async () => 'x' })
  })

  it('refuses a name that is not an upper-case method token, and after ready', async () => {
    const app = makeApp()
    expect(() => app.addHttpMethod('propfind')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_METHOD_INVALID',
        message: 'Provided method is invalid!',
      }),
    )
    expect(() => app.addHttpMethod(42 as never)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_ROUTE_METHOD_INVALID' }),
    )
    await app.ready()
    expect(() => app.addHttpMethod('LOCK')).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING' }),
    )
  })

  it('keeps an existing member: the shorthand is added only when the name is free', () => {
    const app = makeApp()
    app.addHttpMethod('OPTIONS', { hasBody: true })
    expect(typeof app.options).toBe('function')
    expect(app.supportedMethods.filter((method: string) => method === 'OPTIONS')).toHaveLength(1)
  })
})

// Fastify 5's routerOptions: the router settings grouped in one object, each read as the top-level
// option of that name and winning over it.
describe('[compat] Fastify 5 routerOptions', () => {
  itBoth(
    'ignoreTrailingSlash, caseSensitive and maxParamLength from routerOptions',
    async ({ send }) => {
      const app = makeApp({
        caseSensitive: true,
        routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 5 },
      })
      app.get('/Users/:id', async (request: any) => ({ id: request.params.id }))
      expect((await send(app, { url: '/users/12/' })).json()).toEqual({ id: '12' })
      expect((await send(app, { url: '/USERS/12' })).json()).toEqual({ id: '12' })
      const long = await send(app, { url: '/users/123456' })
      expect([long.statusCode, long.json()]).toEqual([
        414,
        {
          statusCode: 414,
          code: 'FRM_ERR_MAX_PARAM_LENGTH',
          error: 'URI Too Long',
          message: "'/users/123456' is exceeding the max param length",
        },
      ])
      expect(app.initialConfig).toMatchObject({
        ignoreTrailingSlash: true,
        caseSensitive: false,
        maxParamLength: 5,
      })
    },
  )

  itBoth('querystringParser from routerOptions', async ({ send }) => {
    const app = makeApp({
      routerOptions: {
        querystringParser: (text: string) => ({ raw: text, upper: text.toUpperCase() }),
      },
    })
    app.get('/q', async (request: any) => request.query)
    expect((await send(app, { url: '/q?a=1' })).json()).toEqual({ raw: 'a=1', upper: 'A=1' })
  })

  it('checks what routerOptions holds as the top-level options are checked', () => {
    expect(() => makeApp({ routerOptions: 'yes' })).toThrow(
      "Option 'routerOptions' is not valid: expected an object of router options, received string",
    )
    expect(() => makeApp({ routerOptions: { maxParamLength: -1 } })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
    expect(() => makeApp({ routerOptions: { defaultRoute: 'no' } })).toThrow(
      "Option 'defaultRoute' is not valid: expected a function, received string",
    )
    expect(() => makeApp({ routerOptions: { buildPrettyMeta: {} } })).toThrow(
      "Option 'buildPrettyMeta' is not valid: expected a function, received object",
    )
    expect(() => makeApp({ routerOptions: { onBadUrl: 1 } })).toThrow(
      "Option 'onBadUrl' is not valid: expected a function, received number",
    )
  })
})
