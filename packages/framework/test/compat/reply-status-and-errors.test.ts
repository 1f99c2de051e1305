import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4.29 behaviours the ecosystem's plugins rely on (issue 21, item 10).

describe('[compat] reply status as Fastify keeps it', () => {
  itBoth('reply.code() sets reply.raw.statusCode at once', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.code(201)
      const seen = reply.raw.statusCode
      reply.send({ seen })
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ seen: 201 })
  })

  itBoth('a 304 sent with an empty string carries content-length: 0', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.code(304).send('')
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(304)
    expect(response.headers['content-length']).toBe('0')
    expect(response.body).toBe('')
  })

  itBoth('a 304 without a payload has no content-length', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.code(304).send()
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(304)
    expect(response.headers['content-length']).toBeUndefined()
  })

  itBoth('a 204 with a payload loses content-type and content-length', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.code(204).send('ignored')
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(204)
    expect(response.headers['content-type']).toBeUndefined()
    expect(response.headers['content-length']).toBeUndefined()
    expect(response.body).toBe('')
  })

  itBoth('an error thrown in onSend after reply.code(406) keeps 406', async ({ send }) => {
    const app = makeApp()
    app.addHook('onSend', async (_request: any, reply: any) => {
      reply.code(406)
      throw new Error('not acceptable here')
    })
    app.get('/', async () => 'text')
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(406)
    expect(response.json()).toEqual({
      statusCode: 406,
      error: 'Not Acceptable',
      message: 'not acceptable here',
    })
  })
})

describe('[compat] a non-Error value thrown by a hook', () => {
  itBoth('keeps its fields in the body, with its statusCode', async ({ send }) => {
    const app = makeApp()
    app.addHook('onRequest', async () => {
      throw { statusCode: 401, message: 'who are you', hint: 'log in' }
    })
    app.get('/', async () => 'never')
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ statusCode: 401, message: 'who are you', hint: 'log in' })
  })

  itBoth('without a status it is a 500 whose body is the value', async ({ send }) => {
    const app = makeApp()
    app.addHook('preHandler', (_request: any, _reply: any, done: any) => {
      done({ code: 42, limit: 2 })
    })
    app.get('/', async () => 'never')
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    expect(response.body).toBe('{"code":42,"limit":2}')
  })
})

describe('[compat] a failed awaited register() fails the start', () => {
  it('ready() rejects with the plugin error after the awaited register() rejected', async () => {
    const app = makeApp()
    await expect(
      app.register(async () => {
        throw new Error('db down')
      }),
    ).rejects.toThrow('db down')
    await expect(app.ready()).rejects.toThrow('db down')
  })

  it('listen() rejects too, and nothing listens', async () => {
    const app = makeApp()
    try {
      await app.register(async () => {
        throw new Error('db down')
      })
    } catch {
      // awaited and caught: the start must still fail
    }
    await expect(app.listen({ port: 0, host: '127.0.0.1' })).rejects.toThrow('db down')
    expect(app.server.listening).toBe(false)
  })

  it('an error awaited inside a plugin body still fails ready()', async () => {
    const app = makeApp()
    app.register(async (instance: any) => {
      try {
        await instance.register(async () => {
          throw new Error('inner failed')
        })
      } catch {
        // caught here, still a failed start (Fastify's rule)
      }
    })
    await expect(app.ready()).rejects.toThrow('inner failed')
  })

  it('an after((error) => ...) that handles the error lets ready() resolve', async () => {
    const app = makeApp()
    let seen = ''
    app
      .register(async () => {
        throw new Error('handled')
      })
      .after((error: Error) => {
        seen = error.message
      })
    await expect(app.ready()).resolves.toBeDefined()
    expect(seen).toBe('handled')
  })
})
