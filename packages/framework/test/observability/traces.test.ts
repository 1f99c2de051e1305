import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { beforeAll, describe, expect, it } from 'vitest'
import { addressOf, makeApp } from '../spec/helpers'
import { activeIds, one, parentOf, remoteParent, spansOf, startTracing, trace } from './otel'

// @fastify/otel 0.21 (its Fastify-5 line) with the OpenTelemetry Node SDK and the HTTP
// instrumentation, registered as its README says. Spans are read from the SDK's in-memory exporter.

beforeAll(() => startTracing())

/** An application with a hook, a parametric route that starts a span of its own, and failures. */
function tracedApp() {
  const app = makeApp()
  app.addHook('onRequest', async function authenticate() {})
  app.get('/users/:id', async function getUser(request: any) {
    const span = trace.getTracer('app').startSpan('db.query')
    const inside = activeIds()
    span.end()
    return { id: request.params.id, handlerSpan: inside?.spanId }
  })
  app.get('/crash', async function crash() {
    throw new Error('the database is down')
  })
  app.get('/unavailable', async function unavailable(_request: any, reply: any) {
    return reply.code(503).send({ retry: true })
  })
  return app
}

describe('[observability] traces with @fastify/otel and the HTTP instrumentation', () => {
  it('one server span per request named by the route pattern, continuing the W3C traceparent (socket)', async () => {
    const app = tracedApp()
    const caller = remoteParent()
    const response = await fetch(`${await addressOf(app)}/users/42?expand=1`, {
      headers: { traceparent: caller.traceparent },
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { id: string; handlerSpan?: string }
    expect(body.id).toBe('42')

    const spans = await spansOf(caller.traceId, 5)
    // Every span of the request is in the caller's trace; none is named by the raw URL.
    expect(spans.map((s) => s.name).sort()).toEqual([
      'GET /users/:id',
      'db.query',
      'handler - getUser',
      'onRequest - authenticate',
      'request',
    ])
    const server = one(spans, 'GET /users/:id')
    expect(server.kind).toBe(SpanKind.SERVER)
    expect(parentOf(server)).toBe(caller.spanId)
    expect(server.attributes['http.route']).toBe('/users/:id')
    expect(server.attributes['http.request.method']).toBe('GET')
    expect(server.attributes['url.path']).toBe('/users/42')
    expect(server.attributes['http.response.status_code']).toBe(200)
    expect(server.status.code).toBe(SpanStatusCode.UNSET)

    // @fastify/otel's request span, under the HTTP span (INTERNAL: the HTTP one is the server span)
    const request = one(spans, 'request')
    expect(parentOf(request)).toBe(server.spanContext().spanId)
    expect(request.kind).toBe(SpanKind.INTERNAL)
    expect(request.attributes['http.route']).toBe('/users/:id')
    expect(request.attributes['http.response.status_code']).toBe(200)

    // hooks and the handler: children of the request span, named after the functions
    const hook = one(spans, 'onRequest - authenticate')
    expect(parentOf(hook)).toBe(request.spanContext().spanId)
    expect(hook.attributes['hook.name']).toBe('framework - onRequest')
    expect(hook.attributes['fastify.type']).toBe('hook')
    const handler = one(spans, 'handler - getUser')
    expect(parentOf(handler)).toBe(request.spanContext().spanId)
    expect(handler.attributes['fastify.type']).toBe('request-handler')
    expect(handler.attributes['http.route']).toBe('/users/:id')

    // a span the handler starts is a child of the handler's span, which was the active one
    expect(body.handlerSpan).toBe(handler.spanContext().spanId)
    expect(parentOf(one(spans, 'db.query'))).toBe(handler.spanContext().spanId)
  })

  it('a thrown error is recorded on the request span and the 500 sets the error status (socket)', async () => {
    const app = tracedApp()
    const caller = remoteParent()
    const response = await fetch(`${await addressOf(app)}/crash`, {
      headers: { traceparent: caller.traceparent },
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'the database is down',
    })
    const spans = await spansOf(caller.traceId, 3)
    const server = one(spans, 'GET /crash')
    expect(server.status.code).toBe(SpanStatusCode.ERROR)
    expect(server.attributes['http.response.status_code']).toBe(500)
    const request = one(spans, 'request')
    expect(request.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'the database is down',
    })
    expect(request.attributes['http.response.status_code']).toBe(500)
    const exception = request.events.find((e) => e.name === 'exception')
    expect(exception?.attributes?.['exception.message']).toBe('the database is down')
    expect(exception?.attributes?.['exception.type']).toBe('Error')
    const handler = one(spans, 'handler - crash')
    expect(handler.status.code).toBe(SpanStatusCode.ERROR)
  })

  it('a 5xx sent without an error still sets the error status (socket)', async () => {
    const app = tracedApp()
    const caller = remoteParent()
    const response = await fetch(`${await addressOf(app)}/unavailable`, {
      headers: { traceparent: caller.traceparent },
    })
    expect(response.status).toBe(503)
    const spans = await spansOf(caller.traceId, 3)
    expect(one(spans, 'request').status.code).toBe(SpanStatusCode.ERROR)
    expect(one(spans, 'request').attributes['http.response.status_code']).toBe(503)
    expect(one(spans, 'GET /unavailable').status.code).toBe(SpanStatusCode.ERROR)
  })

  it('through inject the request span is the server span and continues the traceparent', async () => {
    const app = tracedApp()
    const caller = remoteParent()
    const response = await app.inject({
      url: '/users/7',
      headers: { traceparent: caller.traceparent },
    })
    expect(response.statusCode).toBe(200)
    const spans = await spansOf(caller.traceId, 4)
    expect(spans.map((s) => s.name).sort()).toEqual([
      'db.query',
      'handler - getUser',
      'onRequest - authenticate',
      'request',
    ])
    const request = one(spans, 'request')
    expect(request.kind).toBe(SpanKind.SERVER)
    expect(parentOf(request)).toBe(caller.spanId)
    expect(request.attributes['http.route']).toBe('/users/:id')
    expect(request.attributes['url.path']).toBe('/users/7')
    expect(response.json().handlerSpan).toBe(one(spans, 'handler - getUser').spanContext().spanId)
  })

  it('an unmatched URL is traced without a route (never the raw URL as a route)', async () => {
    const app = tracedApp()
    const caller = remoteParent()
    const response = await fetch(`${await addressOf(app)}/no/such/page`, {
      headers: { traceparent: caller.traceparent },
    })
    expect(response.status).toBe(404)
    const spans = await spansOf(caller.traceId, 1)
    const server = spans.find((s) => s.kind === SpanKind.SERVER)
    expect(server?.name).toBe('GET')
    expect(server?.attributes['http.route']).toBeUndefined()
    expect(server?.attributes['http.response.status_code']).toBe(404)
  })

  // Callback-style hooks wrapped by the instrumentation (its wrapper has no declared parameters)
  // must still be given `done`: the core passes it whatever the hook's arity.
  it('callback-style hooks, instance and route level, keep their done under instrumentation (socket)', async () => {
    const app = makeApp()
    app.addHook('preHandler', function loadSession(request: any, _reply: any, done: any) {
      request.session = 'ok'
      done()
    })
    app.get(
      '/session',
      {
        onRequest: function rateLimit(_request: any, _reply: any, done: any) {
          done()
        },
      },
      async function session(request: any) {
        return { session: request.session }
      },
    )
    const caller = remoteParent()
    const response = await fetch(`${await addressOf(app)}/session`, {
      headers: { traceparent: caller.traceparent },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ session: 'ok' })
    const spans = await spansOf(caller.traceId, 5)
    const request = one(spans, 'request')
    expect(parentOf(one(spans, 'preHandler - loadSession'))).toBe(request.spanContext().spanId)
    expect(one(spans, 'onRequest - rateLimit').attributes['fastify.type']).toBe('route-hook')
    expect(request.status.code).toBe(SpanStatusCode.UNSET)
  })
})
