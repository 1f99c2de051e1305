import { request as httpRequest } from 'node:http'
import metricsPlugin from 'fastify-metrics'
import { describe, expect, it } from 'vitest'
import { addressOf, makeApp } from '../spec/helpers'

// RED metrics per route with fastify-metrics 13 (prom-client 15, the Fastify-5 line) on a
// Prometheus endpoint: requests and errors are the duration histogram's count by `status_code`,
// duration its buckets; every series is labelled by the route pattern and the method.

/** One sample of the Prometheus text exposition format. */
interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** Parses the text exposition format (version 0.0.4): `name{a="x",b="y"} value` lines. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = []
  const types = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const type = /^# TYPE (\S+) (\S+)$/.exec(line)
    if (type) types.set(type[1]!, type[2]!)
    if (line.startsWith('#')) continue
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!sample) throw new Error(`not an exposition line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!
    }
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) })
  }
  return { samples, types }
}

/** GET over a real socket with node:http, on one kept-alive agent-less connection per call. */
function get(
  address: string,
  path: string,
): Promise<{ status: number; type: string; text: string }> {
  const url = new URL(path, address)
  return new Promise((resolve, reject) => {
    httpRequest(url, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: String(res.headers['content-type']), text }),
      )
    })
      .on('error', reject)
      .end()
  })
}

async function meteredApp() {
  const app = makeApp()
  // clearRegisterOnInit: each test's application starts from an empty default registry
  await app.register(metricsPlugin, {
    endpoint: '/metrics',
    clearRegisterOnInit: true,
    routeMetrics: { overrides: { histogram: { buckets: [0.01, 0.1, 1, 10] } } },
  })
  app.get('/users/:id', async (request: any) => ({ id: request.params.id }))
  app.post('/users', async (_request: any, reply: any) => reply.code(201).send({ id: 1 }))
  app.get('/crash', async () => {
    throw new Error('the database is down')
  })
  return app
}

const durationCount = 'http_request_duration_seconds_count'

describe('[observability] RED metrics per route with fastify-metrics', () => {
  it('1000 distinct URLs of one route make one series; the endpoint is scraped over a socket', async () => {
    const app = await meteredApp()
    const address = await addressOf(app)
    for (let start = 0; start < 1000; start += 50) {
      const batch = Array.from({ length: 50 }, (_, i) => fetch(`${address}/users/${start + i}`))
      for (const response of await Promise.all(batch)) {
        expect(response.status).toBe(200)
        await response.arrayBuffer()
      }
    }
    for (let i = 0; i < 3; i++) expect((await fetch(`${address}/crash`)).status).toBe(500)
    expect((await fetch(`${address}/users`, { method: 'POST' })).status).toBe(201)
    for (let i = 0; i < 20; i++)
      expect((await fetch(`${address}/no/such/page/${i}`)).status).toBe(404)

    const scrape = await get(address, '/metrics')
    expect(scrape.status).toBe(200)
    expect(scrape.type).toBe('text/plain; version=0.0.4; charset=utf-8')
    const { samples, types } = parseExposition(scrape.text)
    expect(types.get('http_request_duration_seconds')).toBe('histogram')

    // requests and errors: the count by route pattern, method and status, never by raw URL
    const counts = samples
      .filter((s) => s.name === durationCount)
      .map((s) => `${s.labels.method} ${s.labels.route} ${s.labels.status_code} ${s.value}`)
      .sort()
    expect(counts).toEqual(['GET /crash 500 3', 'GET /users/:id 200 1000', 'POST /users 201 1'])
    const routes = new Set(samples.filter((s) => 'route' in s.labels).map((s) => s.labels.route))
    expect([...routes].sort()).toEqual(['/crash', '/users', '/users/:id'])

    // duration: cumulative buckets ending in +Inf, which equals the count
    const buckets = samples.filter(
      (s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === '/users/:id',
    )
    expect(buckets.map((s) => s.labels.le)).toEqual(['0.01', '0.1', '1', '10', '+Inf'])
    for (let i = 1; i < buckets.length; i++) {
      expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value)
    }
    expect(buckets.at(-1)!.value).toBe(1000)
    const sum = samples.find(
      (s) => s.name === 'http_request_duration_seconds_sum' && s.labels.route === '/users/:id',
    )
    expect(sum!.value).toBeGreaterThan(0)
    // and the process metrics prom-client collects by default
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter')
  }, 30_000)

  it('the endpoint answers through inject too, the same format', async () => {
    const app = await meteredApp()
    await app.inject({ url: '/users/1' })
    await app.inject({ url: '/users/2' })
    const scrape = await app.inject({ url: '/metrics' })
    expect(scrape.statusCode).toBe(200)
    expect(scrape.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    const { samples } = parseExposition(scrape.body)
    const count = samples.find((s) => s.name === durationCount && s.labels.route === '/users/:id')
    expect(count).toEqual({
      name: durationCount,
      labels: { method: 'GET', route: '/users/:id', status_code: '200' },
      value: 2,
    })
  })
})
