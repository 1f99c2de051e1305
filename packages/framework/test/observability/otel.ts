import { createRequire } from 'node:module'
import { FastifyOtelInstrumentation } from '@fastify/otel'
import { context, propagation, type Span, trace } from '@opentelemetry/api'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'

/**
 * The common production setup, as @fastify/otel's README gives it: the OpenTelemetry Node SDK's
 * tracer provider (AsyncLocalStorage context, W3C trace-context propagation), the HTTP
 * instrumentation and @fastify/otel registered on `fastify.initialization` (so every application
 * created afterwards is instrumented). Spans go to the SDK's in-memory exporter: no collector.
 */
export const exporter = new InMemorySpanExporter()
export const provider = new NodeTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
})

let started = false

/** Starts tracing once per test file (the SDK's globals are process-wide). */
export function startTracing(): void {
  if (started) return
  started = true
  provider.register()
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  })
  // In production `node --import ./otel.mjs app.mjs` loads the instrumentations before node:http;
  // here node:http was loaded by the test runner already, so require it once more: the HTTP
  // instrumentation patches it on that require (the Server prototype, which every server shares).
  createRequire(import.meta.url)('node:http')
}

/** The finished spans of one trace, waiting (bounded) until `count` of them have ended. */
export async function spansOf(traceId: string, count: number): Promise<ReadableSpan[]> {
  for (let waited = 0; ; waited += 5) {
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId)
    if (spans.length >= count || waited > 2000) return spans
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** The one span named `name` among `spans` (fails loudly when there is none or several). */
export function one(spans: ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((s) => s.name === name)
  if (found.length !== 1) {
    throw new Error(`expected one span "${name}", got ${found.length}: ${spans.map((s) => s.name)}`)
  }
  return found[0]!
}

/** The id of a span's parent ('' for a root span). */
export function parentOf(span: ReadableSpan): string {
  return span.parentSpanContext?.spanId ?? ''
}

/** A fresh W3C `traceparent` of a sampled remote caller, and its trace and span ids. */
export function remoteParent(): { traceparent: string; traceId: string; spanId: string } {
  const hex = (bytes: number) =>
    Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
  const traceId = hex(16)
  const spanId = hex(8)
  return { traceparent: `00-${traceId}-${spanId}-01`, traceId, spanId }
}

/** The active span's ids, for a handler that reports where it ran. */
export function activeIds(): { traceId: string; spanId: string } | undefined {
  const span: Span | undefined = trace.getActiveSpan()
  if (!span) return undefined
  const { traceId, spanId } = span.spanContext()
  return { traceId, spanId }
}

export { context, propagation, trace }
