import { Writable } from 'node:stream'
import { trace } from '@opentelemetry/api'
import { beforeAll, describe, expect, it } from 'vitest'
import { addressOf, makeApp } from '../spec/helpers'
import { one, remoteParent, spansOf, startTracing } from './otel'

// Log lines joined to traces with pino's `mixin` (pino's own hook for fields computed per line):
// while a span is active, each line gets its `trace_id`, `span_id` and `trace_flags`, the names
// @opentelemetry/instrumentation-pino uses, so a log backend links them to the trace.

beforeAll(() => startTracing())

/** The mixin an application passes to its logger options. */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan()
  if (!span) return {}
  const { traceId, spanId, traceFlags } = span.spanContext()
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` }
}

function loggedApp() {
  const lines: Record<string, any>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const app = makeApp({ logger: { level: 'info', mixin: traceFields, stream } })
  app.get('/orders/:id', async function getOrder(request: any) {
    request.log.info({ order: request.params.id }, 'loading order')
    return { id: request.params.id }
  })
  return { app, lines }
}

describe('[observability] request log lines carry the trace and span ids', () => {
  it('every line of a traced request has trace_id and span_id, and reqId stays (socket)', async () => {
    const { app, lines } = loggedApp()
    const caller = remoteParent()
    const response = await fetch(`${await addressOf(app)}/orders/9`, {
      headers: { traceparent: caller.traceparent },
    })
    expect(response.status).toBe(200)
    const spans = await spansOf(caller.traceId, 3)
    // `request completed` is written when the response has finished, maybe after fetch resolved
    for (let waited = 0; waited < 2000 && !lines.some((l) => l.msg === 'request completed'); ) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      waited += 5
    }
    const server = one(spans, 'GET /orders/:id')
    const handler = one(spans, 'handler - getOrder')

    const requestLines = lines.filter((line) => line.reqId !== undefined)
    expect(requestLines.map((line) => line.msg)).toEqual([
      'incoming request',
      'loading order',
      'request completed',
    ])
    for (const line of requestLines) {
      expect(line.reqId).toBe('req-1')
      expect(line.trace_id).toBe(caller.traceId)
      expect(line.trace_flags).toBe('01')
    }
    // each line names the span that was active when it was written
    const [incoming, loading, completed] = requestLines
    expect(incoming?.span_id).toBe(server.spanContext().spanId)
    expect(loading?.span_id).toBe(handler.spanContext().spanId)
    expect(loading?.order).toBe('9')
    expect(completed?.span_id).toBe(server.spanContext().spanId)
    expect(completed?.res).toEqual({ statusCode: 200 })
  })

  it('through inject, lines written inside the request span carry its ids', async () => {
    const { app, lines } = loggedApp()
    const caller = remoteParent()
    const response = await app.inject({
      url: '/orders/3',
      headers: { traceparent: caller.traceparent },
    })
    expect(response.statusCode).toBe(200)
    const spans = await spansOf(caller.traceId, 2)
    const loading = lines.find((line) => line.msg === 'loading order')
    expect(loading?.reqId).toBe('req-1')
    expect(loading?.trace_id).toBe(caller.traceId)
    expect(loading?.span_id).toBe(one(spans, 'handler - getOrder').spanContext().spanId)
  })

  it('a line written outside any span has no trace fields', async () => {
    const { app, lines } = loggedApp()
    app.log.info('started')
    await app.ready()
    const started = lines.find((line) => line.msg === 'started')
    expect(started).toBeDefined()
    expect(started).not.toHaveProperty('trace_id')
    expect(started).not.toHaveProperty('span_id')
  })
})
