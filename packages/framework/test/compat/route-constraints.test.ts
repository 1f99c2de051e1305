import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf, rawBody, rawExchange } from '../spec/helpers'

// Fastify 4's route constraints: version (Accept-Version, semver) and host.

describe('[compat] route constraints', () => {
  itBoth(
    'version: the Accept-Version header picks the route; none picks the unversioned one',
    async ({ send }) => {
      const app = makeApp()
      app.route({
        method: 'GET',
        url: '/',
        constraints: { version: '1.2.0' },
        handler: async () => 'v1.2',
      })
      app.route({
        method: 'GET',
        url: '/',
        constraints: { version: '2.0.0' },
        handler: async () => 'v2',
      })
      app.get('/', async () => 'plain')
      expect((await send(app, { url: '/', headers: { 'accept-version': '1.x' } })).body).toBe(
        'v1.2',
      )
      expect((await send(app, { url: '/', headers: { 'accept-version': '2.0.0' } })).body).toBe(
        'v2',
      )
      expect((await send(app, { url: '/' })).body).toBe('plain')
      expect((await send(app, { url: '/', headers: { 'accept-version': '3.x' } })).statusCode).toBe(
        404,
      )
    },
  )

  it('host: the Host header picks the route (string or RegExp), over inject and a raw socket', async () => {
    const app = makeApp()
    app.get('/', { constraints: { host: 'api.example.com' } }, async () => 'api')
    app.get('/', { constraints: { host: /^admin\./ } }, async () => 'admin')
    expect((await app.inject({ url: '/', headers: { host: 'api.example.com' } })).body).toBe('api')
    expect((await app.inject({ url: '/', headers: { host: 'admin.example.com' } })).body).toBe(
      'admin',
    )
    expect(
      (await app.inject({ url: '/', headers: { host: 'other.example.com' } })).statusCode,
    ).toBe(404)
    const port = await portOf(app)
    const raw = await rawExchange(port, [
      'GET / HTTP/1.1\r\nHost: admin.example.com\r\nConnection: close\r\n\r\n',
    ])
    expect(raw.status).toBe(200)
    expect(rawBody(raw.data)).toBe('admin')
  })

  itBoth(
    'the same path and version twice is a duplicate; a versioned route answers HEAD too',
    async ({ send }) => {
      const app = makeApp()
      app.get('/v', { constraints: { version: '1.0.0' } }, async () => 'one')
      expect(() =>
        app.get('/v', { constraints: { version: '1.0.0' } }, async () => 'again'),
      ).toThrow(expect.objectContaining({ code: 'FRM_ERR_DUPLICATED_ROUTE' }))
      const head = await send(app, {
        method: 'HEAD',
        url: '/v',
        headers: { 'accept-version': '1.0.0' },
      })
      expect([head.statusCode, head.headers['content-length']]).toEqual([200, '3'])
      expect(app.hasRoute({ url: '/v', method: 'GET', constraints: { version: '1.0.0' } })).toBe(
        true,
      )
      expect(app.hasRoute({ url: '/v', method: 'GET' })).toBe(false)
    },
  )
})
