// Type-check cost of the schema inference (issue 14, API.md "Types inferred from schemas").
//
// Generates apps of N routes, each with params, querystring, body (one property a `$ref` to a shared
// schema) and two response codes, and type-checks them with `tsc --noEmit --extendedDiagnostics`
// against the built `framework` declarations (run `pnpm build` first). Variants:
//   plain     the same routes and handlers without inference (schemas typed `RouteSchema`,
//             request parts read through `any`): the baseline
//   inferred  the routes as users write them: inline schemas, types inferred by the framework
//   asconst   the same, each inline schema written `as const` (the literal is still checked four
//             times per call, but the checker's search for its `const` context stops at the assertion)
//   hoisted   the same schemas in `as const` variables, declared before each route: the literal is
//             checked once, before the call (the route call then only infers from its type)
//   chained   a prototype of another route form (declared in the app, no runtime): the schema
//             inferred by one call, the handler typed by the next, `app.on('POST', url, { schema })
//             .handler(handler)`: the literal is checked twice, and the handler once against a
//             fixed type, where a call with a context-sensitive handler checks the literal four times
//   manual    the same routes typed by hand: the types written out as route generics
//   generated a prototype (declared in the app, no runtime): each route's types in a generated
//             module (`routes.ts`, keyed by method and URL, as `@framework/client`'s
//             `generateRouteTypes` keys its `Routes`, but the server's side: defaults present),
//             picked up by the route method from the URL; the inline schema is then not inferred
//   jstt      the same schemas `as const`, typed through json-schema-to-ts's `FromSchema` (with
//             `references` for the shared schema) as route generics, the library the issue names
// Usage: node bench/types/run.mjs [--routes 200,400,1000] [--variants plain,inferred,jstt] [--runs 3]
//        (also: manual, asconst, hoisted, chained, generated)
import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const out = fileURLToPath(new URL('../results/types/', import.meta.url))

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : process.argv[at + 1]
}
const routeCounts = option('routes', '200,400,1000').split(',').map(Number)
const variants = option('variants', 'plain,inferred,jstt').split(',')
const runs = Number(option('runs', '3'))

const shared = `export const user = {
  $id: 'user',
  type: 'object',
  properties: { id: { type: 'integer' }, email: { type: 'string' } },
  required: ['id'],
} as const
`

/** The schemas of route i, as source text (distinct property names, so no two routes share types). */
function schemas(i) {
  return {
    params: `{ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }`,
    querystring: `{ type: 'object', properties: { limit: { type: 'integer', default: 10 }, q${i}: { type: 'string' } } }`,
    body: `{ type: 'object', properties: { name: { type: 'string' }, count${i}: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } }, owner: { $ref: 'user#' } }, required: ['name', 'count${i}'] }`,
    ok: `{ type: 'object', properties: { id: { type: 'integer' }, name${i}: { type: 'string' } }, required: ['id', 'name${i}'] }`,
    created: `{ type: 'object', properties: { created: { type: 'boolean' }, at${i}: { type: 'string' } }, required: ['created'] }`,
  }
}

/** The handler body: reads every part, sends 201 through reply.code, returns the 200 payload. */
function handler(i, read) {
  return `async (request, reply) => {
    if (${read('query')}.limit > 5) return reply.code(201).send({ created: true })
    return { id: ${read('params')}.id, name${i}: ${read('body')}.name + ${read('body')}.count${i} }
  }`
}

function route(variant, i) {
  const s = schemas(i)
  const url = `'/r${i}/:id'`
  const inline = `{ params: ${s.params}, querystring: ${s.querystring}, body: ${s.body}, response: { 200: ${s.ok}, 201: ${s.created} } }`
  if (variant === 'inferred' || variant === 'asconst') {
    return `app.post(${url}, {
  schema: ${inline}${variant === 'asconst' ? ' as const' : ''},
}, ${handler(i, (part) => `request.${part}`)})
`
  }
  if (variant === 'chained') {
    return `app.on('POST', ${url}, { schema: ${inline} }).handler(${handler(i, (part) => `request.${part}`)})
`
  }
  if (variant === 'hoisted') {
    return `const schema${i} = ${inline} as const
app.post(${url}, { schema: schema${i} }, ${handler(i, (part) => `request.${part}`)})
`
  }
  if (variant === 'plain') {
    return `const schema${i}: RouteSchema = ${inline}
app.post(${url}, { schema: schema${i} }, ${handler(i, (part) => `(request.${part} as any)`)})
`
  }
  if (variant === 'generated') {
    return `app.post(${url}, { schema: ${inline} }, ${handler(i, (part) => `request.${part}`)})
`
  }
  if (variant === 'manual') {
    return `app.post<{
  Params: { id: number }
  Querystring: { limit: number; q${i}?: string }
  Body: { name: string; count${i}: number; tags?: string[]; owner?: { id: number; email?: string } }
  Reply: { id: number; name${i}: string } | { created: boolean; at${i}?: string }
}>(${url}, { schema: ${inline} }, ${handler(i, (part) => `request.${part}`)})
`
  }
  return `const p${i} = ${s.params} as const
const q${i} = ${s.querystring} as const
const b${i} = ${s.body} as const
const ok${i} = ${s.ok} as const
const created${i} = ${s.created} as const
app.post<{
  Params: FromSchema<typeof p${i}>
  Querystring: FromSchema<typeof q${i}>
  Body: FromSchema<typeof b${i}, { references: [typeof user] }>
  Reply: FromSchema<typeof ok${i}> | FromSchema<typeof created${i}>
}>(${url}, { schema: { params: p${i}, querystring: q${i}, body: b${i}, response: { 200: ok${i}, 201: created${i} } } }, ${handler(i, (part) => `request.${part}`)})
`
}

/**
 * The `chained` variant's route form, declared on the instance: `on` infers the schema (the slot is
 * `object` once `S` is known, as in the route methods), `handler` takes a handler typed by it.
 */
const chainedForm = `  interface FastifyInstance<RawServer = unknown, RawRequest = unknown, RawReply = unknown, Logger = unknown, TypeProvider = unknown, Local extends object = {}> {
    on<const S extends AnyRouteSchema>(method: string, url: string, options: { schema: [S] extends [never] ? S : object }): {
      handler(handler: RouteHandler<SchemaRouteGeneric<S, Local>>): Instance<Local>
    }
  }
`

/** The generated module of the `generated` variant: the route types `manual` writes out, by URL. */
function generatedRoutes(count) {
  let text = 'export interface Routes {\n  POST: {\n'
  for (let i = 0; i < count; i++) {
    text += `    '/r${i}/:id': {
      Params: { id: number }
      Querystring: { limit: number; q${i}?: string }
      Body: { name: string; count${i}: number; tags?: string[]; owner?: { id: number; email?: string } }
      Responses: { 200: { id: number; name${i}: string }; 201: { created: boolean; at${i}?: string } }
    }
`
  }
  return `${text}  }\n}\n`
}

/**
 * The `generated` variant's route form, declared on the route methods: a URL the generated module
 * knows takes its types from there (the URL is the only thing inferred), before the forms that
 * infer the schema. The options are a non-generic interface: TypeScript then leaves them out of
 * inference (a type literal could hold type variables), so the schema literal is checked twice, not
 * four times.
 */
const generatedForm = `  interface GeneratedRouteOptions extends RouteSettingsBase {
    schema?: AnyRouteSchema
  }
  interface RouteShorthand {
    <const U extends keyof Routes['POST']>(path: U, options: GeneratedRouteOptions, handler: RouteHandler<Routes['POST'][U]>): Instance
  }
`

function app(variant, count) {
  const imports =
    variant === 'generated'
      ? `import framework, { type AnyRouteSchema, type Instance, type RouteHandler, type RouteSettingsBase } from 'framework'\nimport type { Routes } from './routes.js'\nimport { user } from './shared.js'\n`
      : variant === 'chained'
        ? `import framework, { type AnyRouteSchema, type Instance, type RouteHandler, type SchemaRouteGeneric } from 'framework'\nimport { user } from './shared.js'\n`
        : variant === 'jstt'
          ? `import type { FromSchema } from 'json-schema-to-ts'\nimport framework from 'framework'\nimport { user } from './shared.js'\n`
          : variant === 'plain' || variant === 'manual'
            ? `import framework, { type RouteSchema } from 'framework'\nimport { user } from './shared.js'\n`
            : `import framework from 'framework'\nimport { user } from './shared.js'\n`
  const augment =
    variant === 'generated'
      ? `declare module 'framework' {\n${generatedForm}}\n`
      : variant === 'chained'
        ? `declare module 'framework' {\n  interface SharedSchemas { user: typeof user }\n${chainedForm}}\n`
        : variant === 'inferred' || variant === 'asconst' || variant === 'hoisted'
          ? `declare module 'framework' {\n  interface SharedSchemas { user: typeof user }\n}\n`
          : ''
  let text = `${imports}${augment}\nconst app = framework()\napp.addSchema(user)\n\n`
  for (let i = 0; i < count; i++) text += route(variant, i)
  return text
}

const cpuReporter = `
process.on('exit', () => {
  const { user, system } = process.cpuUsage()
  process.stdout.write('CPU time: ' + ((user + system) / 1e6).toFixed(2) + 's\\n')
})
require(process.argv[1])
`

function statistic(output, name) {
  const match = output.match(new RegExp(`^${name}:\\s+([\\d.]+)`, 'm'))
  return match ? Number(match[1]) : Number.NaN
}

/** Writes the app of `variant` with `count` routes, and its tsconfig; returns its directory. */
async function generate(variant, count) {
  const dir = `${out}${variant}-${count}/`
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(`${dir}shared.ts`, shared)
  await writeFile(`${dir}app.ts`, app(variant, count))
  if (variant === 'generated') await writeFile(`${dir}routes.ts`, generatedRoutes(count))
  await writeFile(`${dir}package.json`, JSON.stringify({ type: 'module', private: true }))
  await writeFile(
    `${dir}tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [fileURLToPath(new URL('../../node_modules/@types', import.meta.url))],
      },
      files: ['app.ts'],
    }),
  )
  return dir
}

/** One `tsc --noEmit --extendedDiagnostics` run of `dir`. */
async function check(dir) {
  // tsc runs inside a node process that reports its own CPU time on exit: on a shared machine
  // wall-clock time says more about the neighbours than about the types.
  const { stdout } = await run(
    process.execPath,
    ['-e', cpuReporter, tsc, '-p', dir, '--extendedDiagnostics'],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error) => ({ stdout: error.stdout ?? '' }))
  return {
    cpu: statistic(stdout, 'CPU time'),
    total: statistic(stdout, 'Total time'),
    check: statistic(stdout, 'Check time'),
    instantiations: statistic(stdout, 'Instantiations'),
    deep: stdout.includes('TS2589'),
    errors: stdout
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .slice(0, 3)
      .join('\n'),
  }
}

// Times are medians over the runs (noisy on a shared machine); the instantiation count is exact
// and the same in every run of one program, so it is the measure to compare commits by.
const median = (samples) => {
  const sorted = [...samples].sort((a, b) => a.cpu - b.cpu)
  return sorted[Math.floor(sorted.length / 2)]
}

const results = []
for (const count of routeCounts) {
  const dirs = new Map()
  for (const variant of variants) dirs.set(variant, await generate(variant, count))
  // The variants take turns, run after run: a machine that slows down or speeds up during the
  // measurement then weighs on every variant alike, not on the one that happened to run then.
  const samples = new Map(variants.map((variant) => [variant, []]))
  for (let r = 0; r < runs; r++) {
    for (const variant of variants) samples.get(variant).push(await check(dirs.get(variant)))
  }
  for (const variant of variants) {
    const result = { variant, routes: count, ...median(samples.get(variant)) }
    results.push(result)
    console.log(
      `${variant.padEnd(9)} ${String(count).padStart(5)} routes: cpu ${result.cpu.toFixed(2)} s, total ${result.total.toFixed(2)} s, check ${result.check.toFixed(2)} s, ${result.instantiations} instantiations${result.deep ? ', TS2589!' : ''}${result.errors ? `\n  ${result.errors}` : ''}`,
    )
  }
}

const find = (variant, count) => results.find((r) => r.variant === variant && r.routes === count)
const ratio = (a, b) =>
  a && b
    ? `${(a.cpu / b.cpu).toFixed(2)} (cpu), ${(a.total / b.total).toFixed(2)} (tsc total time), ${(a.check / b.check).toFixed(2)} (check time), ${(a.instantiations / b.instantiations).toFixed(2)} (instantiations, exact: ${a.instantiations} / ${b.instantiations})`
    : 'n/a'
console.log('\nratios (median run by CPU time):')
for (const count of routeCounts) {
  for (const variant of variants.filter((v) => v !== 'plain')) {
    console.log(
      `  ${variant} / plain at ${count}: ${ratio(find(variant, count), find('plain', count))}`,
    )
  }
}
for (const variant of variants) {
  if (find(variant, 200) && find(variant, 400)) {
    console.log(`  ${variant} 400 / 200: ${ratio(find(variant, 400), find(variant, 200))}`)
  }
}
await writeFile(`${out}results.json`, `${JSON.stringify(results, null, 2)}\n`)
