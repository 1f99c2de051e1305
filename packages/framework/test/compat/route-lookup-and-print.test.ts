import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// findRoute (4.24), hasRoute with a concrete path, printRoutes in Fastify's format and options,
// listeningOrigin (4.18), Symbol.asyncDispose (4.24), setDefaultRoute / getDefaultRoute.

describe('[compat] findRoute and hasRoute', () => {
  it('findRoute answers the handler and params of a declared pattern, null otherwise', async () => {
    const app = makeApp()
    const handler = async () => 'artist'
    app.get('/artists/:artistId', handler)
    const found = app.findRoute({ method: 'GET', url: '/artists/:artistId' })
    expect(found).toEqual({ handler, params: { artistId: ':artistId' }, searchParams: {} })
    found.params.artistId = 'changed'
    expect(app.findRoute({ method: 'GET', url: '/artists/:artistId' }).params).toEqual({
      artistId: ':artistId',
    })
    expect(app.findRoute({ method: 'POST', url: '/artists/:artistId' })).toBeNull()
    expect(app.findRoute({ method: 'GET', url: '/books/:bookId' })).toBeNull()
    expect(found.store).toBeUndefined()
    // The same after ready, and from a plugin.
    await app.ready()
    expect(app.findRoute({ method: 'get', url: '/artists/7' }).params).toEqual({ artistId: '7' })
  })

  it('hasRoute matches a concrete path against a RegExp route, and constraints', () => {
    const app = makeApp()
    app.get('/example/:file(^\\d+).png', async () => 'x')
    app.route({
      method: 'GET',
      url: '/',
      constraints: { version: '1.2.0' },
      handler: async () => 'v',
    })
    expect(app.hasRoute({ method: 'GET', url: '/example/12345.png' })).toBe(true)
    expect(app.hasRoute({ method: 'GET', url: '/example/abc.png' })).toBe(false)
    expect(app.hasRoute({ method: 'GET', url: '/', constraints: { version: '1.2.0' } })).toBe(true)
    expect(app.hasRoute({ method: 'GET', url: '/', constraints: { version: '1.3.0' } })).toBe(false)
    expect(app.hasRoute({ method: 'GET' })).toBe(false)
  })
})

describe('[compat] printRoutes', () => {
  it("draws find-my-way's tree, one method with `method`", async () => {
    const app = makeApp({ exposeHeadRoutes: false })
    app.get('/test', async () => '')
    app.get('/test/hello', async () => '')
    app.get('/hello/world', async () => '')
    app.put('/test', async () => '')
    await app.ready()
    expect(app.printRoutes()).toBe(
      [
        '└── /',
        '    ├── test (GET, PUT)',
        '    │   └── /hello (GET)',
        '    └── hello/world (GET)',
        '',
      ].join('\n'),
    )
    expect(app.printRoutes({ method: 'PUT' })).toBe(['└── /', '    └── test (PUT)', ''].join('\n'))
  })

  it('commonPrefix: false draws whole paths; includeHooks and includeMeta show meta', async () => {
    const app = makeApp()
    app.addHook('onRequest', function checkAuth() {})
    app.addHook('onTimeout', function onTimeout() {})
    app.get('/hello', { logLevel: 'warn' }, async () => '')
    app.put('/hello', async () => '')
    app.get('/helicopter', async () => '')
    await app.ready()
    expect(app.printRoutes()).toBe(
      [
        '└── /',
        '    └── hel',
        '        ├── lo (GET, HEAD, PUT)',
        '        └── icopter (GET, HEAD)',
        '',
      ].join('\n'),
    )
    expect(app.printRoutes({ commonPrefix: false })).toBe(
      ['├── /hello (GET, HEAD, PUT)', '└── /helicopter (GET, HEAD)', ''].join('\n'),
    )
    const hooks = app.printRoutes({ commonPrefix: false, includeHooks: true })
    // The automatic HEAD route has one more onSend hook, so it is drawn apart (as Fastify draws it).
    expect(hooks.split('\n').slice(-8)).toEqual([
      '└── /helicopter (GET)',
      '    • (onTimeout) ["onTimeout()"]',
      '    • (onRequest) ["checkAuth()"]',
      '    /helicopter (HEAD)',
      '    • (onTimeout) ["onTimeout()"]',
      '    • (onRequest) ["checkAuth()"]',
      '    • (onSend) ["headRouteOnSendHandler()"]',
      '',
    ])
    expect(hooks).not.toContain('logLevel')
    const meta = app.printRoutes({ commonPrefix: false, includeMeta: ['logLevel', 'errorHandler'] })
    expect(meta).toContain('• (logLevel) "warn"')
    expect(meta).toContain('• (errorHandler) "defaultErrorHandler()"')
    expect(meta).not.toContain('onRequest')
  })
})

describe('[compat] listeningOrigin, asyncDispose and the default route', () => {
  it('listeningOrigin is the listening address', async () => {
    const app = makeApp()
    expect(app.listeningOrigin).toBeUndefined()
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    expect(app.listeningOrigin).toBe(address)
    expect(app.listeningOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('Symbol.asyncDispose closes the instance', async () => {
    const app = makeApp()
    let closed = false
    app.addHook('onClose', async () => {
      closed = true
    })
    await app.ready()
    await app[Symbol.asyncDispose]()
    expect(closed).toBe(true)
  })

  itBoth(
    'setDefaultRoute answers what matches no route; getDefaultRoute returns it',
    async ({ send }) => {
      const app = makeApp()
      app.get('/', async () => 'root')
      expect(() => app.setDefaultRoute('nope')).toThrow(
        expect.objectContaining({ code: 'FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE' }),
      )
      const fallback = app.getDefaultRoute()
      expect(typeof fallback).toBe('function')
      const custom = (_req: any, res: any) => {
        res.statusCode = 418
        res.end('teapot')
      }
      app.setDefaultRoute(custom)
      expect(app.getDefaultRoute()).toBe(custom)
      const missing = await send(app, { url: '/missing' })
      expect([missing.statusCode, missing.body]).toEqual([418, 'teapot'])
      expect((await send(app, { url: '/' })).body).toBe('root')
    },
  )

  itBoth('the default getDefaultRoute runs the 404 handling', async ({ send }) => {
    const app = makeApp()
    const fallback = app.getDefaultRoute()
    app.setDefaultRoute((req: any, res: any) => fallback(req, res))
    const missing = await send(app, { url: '/missing' })
    expect(missing.statusCode).toBe(404)
  })
})
