import { FastifyOtelInstrumentation } from '@fastify/otel'
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { beforeAll, describe, expect, it } from 'vitest'
import framework, { toFetchHandler } from '../src/index.js'

// @fastify/otel registered on `fastify.initialization` traces an application served through the
// Fetch transport, as it would on Deno or Bun: no node:http involved, the request span is the
// server span and continues the caller's `traceparent`.

const exporter = new InMemorySpanExporter()

beforeAll(() => {
  new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register()
  registerInstrumentations({
    instrumentations: [new FastifyOtelInstrumentation({ registerOnInitialization: true })],
  })
})

function tracedHandler() {
  const app = framework()
  app.addHook('onRequest', async function authenticate() {})
  app.get('/users/:id', async function getUser(request: any) {
    return { id: request.params.id }
  })
  app.get('/crash', async function crash() {
    throw new Error('the database is down')
  })
  return toFetchHandler(app)
}

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'

describe('[observability] @fastify/otel on the Fetch transport', () => {
  it('a request span with the route pattern, hook and handler spans under it, traceparent continued', async () => {
    const handler = tracedHandler()
    const response = await handler(
      new Request('http://edge.example/users/42', {
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('{"id":"42"}')
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId)
    expect(spans.map((s) => s.name).sort()).toEqual([
      'handler - getUser',
      'onRequest - authenticate',
      'request',
    ])
    const request = spans.find((s) => s.name === 'request')!
    expect(request.kind).toBe(SpanKind.SERVER)
    expect(request.parentSpanContext?.spanId).toBe('00f067aa0ba902b7')
    expect(request.attributes['http.route']).toBe('/users/:id')
    expect(request.attributes['url.path']).toBe('/users/42')
    expect(request.attributes['http.response.status_code']).toBe(200)
    for (const child of spans.filter((s) => s !== request)) {
      expect(child.parentSpanContext?.spanId).toBe(request.spanContext().spanId)
    }
  })

  it('a thrown error sets the error status and is recorded', async () => {
    exporter.reset()
    const response = await tracedHandler()(new Request('http://edge.example/crash'))
    expect(response.status).toBe(500)
    const request = exporter.getFinishedSpans().find((s) => s.name === 'request')!
    expect(request.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the database is down' })
    expect(request.attributes['http.response.status_code']).toBe(500)
    expect(request.events.map((e) => e.name)).toEqual(['exception'])
  })
})
