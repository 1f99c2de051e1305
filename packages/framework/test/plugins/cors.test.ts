import cors4 from '@fastify/cors'
import cors5 from '@fastify/cors-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/cors 9 (the last Fastify-4 line) and 11.4 (the Fastify-5 line), used as their README
// shows: every case runs on both lines.

/**
 * The plugin's two release lines, and the methods each allows by default: cors 10 narrowed them to
 * the CORS-safelisted ones.
 */
const lines = [
  ['Fastify 4', { cors: cors4, defaultMethods: 'GET,HEAD,PUT,PATCH,POST,DELETE' }],
  ['Fastify 5', { cors: cors5, defaultMethods: 'GET,HEAD,POST' }],
] as const

const preflight = (origin: string, extra: Record<string, string> = {}) => ({
  method: 'OPTIONS',
  url: '/items',
  headers: { origin, 'access-control-request-method': 'PUT', ...extra },
})

describe.each(lines)('[plugins] @fastify/cors (%s)', (_line, { cors, defaultMethods }) => {
  itBoth('a GET gets access-control-allow-origin: * by default', async ({ send }) => {
    const app = makeApp()
    await app.register(cors)
    app.get('/items', async () => ({ items: [] }))
    const response = await send(app, { url: '/items', headers: { origin: 'https://a.example' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.json()).toEqual({ items: [] })
  })

  itBoth(
    'a preflight answers 204 with the allowed origin, methods and headers',
    async ({ send }) => {
      const app = makeApp()
      await app.register(cors, {
        origin: 'https://a.example',
        methods: ['GET', 'PUT'],
        allowedHeaders: ['Content-Type', 'Authorization'],
        maxAge: 600,
        credentials: true,
      })
      app.put('/items', async () => 'stored')
      const response = await send(app, preflight('https://a.example'))
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
      expect(response.headers['access-control-allow-origin']).toBe('https://a.example')
      expect(response.headers['access-control-allow-methods']).toBe('GET, PUT')
      expect(response.headers['access-control-allow-headers']).toBe('Content-Type, Authorization')
      expect(response.headers['access-control-allow-credentials']).toBe('true')
      expect(response.headers['access-control-max-age']).toBe('600')
      expect(response.headers['content-length']).toBe('0')
    },
  )

  itBoth('without allowedHeaders a preflight reflects the requested headers', async ({ send }) => {
    const app = makeApp()
    await app.register(cors)
    app.put('/items', async () => 'stored')
    const response = await send(
      app,
      preflight('https://a.example', { 'access-control-request-headers': 'x-token' }),
    )
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-methods']).toBe(defaultMethods)
    expect(response.headers['access-control-allow-headers']).toBe('x-token')
    expect(response.headers.vary).toBe('Access-Control-Request-Headers')
  })

  itBoth('a preflight without access-control-request-method is a 400', async ({ send }) => {
    const app = makeApp()
    await app.register(cors)
    app.put('/items', async () => 'stored')
    const response = await send(app, {
      method: 'OPTIONS',
      url: '/items',
      headers: { origin: 'https://a.example' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toBe('Invalid Preflight Request')
  })

  itBoth(
    'origin as an array or a regex: allowed origins are echoed, others get none',
    async ({ send }) => {
      const app = makeApp()
      await app.register(cors, { origin: ['https://a.example', /\.trusted\.example$/] })
      app.get('/items', async () => 'ok')
      const listed = await send(app, { url: '/items', headers: { origin: 'https://a.example' } })
      expect(listed.headers['access-control-allow-origin']).toBe('https://a.example')
      expect(listed.headers.vary).toBe('Origin')
      const matched = await send(app, {
        url: '/items',
        headers: { origin: 'https://x.trusted.example' },
      })
      expect(matched.headers['access-control-allow-origin']).toBe('https://x.trusted.example')
      const other = await send(app, { url: '/items', headers: { origin: 'https://evil.example' } })
      expect(other.statusCode).toBe(200)
      expect(other.headers['access-control-allow-origin']).toBeUndefined()
    },
  )

  itBoth('origin as an async function decides per request', async ({ send }) => {
    const app = makeApp()
    await app.register(cors, {
      origin: async (origin: string | undefined) => origin === 'https://app.example',
    })
    app.get('/items', async () => 'ok')
    const allowed = await send(app, { url: '/items', headers: { origin: 'https://app.example' } })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example')
    const refused = await send(app, { url: '/items', headers: { origin: 'https://b.example' } })
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
  })

  itBoth('origin as a callback function that fails answers the error', async ({ send }) => {
    const app = makeApp()
    await app.register(cors, {
      origin: (_origin: string, callback: (error: Error | null, allow?: boolean) => void) => {
        callback(new Error('origin check failed'), false)
      },
    })
    app.get('/items', async () => 'ok')
    const response = await send(app, { url: '/items', headers: { origin: 'https://a.example' } })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'origin check failed',
    })
  })

  itBoth('the delegator form sets options per request', async ({ send }) => {
    const app = makeApp()
    await app.register(cors, () => (request: any, callback: any) => {
      const admin = request.url.startsWith('/admin')
      callback(null, { origin: admin ? false : '*', exposedHeaders: ['x-total'] })
    })
    app.get('/public', async () => 'ok')
    app.get('/admin', async () => 'ok')
    const open = await send(app, { url: '/public', headers: { origin: 'https://a.example' } })
    expect(open.headers['access-control-allow-origin']).toBe('*')
    expect(open.headers['access-control-expose-headers']).toBe('x-total')
    const closed = await send(app, { url: '/admin', headers: { origin: 'https://a.example' } })
    expect(closed.headers['access-control-allow-origin']).toBeUndefined()
  })

  itBoth(
    'a route without a matching preflight route still answers OPTIONS through the hook',
    async ({ send }) => {
      const app = makeApp()
      await app.register(cors, { origin: true })
      app.register(
        async (api: any) => {
          api.delete('/items/:id', async () => 'gone')
        },
        { prefix: '/api' },
      )
      const response = await send(app, {
        method: 'OPTIONS',
        url: '/api/items/7',
        headers: { origin: 'https://a.example', 'access-control-request-method': 'DELETE' },
      })
      expect(response.statusCode).toBe(204)
      expect(response.headers['access-control-allow-origin']).toBe('https://a.example')
    },
  )

  it('onRoute sees the hidden catch-all OPTIONS route the plugin adds', async () => {
    const app = makeApp()
    const seen: Array<{ url: string; hide: unknown }> = []
    app.addHook('onRoute', (route: any) => {
      if (route.method === 'OPTIONS') seen.push({ url: route.url, hide: route.schema?.hide })
    })
    await app.register(cors)
    await app.ready()
    expect(seen).toEqual([{ url: '*', hide: true }])
  })

  itBoth('hook: preHandler with the delegator object form (cors 11 README)', async ({ send }) => {
    const app = makeApp()
    await app.register(cors, {
      hook: 'preHandler',
      delegator: (request: any, callback: any) => {
        callback(null, {
          origin: request.headers.origin !== 'https://denied.example',
        })
      },
    })
    app.register(async (child: any) => {
      child.get('/', async () => ({ hello: 'world' }))
    })
    const allowed = await send(app, { url: '/', headers: { origin: 'https://a.example' } })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toEqual({ hello: 'world' })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://a.example')
    const denied = await send(app, { url: '/', headers: { origin: 'https://denied.example' } })
    expect(denied.statusCode).toBe(200)
    expect(denied.headers['access-control-allow-origin']).toBeUndefined()
  })

  itBoth(
    'strictPreflight: false answers a preflight without an Origin; the default refuses it',
    async ({ send }) => {
      const preflightWithoutOrigin = {
        method: 'OPTIONS',
        url: '/items',
        headers: { 'access-control-request-method': 'GET' },
      }
      const strict = makeApp()
      await strict.register(cors)
      strict.get('/items', async () => 'ok')
      const refused = await send(strict, preflightWithoutOrigin)
      expect(refused.statusCode).toBe(400)
      expect(refused.body).toBe('Invalid Preflight Request')
      const lenient = makeApp()
      await lenient.register(cors, { strictPreflight: false })
      lenient.get('/items', async () => 'ok')
      const answered = await send(lenient, preflightWithoutOrigin)
      expect(answered.statusCode).toBe(204)
      expect(answered.headers['access-control-allow-origin']).toBe('*')
    },
  )
})
