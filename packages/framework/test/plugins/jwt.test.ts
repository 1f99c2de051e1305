import cookie4 from '@fastify/cookie'
import cookie5 from '@fastify/cookie-5'
import jwt4 from '@fastify/jwt'
import jwt5 from '@fastify/jwt-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/jwt 8 (the last Fastify-4 line) and 10.2 (the Fastify-5 line), each with the cookie
// plugin of its line, used as their README shows: every case runs on both lines.

const lines = [
  ['Fastify 4', { jwt: jwt4, cookie: cookie4 }],
  ['Fastify 5', { jwt: jwt5, cookie: cookie5 }],
] as const

describe.each(lines)('[plugins] @fastify/jwt (%s)', (_line, { jwt, cookie }) => {
  async function jwtApp(options: Record<string, unknown> = {}) {
    const app = makeApp()
    await app.register(jwt, { secret: 'a-long-enough-test-secret', ...options })
    app.addHook('onRequest', async (request: any, reply: any) => {
      if (request.url === '/login') return
      try {
        await request.jwtVerify()
      } catch (error) {
        reply.send(error)
      }
    })
    app.post('/login', async (request: any, reply: any) => {
      const token = await reply.jwtSign({ sub: request.body.user }, { expiresIn: '1h' })
      return { token }
    })
    app.get('/me', async (request: any) => ({ sub: request.user.sub }))
    return app
  }

  itBoth('reply.jwtSign issues a token that request.jwtVerify accepts', async ({ send }) => {
    const app = await jwtApp()
    const login = await send(app, { method: 'POST', url: '/login', payload: { user: 'ada' } })
    expect(login.statusCode).toBe(200)
    const { token } = login.json()
    expect(app.jwt.decode(token)).toMatchObject({ sub: 'ada' })
    const me = await send(app, { url: '/me', headers: { authorization: `Bearer ${token}` } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({ sub: 'ada' })
  })

  itBoth('no Authorization header: 401 with the plugin body', async ({ send }) => {
    const app = await jwtApp()
    const response = await send(app, { url: '/me' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'FST_JWT_NO_AUTHORIZATION_IN_HEADER',
      error: 'Unauthorized',
      message: 'No Authorization was found in request.headers',
    })
  })

  itBoth('a token signed with another secret: 401 invalid signature', async ({ send }) => {
    const app = await jwtApp()
    const other = makeApp()
    await other.register(jwt, { secret: 'some-other-secret-entirely' })
    await other.ready()
    const forged = other.jwt.sign({ sub: 'mallory' })
    const response = await send(app, { url: '/me', headers: { authorization: `Bearer ${forged}` } })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'FST_JWT_AUTHORIZATION_TOKEN_INVALID',
      error: 'Unauthorized',
      message: 'Authorization token is invalid: The token signature is invalid.',
    })
  })

  itBoth('an expired token: 401 expired', async ({ send }) => {
    const app = await jwtApp()
    await app.ready()
    const expired = app.jwt.sign({ sub: 'ada', exp: Math.floor(Date.now() / 1000) - 60 })
    const response = await send(app, {
      url: '/me',
      headers: { authorization: `Bearer ${expired}` },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED',
      error: 'Unauthorized',
      message: 'Authorization token expired',
    })
  })

  itBoth('a malformed Authorization header: 400', async ({ send }) => {
    const app = await jwtApp()
    const response = await send(app, { url: '/me', headers: { authorization: 'Bearer a b' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'FST_JWT_BAD_REQUEST',
      error: 'Bad Request',
      message: 'Format is Authorization: Bearer [token]',
    })
  })

  itBoth(
    'cookie mode: the token is read from the cookie set by the login route',
    async ({ send }) => {
      const app = makeApp()
      await app.register(jwt, {
        secret: 'a-long-enough-test-secret',
        cookie: { cookieName: 'token', signed: false },
      })
      await app.register(cookie)
      app.get('/login', async (_request: any, reply: any) => {
        const token = await reply.jwtSign({ sub: 'ada' })
        return reply.setCookie('token', token, { path: '/', httpOnly: true }).send('logged in')
      })
      app.get('/me', async (request: any) => {
        await request.jwtVerify()
        return { sub: request.user.sub }
      })
      const login = await send(app, { url: '/login' })
      const token = /^token=([^;]+)/.exec(login.headers['set-cookie'] ?? '')![1]
      const me = await send(app, { url: '/me', headers: { cookie: `token=${token}` } })
      expect(me.json()).toEqual({ sub: 'ada' })
      const anonymous = await send(app, { url: '/me' })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().code).toBe('FST_JWT_NO_AUTHORIZATION_IN_COOKIE')
    },
  )

  it('app.jwt.sign / verify / decode work without a request', async () => {
    const app = makeApp()
    await app.register(jwt, { secret: 'a-long-enough-test-secret' })
    await app.ready()
    const token = app.jwt.sign({ role: 'admin' })
    expect(app.jwt.verify(token)).toMatchObject({ role: 'admin' })
    expect(() => app.jwt.verify(`${token}x`)).toThrow('The token signature is invalid.')
  })

  itBoth(
    'formatUser shapes request.user; namespace names the request and reply methods',
    async ({ send }) => {
      const app = makeApp()
      await app.register(jwt, {
        secret: 'a-long-enough-test-secret',
        formatUser: (payload: any) => ({ id: payload.sub, admin: payload.role === 'admin' }),
      })
      await app.register(jwt, {
        secret: 'another-long-enough-secret',
        namespace: 'partner',
        jwtVerify: 'partnerVerify',
        jwtSign: 'partnerSign',
      })
      app.get('/me', async (request: any) => {
        await request.jwtVerify()
        return request.user
      })
      app.get('/partner', async (request: any) => {
        return await request.partnerVerify()
      })
      const token = app.jwt.sign({ sub: 'ada', role: 'admin' })
      const me = await send(app, { url: '/me', headers: { authorization: `Bearer ${token}` } })
      expect(me.statusCode).toBe(200)
      expect(me.json()).toEqual({ id: 'ada', admin: true })
      const partnerToken = app.jwt.partner.sign({ sub: 'acme' })
      const partner = await send(app, {
        url: '/partner',
        headers: { authorization: `Bearer ${partnerToken}` },
      })
      expect(partner.statusCode).toBe(200)
      expect(partner.json()).toMatchObject({ sub: 'acme' })
      const wrong = await send(app, {
        url: '/partner',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().code).toBe('FST_JWT_AUTHORIZATION_TOKEN_INVALID')
    },
  )
})
