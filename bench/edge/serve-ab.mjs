// Bun.serve A/B in one Bun process: each build of @framework/fetch given (and Hono) is served on
// its own port; a node child loads one at a time with autocannon (a fixed number of requests),
// in rotating rounds, and the figure is this process's own CPU time per request during the load.
// bun [--conditions=framework-source] bench/edge/serve-ab.mjs [--rounds 4] [--amount 20000]
//   [--only get,post] [--handlers async,sync]
//   [--others hono,elysia,elysia-fetch,floor,floor-framework-way,floor-elysia-way,floor-pending,
//   floor-routes,floor-routes-url] [--pin 0]
//   [fetch-module ...]
// (`--handlers sync` adds each build with the app's synchronous handlers, see app.mjs. The floors:
// what any handler pays on Bun.serve; `-pending` answering a promise still pending, `-routes` in
// Bun.serve's own router without reading the URL, `-routes-url` reading it.)
import { buildApp } from './app.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  if (at === -1) return fallback
  return args.splice(at, 2)[1]
}
const rounds = Number(option('rounds', 4))
const amount = Number(option('amount', 20000))
const only = option('only', 'get,post').split(',')
const handlerKinds = option('handlers', 'async').split(',')
const others = option('others', 'hono').split(',')
// The CPU the load generator runs on (`taskset -c`), away from the server's: run the server
// itself with `taskset -c 1 bun ... --pin 0` so the two never share a core.
const pin = option('pin', undefined)
const modules = args.length > 0 ? args : ['@framework/fetch']
const postBody = JSON.stringify({ name: 'Ada Lovelace', age: 36 })
const scenarios = {
  get: { method: 'GET', path: '/hello' },
  post: {
    method: 'POST',
    path: '/users',
    headers: { 'content-type': 'application/json' },
    body: postBody,
  },
}

const variants = []
for (const specifier of modules) {
  const url = /^[./]/.test(specifier)
    ? new URL(specifier, `file://${process.cwd()}/`).href
    : specifier
  const { default: framework, toFetchHandler } = await import(url)
  for (const handlers of handlerKinds) {
    const name = handlers === 'async' ? specifier : `${specifier} (${handlers} handlers)`
    variants.push({ name, fetch: toFetchHandler(buildApp(framework, { handlers })) })
  }
}
if (others.includes('hono')) {
  const { Hono } = await import('hono')
  const { zValidator } = await import('@hono/zod-validator')
  const { z } = await import('zod')
  const user = z.object({ name: z.string().max(50), age: z.number().int().min(0) })
  const app = new Hono()
  app.get('/hello', (c) => c.json({ hello: 'world' }))
  app.post('/users', zValidator('json', user), (c) => c.json(c.req.valid('json'), 201))
  variants.push({ name: 'hono', fetch: app.fetch })
}
// The floor: what any Fetch handler pays on Bun.serve (the URL and method read, a POST's body read
// as text, a JSON Response made), the same bodies as the app's.
if (others.includes('floor'))
  variants.push({
    name: 'floor',
    fetch: async (request) => {
      const post = request.url.endsWith('/users') && request.method === 'POST'
      const body = post ? await request.text() : '{"hello":"world"}'
      const headers = { 'content-type': 'application/json; charset=utf-8' }
      return new Response(body, { status: post ? 201 : 200, headers })
    },
  })
// The POST's host-facing work done the framework's way (the request's headers as one object, the
// body as text, parsed and serialized again, a Response with its length) and Elysia's way (one
// header read, `request.json()`, `Response.json`).
if (others.includes('floor-framework-way'))
  variants.push({
    name: 'floor (framework way)',
    fetch: async (request) => {
      request.headers.toJSON()
      const post = request.url.endsWith('/users') && request.method === 'POST'
      const body = post ? JSON.stringify(JSON.parse(await request.text())) : '{"hello":"world"}'
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
      }
      return new Response(body, { status: post ? 201 : 200, headers })
    },
  })
if (others.includes('floor-elysia-way'))
  variants.push({
    name: 'floor (Elysia way)',
    fetch: async (request) => {
      const post = request.url.endsWith('/users') && request.method === 'POST'
      if (!post) return Response.json({ hello: 'world' })
      request.headers.get('content-type')
      return Response.json(await request.json(), { status: 201 })
    },
  })
// The same floor answering a promise still pending when the handler returns (as an async handler's
// answer is after a turn of the microtask queue).
if (others.includes('floor-pending'))
  variants.push({
    name: 'floor (pending)',
    fetch: async (request) => {
      const post = request.url.endsWith('/users') && request.method === 'POST'
      const body = post ? await request.text() : await '{"hello":"world"}'
      const headers = { 'content-type': 'application/json; charset=utf-8' }
      return new Response(body, { status: post ? 201 : 200, headers })
    },
  })
for (const variant of variants) {
  variant.server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: variant.fetch })
}
// The floor's handlers in Bun.serve's own route table (no fetch dispatch, no URL read).
if (others.includes('floor-routes')) {
  const headers = { 'content-type': 'application/json; charset=utf-8' }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    routes: {
      '/hello': { GET: () => new Response('{"hello":"world"}', { headers }) },
      '/users': {
        POST: async (request) => new Response(await request.text(), { status: 201, headers }),
      },
    },
    fetch: () => new Response('Not Found', { status: 404 }),
  })
  variants.push({ name: 'floor (Bun routes)', server })
}
// The same, reading the request's URL as a Fetch handler must (to route it, and for its query).
if (others.includes('floor-routes-url')) {
  const headers = { 'content-type': 'application/json; charset=utf-8' }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    routes: {
      '/hello': {
        GET: (request) => request.url && new Response('{"hello":"world"}', { headers }),
      },
      '/users': {
        POST: async (request) =>
          request.url && new Response(await request.text(), { status: 201, headers }),
      },
    },
    fetch: () => new Response('Not Found', { status: 404 }),
  })
  variants.push({ name: 'floor (Bun routes, URL read)', server })
}
const elysiaKinds = others.filter((name) => name === 'elysia' || name === 'elysia-fetch')
for (const kind of elysiaKinds) {
  // Elysia serves itself (its listen() hands Bun.serve's own router its static routes);
  // `elysia-fetch` is the same app behind a plain fetch function, as a Fetch handler is served.
  const { Elysia, t } = await import('elysia')
  const app = new Elysia()
    .get('/hello', () => ({ hello: 'world' }))
    .post(
      '/users',
      ({ body, set }) => {
        set.status = 201
        return body
      },
      { body: t.Object({ name: t.String({ maxLength: 50 }), age: t.Integer({ minimum: 0 }) }) },
    )
  if (kind === 'elysia') {
    app.listen({ port: 0, hostname: '127.0.0.1' })
    variants.push({ name: 'elysia', server: app.server })
  } else {
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) => app.handle(request),
    })
    variants.push({ name: 'elysia (fetch, no Bun routes)', server })
  }
}

const loader = `
import autocannon from 'autocannon'
const [url, options] = process.argv.slice(1)
const result = await autocannon({ url, ...JSON.parse(options) })
console.log(JSON.stringify({ sent: result.requests.sent, non2xx: result.non2xx, errors: result.errors }))
`
function load(variant, key, count) {
  const { path, ...scenario } = scenarios[key]
  const url = `http://127.0.0.1:${variant.server.port}${path}`
  const options = JSON.stringify({ connections: 20, amount: count, ...scenario })
  return new Promise((resolve, reject) => {
    const command = ['node', '--input-type=module', '-e', loader, url, options]
    const child = Bun.spawn(pin === undefined ? command : ['taskset', '-c', pin, ...command], {
      cwd: new URL('..', import.meta.url).pathname,
      stdout: 'pipe',
      stderr: 'inherit',
    })
    new Response(child.stdout).text().then((text) => {
      const result = JSON.parse(text)
      if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${variant.name} ${key}: ${text}`))
      else resolve(result.sent)
    }, reject)
  })
}

for (const variant of variants) for (const key of only) await load(variant, key, amount / 4)
const samples = new Map()
for (let round = 0; round < rounds; round++) {
  for (const key of only) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(i + round) % variants.length]
      const start = process.cpuUsage()
      const sent = await load(variant, key, amount)
      const used = process.cpuUsage(start)
      const label = `${key} ${variant.name}`
      if (!samples.has(label)) samples.set(label, [])
      samples.get(label).push((used.user + used.system) / sent)
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
console.log(
  `bun ${Bun.version} Bun.serve, ${rounds} rounds of ${amount} requests (20 connections), server CPU µs/request (median, min), ratio to the first (of the medians; median of each round's own ratio)`,
)
for (const key of only) {
  const firstValues = samples.get(`${key} ${variants[0].name}`)
  const first = median(firstValues)
  for (const variant of variants) {
    const values = samples.get(`${key} ${variant.name}`)
    const m = median(values)
    // Each round loads every variant in turn: a round's own ratio cancels the load of that moment.
    const paired = median(values.map((value, round) => value / firstValues[round]))
    console.log(
      `${key.padEnd(5)} ${variant.name.padEnd(40)} ${m.toFixed(2).padStart(8)} ${Math.min(...values)
        .toFixed(2)
        .padStart(8)}  ×${(m / first).toFixed(2)}  ×${paired.toFixed(2)} paired`,
    )
  }
}
process.exit(0)
