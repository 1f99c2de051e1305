// The validated POST taken apart, in process on Bun: the framework's fetch handler (a bundle and a
// byte-identical copy of it, the A/A pair whose spread is the noise), the framework with one part
// removed at a time, Elysia (`app.handle`, with and without its body schema), Hono and two floors,
// interleaved in rounds; then the validators alone (Ajv's compiled function, TypeBox's compiled
// check, and the check as Elysia runs it: copied, cleaned, checked, decoded).
// bun bench/edge/post-parts.mjs [--rounds 16] [--requests 8000] bundle.mjs bundle-copy.mjs
// (a bundle: `bun build packages/fetch/dist/index.js --target bun --outfile <file>`)
import { createRequire } from 'node:module'
import { buildApp, userSchema } from './app.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  if (at === -1) return fallback
  return args.splice(at, 2)[1]
}
const rounds = Number(option('rounds', 16))
const requests = Number(option('requests', 8000))
const [bundle, copy] = args
if (copy === undefined) throw new Error('give a bundle of @framework/fetch and a copy of it')

const postBody = JSON.stringify({ name: 'Ada Lovelace', age: 36 })
const makeRequest = () =>
  new Request('http://localhost/users', {
    method: 'POST',
    // As a host's server hands it over: with its length.
    headers: { 'content-type': 'application/json', 'content-length': String(postBody.length) },
    body: postBody,
  })
const load = async (file) => import(new URL(file, `file://${process.cwd()}/`).href)
const a = await load(bundle)
const b = await load(copy)

const variants = []
const add = (name, handler) => variants.push({ name, handler })
const frameworkApp = ({ toFetchHandler, default: framework }, build, options) => {
  const app = framework(options)
  build(app)
  return toFetchHandler(app)
}
add('framework', a.toFetchHandler(buildApp(a.default)))
add('framework (A/A copy)', b.toFetchHandler(buildApp(b.default)))
add('framework, sync handler', a.toFetchHandler(buildApp(a.default, { handlers: 'sync' })))
add(
  'framework, no validation',
  frameworkApp(a, (app) =>
    app.post('/users', async (request, reply) => reply.code(201).send(request.body)),
  ),
)
add(
  'framework, poisoning scan off',
  frameworkApp(
    a,
    (app) =>
      app.post('/users', { schema: { body: userSchema } }, async (request, reply) =>
        reply.code(201).send(request.body),
      ),
    { onProtoPoisoning: 'ignore', onConstructorPoisoning: 'ignore' },
  ),
)
add(
  'framework, response schema',
  frameworkApp(a, (app) =>
    app.post(
      '/users',
      { schema: { body: userSchema, response: { 201: userSchema } } },
      async (request, reply) => reply.code(201).send(request.body),
    ),
  ),
)
// The body still read, parsed and validated; the answer a ready string (no serializer).
add(
  'framework, no serializer',
  frameworkApp(a, (app) =>
    app.post('/users', { schema: { body: userSchema } }, async (_request, reply) =>
      reply.code(201).type('application/json').send(postBody),
    ),
  ),
)
// Lifecycle and transport only: no validation, no serializer.
add(
  'framework, neither',
  frameworkApp(a, (app) =>
    app.post('/users', async (_request, reply) =>
      reply.code(201).type('application/json').send(postBody),
    ),
  ),
)

const { Elysia, t } = await import('elysia')
const elysiaBody = t.Object({ name: t.String({ maxLength: 50 }), age: t.Integer({ minimum: 0 }) })
const elysia = new Elysia().post(
  '/users',
  ({ body, set }) => {
    set.status = 201
    return body
  },
  { body: elysiaBody },
)
add('elysia', (request) => elysia.handle(request))
const elysiaBare = new Elysia().post('/users', ({ body, set }) => {
  set.status = 201
  return body
})
add('elysia, no validation', (request) => elysiaBare.handle(request))

const { Hono } = await import('hono')
const { zValidator } = await import('@hono/zod-validator')
const { z } = await import('zod')
const hono = new Hono()
const user = z.object({ name: z.string().max(50), age: z.number().int().min(0) })
hono.post('/users', zValidator('json', user), (c) => c.json(c.req.valid('json'), 201))
add('hono', (request) => hono.fetch(request))

// Floors: what any handler pays. As the framework does it (text, parse, stringify, a Response with
// two headers), and as Elysia does it (Bun's own `json()` and `Response.json`).
add('floor: text + JSON.parse, new Response', async (request) => {
  const text = await request.text()
  const body = JSON.stringify(JSON.parse(text))
  return new Response(body, {
    status: 201,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
    },
  })
})
add('floor: json(), Response.json', async (request) =>
  Response.json(await request.json(), { status: 201 }),
)

const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 40000 }) }
async function run(handler, count) {
  for (let i = 0; i < count; i++) {
    const response = await handler(makeRequest(), server)
    await response.text()
  }
}

for (const variant of variants) {
  const response = await variant.handler(makeRequest(), server)
  const text = await response.text()
  if (response.status !== 201 || JSON.parse(text).name !== 'Ada Lovelace')
    throw new Error(`${variant.name}: ${response.status} ${text}`)
  await run(variant.handler, requests)
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]
const samples = variants.map(() => [])
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < variants.length; i++) {
    const at = (i + round) % variants.length
    const start = process.cpuUsage()
    await run(variants[at].handler, requests)
    const used = process.cpuUsage(start)
    samples[at].push((used.user + used.system) / requests)
  }
}
console.log(
  `bun ${Bun.version}, ${rounds} rounds of ${requests} POSTs, CPU µs/request: median, min, paired ratio to the first`,
)
variants.forEach((variant, at) => {
  const paired = median(samples[at].map((value, round) => value / samples[0][round]))
  console.log(
    `${variant.name.padEnd(42)} ${median(samples[at]).toFixed(2).padStart(7)} ${Math.min(
      ...samples[at],
    )
      .toFixed(2)
      .padStart(7)}  ×${paired.toFixed(2)}`,
  )
})

// The validators alone, on the parsed body.
const requireAjv = createRequire(
  new URL('../../packages/validator-compiler/package.json', import.meta.url),
)
const Ajv = requireAjv('ajv').default
const ajvValidate = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
}).compile(userSchema)
const { TypeCompiler } = await import('@sinclair/typebox/compiler')
const typeboxCheck = TypeCompiler.Compile(elysiaBody)
const { getSchemaValidator } = await import('elysia')
const elysiaValidator = getSchemaValidator(elysiaBody, { normalize: true })
// 64 bodies cycled, so that no check is folded away as a constant.
const texts = Array.from({ length: 64 }, (_, i) =>
  JSON.stringify({ name: `Ada ${i}`, age: 30 + i }),
)
const bodies = texts.map((text) => JSON.parse(text))
let at = 0
const next = () => bodies[at++ & 63]
const checks = {
  'Ajv compiled validate': () => ajvValidate(next()),
  'TypeBox compiled Check': () => typeboxCheck.Check(next()),
  'Elysia: Object.assign, Clean, Check, Decode': () => {
    const body = elysiaValidator.Clean(Object.assign({}, next()))
    return elysiaValidator.Check(body) && elysiaValidator.Decode(body)
  },
  'JSON.parse of the body': () => JSON.parse(texts[at++ & 63]),
  'JSON.stringify of the body': () => JSON.stringify(next()),
}
const calls = 1_000_000
const timings = Object.fromEntries(Object.keys(checks).map((name) => [name, []]))
for (let round = 0; round < 7; round++) {
  for (const [name, check] of Object.entries(checks)) {
    const start = Bun.nanoseconds()
    for (let i = 0; i < calls; i++) if (!check()) throw new Error(name)
    timings[name].push((Bun.nanoseconds() - start) / calls)
  }
}
for (const [name, values] of Object.entries(timings))
  console.log(`${name.padEnd(42)} ${median(values).toFixed(1).padStart(7)} ns/call`)
