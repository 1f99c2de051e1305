import { AsyncLocalStorage } from 'node:async_hooks'
import { Readable } from 'node:stream'
import { fp } from 'framework'
import { describe, expect, it } from 'vitest'
import { addressOf, itBoth, makeApp } from '../spec/helpers'

// The request lifecycle as Fastify 4.29 behaves (issue 31, items 20, 22-25, and the two points
// seen in passing): error handler status, non-Error throws, AsyncLocalStorage, callNotFound, `this`
// in hooks, redirect status, elapsedTime, streams without destroy(), reply.sent = false.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('[compat] custom error handlers and non-Error values', () => {
  itBoth(
    'a custom error handler sees the reply status as it was, not the error status',
    async ({ send }) => {
      const app = makeApp()
      app.setErrorHandler(async (error: any, _request: any, reply: any) => {
        const seen = reply.statusCode
        reply.code(error.statusCode ?? 500)
        return { seen, own: error.statusCode ?? null }
      })
      app.get('/teapot', async () => {
        throw Object.assign(new Error('short and stout'), { statusCode: 418 })
      })
      app.get('/limited', async (_request: any, reply: any) => {
        reply.code(429)
        throw new Error('slow down')
      })
      const teapot = await send(app, { url: '/teapot' })
      expect(teapot.statusCode).toBe(418)
      expect(teapot.json()).toEqual({ seen: 200, own: 418 })
      const limited = await send(app, { url: '/limited' })
      expect(limited.statusCode).toBe(500)
      expect(limited.json()).toEqual({ seen: 429, own: null })
    },
  )

  itBoth('the default handler still answers the error status', async ({ send }) => {
    const app = makeApp()
    app.get('/', async () => {
      throw Object.assign(new Error('gone'), { statusCode: 410 })
    })
    const res = await send(app, { url: '/' })
    expect(res.statusCode).toBe(410)
    expect(res.json()).toEqual({ statusCode: 410, error: 'Gone', message: 'gone' })
  })

  itBoth('a string thrown by a hook is the 500 body', async ({ send }) => {
    const app = makeApp()
    app.addHook('preValidation', async () => {
      throw 'this is an error'
    })
    app.get('/', async () => 'never')
    const res = await send(app, { url: '/' })
    expect(res.statusCode).toBe(500)
    expect(res.body).toBe('this is an error')
  })

  itBoth(
    'null thrown by a hook reaches the error handler as an undefined-error Error',
    async ({ send }) => {
      const app = makeApp()
      let received: unknown
      app.setErrorHandler(async (error: unknown, _request: any, reply: any) => {
        received = error
        return reply.send(error)
      })
      app.addHook('preValidation', async () => {
        throw null
      })
      app.get('/', async () => 'never')
      const res = await send(app, { url: '/' })
      expect(received).toBeInstanceOf(Error)
      expect(res.statusCode).toBe(500)
      expect(res.json()).toMatchObject({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'FRM_ERR_SEND_UNDEFINED_ERR',
      })
      expect(res.json().message).toMatch(/^Undefined error has occurred/)
    },
  )
})

describe('[compat] AsyncLocalStorage', () => {
  it('a store entered with storage.run(store, next) in an onRequest hook reaches the handler over HTTP with a body', async () => {
    const app = makeApp()
    const storage = new AsyncLocalStorage<{ id: number }>()
    let counter = 0
    app.addHook('onRequest', (_request: any, _reply: any, next: () => void) => {
      storage.run({ id: counter++ }, next)
    })
    app.post('/', async () => ({ id: storage.getStore()?.id ?? null }))
    app.get('/', async () => ({ id: storage.getStore()?.id ?? null }))
    const address = await addressOf(app)
    for (const expected of [0, 1]) {
      const res = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hello: 'world' }),
      })
      expect(await res.json()).toEqual({ id: expected })
    }
    expect(await (await fetch(address)).json()).toEqual({ id: 2 })
  })
})

describe('[compat] callNotFound()', () => {
  itBoth(
    'after the body was parsed: the not-found preHandler hooks run, the body is kept, reply is returned',
    async ({ send }) => {
      const app = makeApp()
      let returned: unknown
      let replyObject: unknown
      const ids: string[] = []
      app.register(
        async (instance: any) => {
          instance.addHook('preHandler', async (request: any) => {
            request.preHandlers = (request.preHandlers ?? 0) + 1
            ids.push(request.id)
          })
          instance.setNotFoundHandler((request: any, reply: any) => {
            reply
              .code(404)
              .send({ notFound: true, body: request.body, preHandlers: request.preHandlers })
          })
          instance.post('/items', async (_request: any, reply: any) => {
            replyObject = reply
            returned = reply.callNotFound()
            return reply
          })
        },
        { prefix: '/api' },
      )
      const res = await send(app, { method: 'POST', url: '/api/items', payload: { a: 1 } })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ notFound: true, body: { a: 1 }, preHandlers: 2 })
      expect(returned).toBe(replyObject)
      // One request throughout: the same id (and logger) in both contexts.
      expect(new Set(ids).size).toBe(1)
    },
  )

  itBoth('setNotFoundHandler({ errorHandler }) from a skip-override plugin', async ({ send }) => {
    const app = makeApp()
    app.register(
      fp(async (instance: any) => {
        instance.setNotFoundHandler(
          {
            errorHandler: (error: Error, _request: any, reply: any) => {
              reply.code(500).send({ handledBy: 'not-found error handler', message: error.message })
            },
          },
          async () => {
            throw new Error('not-found handler failed')
          },
        )
      }),
    )
    const res = await send(app, { url: '/missing' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      handledBy: 'not-found error handler',
      message: 'not-found handler failed',
    })
  })
})

describe('[compat] callNotFound() logging', () => {
  it('keeps the request logger: one incoming-request line, one request id', async () => {
    const lines: any[] = []
    const app = makeApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    })
    app.get('/hand-over', (_request: any, reply: any) => {
      reply.callNotFound()
    })
    const res = await app.inject('/hand-over')
    expect(res.statusCode).toBe(404)
    const incoming = lines.filter((line) => line.msg === 'incoming request')
    expect(incoming).toHaveLength(1)
    const ids = new Set(lines.filter((line) => line.reqId !== undefined).map((line) => line.reqId))
    expect(ids.size).toBe(1)
  })
})

describe('[compat] callNotFound() inside a not-found handler (Fastify 5)', () => {
  itBoth('answers a basic text 404 and warns, never loops', async ({ send }) => {
    const warnings: string[] = []
    const app = makeApp({
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void warnings.push(JSON.parse(line).msg) },
      },
    })
    app.setNotFoundHandler((_request: any, reply: any) => {
      reply.callNotFound()
    })
    app.get('/', (_request: any, reply: any) => {
      reply.callNotFound()
    })
    for (const url of ['/', '/missing']) {
      const res = await send(app, { url })
      expect([res.statusCode, res.body]).toEqual([404, '404 Not Found'])
    }
    expect(warnings).toEqual([
      'Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.',
      'Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.',
    ])
  })
})

describe('[compat] this in hooks', () => {
  itBoth(
    'is the instance of the matched route context, wherever the hook was added',
    async ({ send }) => {
      const app = makeApp()
      const seen: string[] = []
      app.decorate('where', 'root')
      app.addHook('onRequest', async function (this: any) {
        seen.push(`onRequest:${this.where}`)
      })
      app.addHook('preHandler', function (this: any, _request: any, _reply: any, done: () => void) {
        seen.push(`preHandler:${this.where}`)
        done()
      })
      app.addHook('onSend', async function (this: any) {
        seen.push(`onSend:${this.where}`)
      })
      app.register(async (child: any) => {
        child.decorate('where', 'child')
        child.get('/child', async () => 'ok')
      })
      app.get('/root', async () => 'ok')
      await send(app, { url: '/child' })
      await send(app, { url: '/root' })
      expect(seen).toEqual([
        'onRequest:child',
        'preHandler:child',
        'onSend:child',
        'onRequest:root',
        'preHandler:root',
        'onSend:root',
      ])
    },
  )
})

describe('[compat] reply', () => {
  itBoth(
    'reply.code(307).redirect(url) keeps 307; redirect(url) alone is 302',
    async ({ send }) => {
      const app = makeApp()
      app.get('/temporary', (_request: any, reply: any) => {
        reply.code(307).redirect('/elsewhere')
      })
      app.get('/plain', (_request: any, reply: any) => {
        reply.redirect('/elsewhere')
      })
      const temporary = await send(app, { url: '/temporary' })
      expect(temporary.statusCode).toBe(307)
      expect(temporary.headers.location).toBe('/elsewhere')
      expect((await send(app, { url: '/plain' })).statusCode).toBe(302)
    },
  )

  it('elapsedTime and getResponseTime() stop once the response is sent', async () => {
    const app = makeApp()
    let reply: any
    app.get('/', (_request: any, r: any) => {
      reply = r
      r.send('ok')
    })
    await app.inject('/')
    const first = reply.elapsedTime
    await sleep(30)
    expect(reply.elapsedTime).toBe(first)
    expect(reply.getResponseTime()).toBe(first)
  })

  it('reply.sent = false is refused (reply.sent is read-only)', async () => {
    const app = makeApp()
    let refused: any
    app.get('/', (_request: any, reply: any) => {
      try {
        reply.sent = false
      } catch (error) {
        refused = error
      }
      reply.send('answered')
    })
    const res = await app.inject('/')
    expect(res.body).toBe('answered')
    expect(refused?.code).toBe('FRM_ERR_REP_SENT_VALUE')
  })

  it('a stream payload with only close() is closed when the client goes away, nothing crashes', async () => {
    const app = makeApp()
    let closed = false
    app.get('/', (_request: any, reply: any) => {
      const stream = new Readable({ read() {} })
      ;(stream as any).destroy = undefined
      ;(stream as any).close = (callback?: () => void) => {
        closed = true
        callback?.()
      }
      stream.push('first chunk')
      reply.send(stream)
    })
    const address = await addressOf(app)
    const controller = new AbortController()
    const res = await fetch(address, { signal: controller.signal })
    expect(res.status).toBe(200)
    controller.abort()
    await sleep(150)
    expect(closed).toBe(true)
  })
})
