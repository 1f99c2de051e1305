import rateLimit4 from '@fastify/rate-limit'
import rateLimit5 from '@fastify/rate-limit-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/rate-limit 9 (the last Fastify-4 line) and 11.2 (the Fastify-5 line), in memory, used
// as their README shows: every case runs on both lines.

const lines = [
  ['Fastify 4', rateLimit4],
  ['Fastify 5', rateLimit5],
] as const

describe.each(lines)('[plugins] @fastify/rate-limit (%s)', (_line, rateLimit) => {
  itBoth(
    'max: 2: the third request is a 429 with the x-ratelimit-* and retry-after headers',
    async ({ send }) => {
      const app = makeApp()
      await app.register(rateLimit, { max: 2, timeWindow: '1 minute' })
      app.get('/', async () => 'hello')
      const first = await send(app, { url: '/' })
      expect(first.statusCode).toBe(200)
      expect(first.body).toBe('hello')
      expect(first.headers['x-ratelimit-limit']).toBe('2')
      expect(first.headers['x-ratelimit-remaining']).toBe('1')
      expect(first.headers['x-ratelimit-reset']).toBe('60')
      const second = await send(app, { url: '/' })
      expect(second.headers['x-ratelimit-remaining']).toBe('0')
      const third = await send(app, { url: '/' })
      expect(third.statusCode).toBe(429)
      expect(third.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Rate limit exceeded, retry in 1 minute',
      })
      expect(third.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(third.headers['x-ratelimit-limit']).toBe('2')
      expect(third.headers['x-ratelimit-remaining']).toBe('0')
      expect(third.headers['x-ratelimit-reset']).toBe('60')
      expect(third.headers['retry-after']).toBe('60')
    },
  )

  itBoth('global: false and config.rateLimit limit one route only', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, { global: false })
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 5000 } } }, async () => 'one')
    app.get('/free', async () => 'free')
    expect((await send(app, { url: '/limited' })).statusCode).toBe(200)
    const limited = await send(app, { url: '/limited' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe('Rate limit exceeded, retry in 5 seconds')
    expect(limited.headers['retry-after']).toBe('5')
    for (let i = 0; i < 3; i++) {
      const free = await send(app, { url: '/free' })
      expect(free.statusCode).toBe(200)
      expect(free.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })

  itBoth('config.rateLimit overrides the global max for its route', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, { max: 100 })
    app.get('/strict', { config: { rateLimit: { max: 1 } } }, async () => 'strict')
    const first = await send(app, { url: '/strict' })
    expect(first.headers['x-ratelimit-limit']).toBe('1')
    expect((await send(app, { url: '/strict' })).statusCode).toBe(429)
  })

  itBoth('allowList: a listed key is never limited and gets no headers', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, {
      max: 1,
      keyGenerator: (request: any) => request.headers['x-client'] ?? 'anonymous',
      allowList: ['trusted'],
    })
    app.get('/', async () => 'ok')
    for (let i = 0; i < 3; i++) {
      const response = await send(app, { url: '/', headers: { 'x-client': 'trusted' } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    }
    expect((await send(app, { url: '/', headers: { 'x-client': 'other' } })).statusCode).toBe(200)
    expect((await send(app, { url: '/', headers: { 'x-client': 'other' } })).statusCode).toBe(429)
  })

  itBoth('keyGenerator: each key has its own budget', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, {
      max: 1,
      keyGenerator: (request: any) => request.headers['x-api-key'],
    })
    app.get('/', async () => 'ok')
    expect((await send(app, { url: '/', headers: { 'x-api-key': 'a' } })).statusCode).toBe(200)
    expect((await send(app, { url: '/', headers: { 'x-api-key': 'a' } })).statusCode).toBe(429)
    expect((await send(app, { url: '/', headers: { 'x-api-key': 'b' } })).statusCode).toBe(200)
  })

  itBoth('errorResponseBuilder: its object is the 429 body', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, {
      max: 1,
      timeWindow: 1000,
      errorResponseBuilder: (_request: any, context: any) => ({
        statusCode: 429,
        code: 'SLOW_DOWN',
        limit: context.max,
        retryIn: context.after,
      }),
    })
    app.get('/', async () => 'ok')
    await send(app, { url: '/' })
    const limited = await send(app, { url: '/' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      statusCode: 429,
      code: 'SLOW_DOWN',
      limit: 1,
      retryIn: '1 second',
    })
  })

  itBoth('a setErrorHandler sees the 429 error and answers its own way', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, { max: 1 })
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(error.statusCode).send({ limited: error.statusCode === 429 })
    })
    app.get('/', async () => 'ok')
    await send(app, { url: '/' })
    const limited = await send(app, { url: '/' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ limited: true })
  })

  itBoth('fastify.rateLimit() used as a route preHandler', async ({ send }) => {
    const app = makeApp()
    await app.register(rateLimit, { global: false })
    app.get('/', { preHandler: app.rateLimit({ max: 1 }) }, async () => 'ok')
    expect((await send(app, { url: '/' })).statusCode).toBe(200)
    expect((await send(app, { url: '/' })).statusCode).toBe(429)
  })

  // Fastify shows a custom error handler the reply's status at that point (200), not the 429.
  it('a custom error handler sees reply.statusCode 200 and chooses the status', async () => {
    const app = makeApp()
    await app.register(rateLimit, { max: 1 })
    const seen: number[] = []
    app.setErrorHandler((_error: any, _request: any, reply: any) => {
      seen.push(reply.statusCode)
      reply.redirect('/elsewhere')
    })
    app.get('/', async () => 'ok')
    await app.inject({ url: '/' })
    const limited = await app.inject({ url: '/' })
    expect(seen).toEqual([200])
    expect(limited.statusCode).toBe(302)
  })

  itBoth(
    'enableDraftSpec: the IETF draft headers; onExceeding and onExceeded see the key',
    async ({ send }) => {
      const app = makeApp()
      const events: string[] = []
      await app.register(rateLimit, {
        max: 1,
        timeWindow: 30_000,
        enableDraftSpec: true,
        keyGenerator: (request: any) => request.headers['x-client'] ?? 'anonymous',
        onExceeding: (_request: any, key: string) => events.push(`exceeding ${key}`),
        onExceeded: (_request: any, key: string) => events.push(`exceeded ${key}`),
      })
      app.get('/', async () => 'ok')
      const first = await send(app, { url: '/', headers: { 'x-client': 'ada' } })
      expect(first.statusCode).toBe(200)
      expect(first.headers['ratelimit-limit']).toBe('1')
      expect(first.headers['ratelimit-remaining']).toBe('0')
      expect(first.headers['ratelimit-reset']).toBe('30')
      expect(first.headers['x-ratelimit-limit']).toBeUndefined()
      const second = await send(app, { url: '/', headers: { 'x-client': 'ada' } })
      expect(second.statusCode).toBe(429)
      expect(second.headers['retry-after']).toBe('30')
      expect(second.json().message).toBe('Rate limit exceeded, retry in 30 seconds')
      expect(events).toEqual(['exceeding ada', 'exceeded ada'])
    },
  )
})
