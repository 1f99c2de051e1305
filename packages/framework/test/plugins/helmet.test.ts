import helmet4 from '@fastify/helmet'
import helmet5 from '@fastify/helmet-5'
import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/helmet 11 (the last Fastify-4 line) and 13 (the Fastify-5 line), used as their README
// shows: every case runs on both lines.

const defaultCsp =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
  "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
  "script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests"

/** The plugin's two release lines, and the HSTS max-age of each (helmet 8, under 12+, made it a year). */
const lines = [
  ['Fastify 4', helmet4, 'max-age=15552000; includeSubDomains'],
  ['Fastify 5', helmet5, 'max-age=31536000; includeSubDomains'],
] as const

describe.each(lines)('[plugins] @fastify/helmet (%s)', (_line, helmet, hsts) => {
  itBoth(
    'registered globally, every reply carries the default security headers',
    async ({ send }) => {
      const app = makeApp()
      await app.register(helmet)
      app.get('/', async () => ({ ok: true }))
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ ok: true })
      expect(response.headers).toMatchObject({
        'content-security-policy': defaultCsp,
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': hsts,
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      })
    },
  )

  itBoth('the headers are on 404 and error replies too', async ({ send }) => {
    const app = makeApp()
    await app.register(helmet)
    app.get('/fail', async () => {
      throw new Error('broken')
    })
    const missing = await send(app, { url: '/nowhere' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN')
    const failed = await send(app, { url: '/fail' })
    expect(failed.statusCode).toBe(500)
    expect(failed.headers['x-content-type-options']).toBe('nosniff')
  })

  itBoth('CSP directives and options of the underlying helmet are applied', async ({ send }) => {
    const app = makeApp()
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https://cdn.example'] },
      },
      frameguard: { action: 'deny' },
      hsts: false,
    })
    app.get('/', async () => 'page')
    const response = await send(app, { url: '/' })
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';img-src 'self' https://cdn.example",
    )
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  itBoth('a route with { helmet: false } gets none of the headers', async ({ send }) => {
    const app = makeApp()
    await app.register(helmet)
    app.get('/plain', { helmet: false }, async () => 'plain')
    app.get('/guarded', async () => 'guarded')
    const plain = await send(app, { url: '/plain' })
    expect(plain.statusCode).toBe(200)
    expect(plain.body).toBe('plain')
    expect(plain.headers['x-frame-options']).toBeUndefined()
    expect(plain.headers['content-security-policy']).toBeUndefined()
    const guarded = await send(app, { url: '/guarded' })
    expect(guarded.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  itBoth('a route overrides the options with its own helmet object', async ({ send }) => {
    const app = makeApp()
    await app.register(helmet)
    app.get('/embed', { helmet: { frameguard: false } }, async () => 'embeddable')
    const response = await send(app, { url: '/embed' })
    expect(response.headers['x-frame-options']).toBeUndefined()
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  itBoth(
    'global: false leaves routes alone; reply.helmet() applies it on demand',
    async ({ send }) => {
      const app = makeApp()
      await app.register(helmet, { global: false })
      app.get('/off', async () => 'off')
      app.get('/on', { helmet: { referrerPolicy: false } }, async () => 'on')
      app.get('/manual', async (_request: any, reply: any) => {
        await reply.helmet({ frameguard: { action: 'deny' } })
        return 'manual'
      })
      const off = await send(app, { url: '/off' })
      expect(off.headers['x-frame-options']).toBeUndefined()
      const on = await send(app, { url: '/on' })
      expect(on.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(on.headers['referrer-policy']).toBeUndefined()
      const manual = await send(app, { url: '/manual' })
      expect(manual.body).toBe('manual')
      expect(manual.headers['x-frame-options']).toBe('DENY')
    },
  )

  itBoth(
    'enableCSPNonces gives reply.cspNonce and puts the nonces in the CSP',
    async ({ send }) => {
      const app = makeApp()
      await app.register(helmet, { enableCSPNonces: true })
      app.get('/', async (_request: any, reply: any) => reply.cspNonce)
      const response = await send(app, { url: '/' })
      const { script, style } = response.json()
      expect(script).toMatch(/^[0-9a-f]{32}$/)
      expect(style).toMatch(/^[0-9a-f]{32}$/)
      const csp = response.headers['content-security-policy']
      expect(csp).toContain(`script-src 'self' 'nonce-${script}'`)
      expect(csp).toContain(`style-src 'self' https: 'unsafe-inline' 'nonce-${style}'`)
    },
  )
})
