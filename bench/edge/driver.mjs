// In-process driver of a Fetch handler: no sockets, no adapter, only `handler(new Request(...))`
// and reading the response's body, as a host does. Compares the framework's fetch handler
// (from one or more builds of @framework/fetch, e.g. a saved copy of the previous build against
// the current one) and Hono on the same two routes, interleaved in rounds in one process, so a
// loaded machine slows every variant alike.
// node|bun bench/edge/driver.mjs [--rounds 12] [--requests 4000] [--only get,post]
//   [--others hono,floor] [fetch-module ...]
import { buildApp } from './app.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  if (at === -1) return fallback
  const [value] = args.splice(at, 2).slice(1)
  return value
}
const rounds = Number(option('rounds', 12))
const requests = Number(option('requests', 4000))
const only = option('only', 'get,post').split(',')
const others = option('others', 'hono,floor').split(',')
const modules = args.length > 0 ? args : ['@framework/fetch']

const base = 'http://localhost'
const postBody = JSON.stringify({ name: 'Ada Lovelace', age: 36 })
const scenarios = {
  get: { make: () => new Request(`${base}/hello`), status: 200, body: '{"hello":"world"}' },
  post: {
    make: () =>
      new Request(`${base}/users`, {
        method: 'POST',
        // As a host's server hands it over: with its length (then read whole, not streamed).
        headers: { 'content-type': 'application/json', 'content-length': String(postBody.length) },
        body: postBody,
      }),
    status: 201,
    body: postBody,
  },
}

const variants = []
for (const specifier of modules) {
  const url =
    specifier.startsWith('.') || specifier.startsWith('/')
      ? new URL(specifier, `file://${process.cwd()}/`).href
      : specifier
  const { default: framework, toFetchHandler } = await import(url)
  variants.push({ name: specifier, handler: toFetchHandler(buildApp(framework)) })
}
if (others.includes('hono')) {
  const { Hono } = await import('hono')
  const { zValidator } = await import('@hono/zod-validator')
  const { z } = await import('zod')
  const user = z.object({ name: z.string().max(50), age: z.number().int().min(0) })
  const app = new Hono()
  app.get('/hello', (c) => c.json({ hello: 'world' }))
  app.post('/users', zValidator('json', user), (c) => c.json(c.req.valid('json'), 201))
  variants.push({ name: 'hono', handler: (request) => app.fetch(request) })
}
// The floor: the host's own work (a Request made, a Response made and read).
if (others.includes('floor'))
  variants.push({
    name: 'floor',
    handler: async (request) => {
      if (request.method === 'POST') await request.text()
      return new Response('{"hello":"world"}', { headers: { 'content-type': 'application/json' } })
    },
  })

// The second argument Bun.serve gives a handler (its server), as far as the client's address goes.
const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 40000 }) }

async function run(handler, scenario, count) {
  for (let i = 0; i < count; i++) {
    const response = await handler(scenario.make(), server)
    await response.text()
  }
}

// Check, then warm up.
for (const variant of variants) {
  for (const key of only) {
    const scenario = scenarios[key]
    const response = await variant.handler(scenario.make(), server)
    const text = await response.text()
    if (variant.name !== 'floor' && (response.status !== scenario.status || text !== scenario.body))
      throw new Error(`${variant.name} ${key}: ${response.status} ${text}`)
    await run(variant.handler, scenario, requests)
  }
}

const samples = new Map()
for (let round = 0; round < rounds; round++) {
  for (const key of only) {
    // Rotate the order each round, so no variant always runs right after the same one.
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(i + round) % variants.length]
      const start = process.cpuUsage()
      await run(variant.handler, scenarios[key], requests)
      const used = process.cpuUsage(start)
      const label = `${key} ${variant.name}`
      if (!samples.has(label)) samples.set(label, [])
      samples.get(label).push((used.user + used.system) / requests)
    }
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
const runtime = typeof Bun === 'undefined' ? `node ${process.version}` : `bun ${Bun.version}`
console.log(`${runtime}, ${rounds} rounds of ${requests} requests, CPU µs/request (median, min)`)
for (const key of only) {
  const first = median(samples.get(`${key} ${variants[0].name}`))
  for (const variant of variants) {
    const values = samples.get(`${key} ${variant.name}`)
    const m = median(values)
    console.log(
      `${key.padEnd(5)} ${variant.name.padEnd(40)} ${m.toFixed(2).padStart(8)} ${Math.min(...values)
        .toFixed(2)
        .padStart(8)}  ×${(m / first).toFixed(2)}`,
    )
  }
}
