import { subscribe, tracingChannel, unsubscribe } from 'node:diagnostics_channel'
import { afterEach, describe, expect, it } from 'vitest'
import framework, { toFetchHandler } from '../src/index.js'

// Fastify's diagnostics channels on the Fetch transport: a tracer that listens to them (as
// @fastify/otel does to `fastify.initialization`) sees the same events under Deno, Bun and Workers.

const handlerChannel = tracingChannel('fastify.request.handler')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Records every event of the handler tracing channel as `event route status async error`. */
function recordHandlerEvents(): string[] {
  const events: string[] = []
  const record = (name: string) => (message: any) => {
    const { route, reply, async, error } = message
    events.push(
      `${name} ${route.method} ${route.url} ${reply.statusCode} ${async}${error ? ` ${error.message}` : ''}`,
    )
  }
  const handlers = {
    start: record('start'),
    end: record('end'),
    asyncStart: record('asyncStart'),
    asyncEnd: record('asyncEnd'),
    error: record('error'),
  }
  handlerChannel.subscribe(handlers)
  cleanups.push(() => handlerChannel.unsubscribe(handlers))
  return events
}

describe('[diagnostics] Fastify channels on the Fetch transport', () => {
  it('fastify.initialization carries each new application, so a tracer can add its hooks', async () => {
    const seen: unknown[] = []
    const onInit = (message: any) => {
      seen.push(message.fastify)
      message.fastify.addHook('onRequest', async (_request: any, reply: any) => {
        reply.header('x-traced', 'yes')
      })
    }
    subscribe('fastify.initialization', onInit)
    cleanups.push(() => unsubscribe('fastify.initialization', onInit))
    const app = framework()
    app.get('/users/:id', async (request: any) => ({ id: request.params.id }))
    expect(seen).toEqual([app])
    const response = await toFetchHandler(app)(new Request('http://edge.example/users/1'))
    expect(response.status).toBe(200)
    expect(response.headers.get('x-traced')).toBe('yes')
    expect(await response.text()).toBe('{"id":"1"}')
  })

  it('tracing:fastify.request.handler publishes start, end, asyncStart and asyncEnd by route pattern', async () => {
    const events = recordHandlerEvents()
    const app = framework()
    app.get('/users/:id', async (request: any) => ({ id: request.params.id }))
    const response = await toFetchHandler(app)(new Request('http://edge.example/users/42'))
    expect(response.status).toBe(200)
    expect(events).toEqual([
      'start GET /users/:id 200 false',
      'end GET /users/:id 200 true',
      'asyncStart GET /users/:id 200 true',
      'asyncEnd GET /users/:id 200 true',
    ])
  })

  it('a handler that rejects publishes error with the status it will answer', async () => {
    const events = recordHandlerEvents()
    const app = framework()
    app.get('/crash', async () => {
      throw new Error('the database is down')
    })
    const response = await toFetchHandler(app)(new Request('http://edge.example/crash'))
    expect(response.status).toBe(500)
    expect(events).toEqual([
      'start GET /crash 200 false',
      'end GET /crash 200 true',
      'error GET /crash 500 true the database is down',
      'asyncStart GET /crash 500 true the database is down',
      'asyncEnd GET /crash 500 true the database is down',
    ])
  })

  it('an unmatched URL publishes nothing on the handler channel', async () => {
    const events = recordHandlerEvents()
    const app = framework()
    const response = await toFetchHandler(app)(new Request('http://edge.example/nothing'))
    expect(response.status).toBe(404)
    expect(events).toEqual([])
  })
})
