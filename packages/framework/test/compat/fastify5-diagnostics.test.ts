import { AsyncLocalStorage } from 'node:async_hooks'
import diagnostics from 'node:diagnostics_channel'
import { afterEach, describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 5's tracing channels around route handlers: tracing:fastify.request.handler:start, end,
// asyncStart, asyncEnd and error, one message object per request ({ request, reply, route, async,
// error }), published only while someone subscribes.

const events = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const
const channels = diagnostics.tracingChannel('fastify.request.handler')

interface Seen {
  event: string
  message: any
  url: string
  method: string
  async: boolean
  error: string | undefined
  status: number
}

let unsubscribe: (() => void) | undefined

function record(): Seen[] {
  const seen: Seen[] = []
  const handlers: Record<string, (message: any) => void> = {}
  for (const event of events) {
    handlers[event] = (message: any) => {
      seen.push({
        event,
        message,
        url: message.route.url,
        method: message.route.method,
        async: message.async,
        error: message.error?.message,
        status: message.reply.statusCode,
      })
    }
  }
  channels.subscribe(handlers as never)
  unsubscribe = () => channels.unsubscribe(handlers as never)
  return seen
}

afterEach(() => {
  unsubscribe?.()
  unsubscribe = undefined
})

describe('[compat] Fastify 5 diagnostics channels for request handling', () => {
  itBoth(
    'a synchronous handler: start then end, one message naming the route',
    async ({ send }) => {
      const seen = record()
      const app = makeApp()
      app.get('/users/:id', (request: any, reply: any) => {
        reply.send({ id: request.params.id })
      })
      const response = await send(app, { url: '/users/7' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ id: '7' })
      expect(seen.map((entry) => entry.event)).toEqual(['start', 'end'])
      expect(seen.map((entry) => [entry.url, entry.method, entry.async])).toEqual([
        ['/users/:id', 'GET', false],
        ['/users/:id', 'GET', false],
      ])
      const message = seen[0]!.message
      expect(seen[1]!.message).toBe(message)
      expect(message.request.params).toEqual({ id: '7' })
      expect(message.reply.request).toBe(message.request)
      expect(Object.keys(message).sort()).toEqual(['async', 'reply', 'request', 'route'])
    },
  )

  itBoth('an async handler: start, end (async: true), asyncStart, asyncEnd', async ({ send }) => {
    const seen = record()
    const app = makeApp()
    app.register(
      async (child: any) => {
        child.post('/items', async (request: any) => ({ got: request.body.name }))
      },
      { prefix: '/v1' },
    )
    const response = await send(app, {
      method: 'POST',
      url: '/v1/items',
      payload: { name: 'pen' },
    })
    expect(response.json()).toEqual({ got: 'pen' })
    expect(seen.map((entry) => [entry.event, entry.async])).toEqual([
      ['start', false],
      ['end', true],
      ['asyncStart', true],
      ['asyncEnd', true],
    ])
    expect(seen.map((entry) => `${entry.method} ${entry.url}`)).toEqual(
      Array(4).fill('POST /v1/items'),
    )
    expect(new Set(seen.map((entry) => entry.message)).size).toBe(1)
  })

  itBoth(
    'a throwing handler: error (status already set) between start and end',
    async ({ send }) => {
      const seen = record()
      const app = makeApp()
      app.get('/teapot', () => {
        throw Object.assign(new Error('short and stout'), { statusCode: 418 })
      })
      app.get('/boom', () => {
        throw new Error('boom')
      })
      const teapot = await send(app, { url: '/teapot' })
      expect([teapot.statusCode, teapot.json().message]).toEqual([418, 'short and stout'])
      const boom = await send(app, { url: '/boom' })
      expect(boom.statusCode).toBe(500)
      expect(seen.map((entry) => [entry.event, entry.error, entry.status])).toEqual([
        ['start', undefined, 200],
        ['error', 'short and stout', 418],
        ['end', 'short and stout', 418],
        ['start', undefined, 200],
        ['error', 'boom', 500],
        ['end', 'boom', 500],
      ])
    },
  )

  itBoth('a rejecting handler: end, then error, asyncStart, asyncEnd', async ({ send }) => {
    const seen = record()
    const app = makeApp()
    app.get('/later', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      throw Object.assign(new Error('gone'), { statusCode: 410 })
    })
    const response = await send(app, { url: '/later' })
    expect([response.statusCode, response.json().message]).toEqual([410, 'gone'])
    expect(seen.map((entry) => [entry.event, entry.error])).toEqual([
      ['start', undefined],
      ['end', undefined],
      ['error', 'gone'],
      ['asyncStart', 'gone'],
      ['asyncEnd', 'gone'],
    ])
  })

  itBoth(
    'a failing preHandler hook: start, error, end, and the handler never runs',
    async ({ send }) => {
      const seen = record()
      const app = makeApp()
      let ran = false
      app.get(
        '/guarded',
        {
          preHandler: async () => {
            throw Object.assign(new Error('no entry'), { statusCode: 403 })
          },
        },
        async () => {
          ran = true
          return 'in'
        },
      )
      const response = await send(app, { url: '/guarded' })
      expect([response.statusCode, response.json().message, ran]).toEqual([403, 'no entry', false])
      expect(seen.map((entry) => [entry.event, entry.error, entry.status])).toEqual([
        ['start', undefined, 200],
        ['error', 'no entry', 403],
        ['end', 'no entry', 403],
      ])
    },
  )

  itBoth('the not-found handler is not traced (as in Fastify 5)', async ({ send }) => {
    const seen = record()
    const app = makeApp()
    app.get('/', async () => 'root')
    const response = await send(app, { url: '/missing' })
    expect(response.statusCode).toBe(404)
    expect(seen).toEqual([])
  })

  it('start runs the handler inside its stores: a store bound to start is the current store', async () => {
    const storage = new AsyncLocalStorage<string>()
    channels.start.bindStore(storage, (message: any) => `span:${message.route.url}`)
    try {
      const app = makeApp()
      app.get('/traced/:id', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        return { store: storage.getStore() ?? null }
      })
      expect((await app.inject('/traced/1')).json()).toEqual({ store: 'span:/traced/:id' })
    } finally {
      channels.start.unbindStore(storage)
    }
  })

  it('publishes nothing while nobody subscribes, and the handler runs as before', async () => {
    const seen = record()
    unsubscribe?.()
    unsubscribe = undefined
    expect(channels.hasSubscribers).toBe(false)
    const app = makeApp()
    app.get('/', async () => ({ ok: true }))
    const response = await app.inject('/')
    expect(response.json()).toEqual({ ok: true })
    expect(seen).toEqual([])
  })
})
