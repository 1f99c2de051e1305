import sensible4 from '@fastify/sensible'
import sensible5 from '@fastify/sensible-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/sensible 5 (the last Fastify-4 line) and 6 (the Fastify-5 line), used as their README
// shows: every case runs on both lines.

/** The plugin's two release lines: every case below runs on each. */
const lines = [
  ['Fastify 4', sensible4],
  ['Fastify 5', sensible5],
] as const

describe.each(lines)('[plugins] @fastify/sensible (%s)', (_line, sensible) => {
  itBoth(
    'reply.notFound(), reply.badRequest(msg) and friends send the http-errors bodies',
    async ({ send }) => {
      const app = makeApp()
      await app.register(sensible)
      app.get('/missing', (_request: any, reply: any) => {
        reply.notFound()
      })
      app.get('/bad', (_request: any, reply: any) => {
        reply.badRequest('name is required')
      })
      app.get('/teapot', async (_request: any, reply: any) => reply.imateapot())
      const missing = await send(app, { url: '/missing' })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' })
      const bad = await send(app, { url: '/bad' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'name is required',
      })
      const teapot = await send(app, { url: '/teapot' })
      expect(teapot.statusCode).toBe(418)
      expect(teapot.json()).toEqual({
        statusCode: 418,
        error: "I'm a Teapot",
        message: "I'm a Teapot",
      })
    },
  )

  itBoth('a thrown httpErrors error answers with its status', async ({ send }) => {
    const app = makeApp()
    await app.register(sensible)
    app.get('/', async () => {
      throw app.httpErrors.forbidden('not yours')
    })
    app.get('/created', async () => {
      throw app.httpErrors.createError(409, 'already there')
    })
    const forbidden = await send(app, { url: '/' })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'not yours' })
    const conflict = await send(app, { url: '/created' })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'already there',
    })
  })

  itBoth('reply.internalServerError(msg) sends its message, as Fastify does', async ({ send }) => {
    const app = makeApp()
    await app.register(sensible)
    app.get('/', async (_request: any, reply: any) =>
      reply.internalServerError('db password wrong'),
    )
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'db password wrong',
    })
  })

  itBoth('app.assert and app.to', async ({ send }) => {
    const app = makeApp()
    await app.register(sensible)
    app.get('/check/:n', async (request: any) => {
      app.assert(Number(request.params.n) > 0, 400, 'n must be positive')
      const [error, value] = await app.to(Promise.resolve(Number(request.params.n) * 2))
      return { error, value }
    })
    const ok = await send(app, { url: '/check/3' })
    expect(ok.json()).toEqual({ error: null, value: 6 })
    const refused = await send(app, { url: '/check/0' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'n must be positive',
    })
  })

  itBoth('reply.vary, reply.cacheControl and request.forwarded', async ({ send }) => {
    const app = makeApp()
    await app.register(sensible)
    app.get('/', async (request: any, reply: any) => {
      reply.vary('Accept')
      reply.cacheControl('public')
      reply.cacheControl('max-age', '1h')
      return { forwarded: request.forwarded(), is: request.is(['json']) }
    })
    const response = await send(app, { url: '/', headers: { 'x-forwarded-for': '10.0.0.1' } })
    expect(response.headers.vary).toBe('Accept')
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    const body = response.json()
    expect(body.forwarded[0]).toMatch(/127\.0\.0\.1$/)
    expect(body.forwarded[1]).toBe('10.0.0.1')
    expect(body.is).toBe(null) // no body: type-is answers null
  })

  it('the errors are proper Errors with statusCode and expose', async () => {
    const app = makeApp()
    await app.register(sensible)
    const error = app.httpErrors.unauthorized('log in')
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ statusCode: 401, status: 401, expose: true, message: 'log in' })
    expect(app.hasDecorator('httpErrors')).toBe(true)
    expect(app.hasReplyDecorator('notFound')).toBe(true)
  })
})
