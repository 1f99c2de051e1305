import cookie4 from '@fastify/cookie'
import cookie5 from '@fastify/cookie-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/cookie 9 (the last Fastify-4 line) and 11.1 (the Fastify-5 line), used as their README
// shows: every case runs on both lines.

/**
 * The plugin's two release lines, with what they write differently: cookie 11 adds SameSite=Lax by
 * default, and clears a cookie with Max-Age=0 as well as Expires.
 */
const lines = [
  [
    'Fastify 4',
    {
      cookie: cookie4,
      lang: 'lang=en',
      cleared: 'old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    },
  ],
  [
    'Fastify 5',
    {
      cookie: cookie5,
      lang: 'lang=en; SameSite=Lax',
      cleared: 'old=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    },
  ],
] as const

describe.each(lines)('[plugins] @fastify/cookie (%s)', (_line, { cookie, lang, cleared }) => {
  itBoth('request.cookies holds the parsed Cookie header', async ({ send }) => {
    const app = makeApp()
    await app.register(cookie)
    app.get('/', async (request: any) => request.cookies)
    const response = await send(app, { url: '/', headers: { cookie: 'a=1; theme=dark%20blue' } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ a: '1', theme: 'dark blue' })
  })

  itBoth(
    'reply.setCookie and clearCookie write Set-Cookie headers',
    async ({ send, transport }) => {
      const app = makeApp()
      await app.register(cookie)
      app.get('/', async (_request: any, reply: any) => {
        reply
          .setCookie('session', 'abc', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 })
          .setCookie('lang', 'en')
          .clearCookie('old', { path: '/' })
        return 'set'
      })
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('set')
      // fetch's Headers hands each Set-Cookie apart; the socket helper keeps the last one.
      expect(response.headers['set-cookie']).toBe(
        transport === 'inject'
          ? ['session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax', lang, cleared].join(', ')
          : cleared,
      )
    },
  )

  itBoth('signed cookies: set signed, read back with request.unsignCookie', async ({ send }) => {
    const app = makeApp()
    await app.register(cookie, { secret: 'a-secret-with-enough-length' })
    app.get('/set', async (_request: any, reply: any) => {
      reply.setCookie('user', 'ada', { signed: true })
      return 'ok'
    })
    app.get('/read', async (request: any) => request.unsignCookie(request.cookies.user))
    const set = await send(app, { url: '/set' })
    const signed = /^user=([^;]+)/.exec(set.headers['set-cookie'] ?? '')![1]!
    expect(decodeURIComponent(signed)).toBe(app.signCookie('ada'))
    const read = await send(app, { url: '/read', headers: { cookie: `user=${signed}` } })
    expect(read.json()).toEqual({ valid: true, renew: false, value: 'ada' })
    const forged = await send(app, { url: '/read', headers: { cookie: 'user=ada.forged' } })
    expect(forged.json()).toEqual({ valid: false, renew: false, value: null })
  })

  itBoth(
    'cookies are parsed before an onRequest hook registered after the plugin',
    async ({ send }) => {
      const app = makeApp()
      await app.register(cookie)
      app.addHook('onRequest', async (request: any, reply: any) => {
        if (request.cookies.token !== 'ok') return reply.code(401).send({ denied: true })
      })
      app.get('/', async () => 'in')
      const denied = await send(app, { url: '/' })
      expect(denied.statusCode).toBe(401)
      expect(denied.json()).toEqual({ denied: true })
      const allowed = await send(app, { url: '/', headers: { cookie: 'token=ok' } })
      expect(allowed.body).toBe('in')
    },
  )

  it('app.parseCookie, app.serializeCookie, app.signCookie and app.unsignCookie', async () => {
    const app = makeApp()
    await app.register(cookie, { secret: 'another-secret' })
    expect(app.parseCookie('x=1; y=two')).toEqual({ x: '1', y: 'two' })
    expect(app.serializeCookie('x', 'a b', { path: '/p' })).toBe('x=a%20b; Path=/p')
    expect(app.unsignCookie(app.signCookie('v'))).toEqual({ valid: true, renew: false, value: 'v' })
  })
})
