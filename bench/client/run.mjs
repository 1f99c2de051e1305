// Cost of the typed client (issue 24): generation time and the type-check cost of a call site.
//
// For each route count N: builds an app of N routes (params, a querystring with a default, a body
// whose `owner` is a `$ref` to a shared schema, responses 200 and 201; property names differ per
// route, so no two routes share a type), times `generateRouteTypes(app)` after `ready()` (median
// of --runs; wall and CPU time, the CPU time of the first run too, which loads the converter), writes the generated file, then type-checks two programs against it with
// `tsc --noEmit --extendedDiagnostics`: `none.ts` (the client created, no call) and `calls.ts`
// (the same plus --calls calls, each narrowing `status` and reading `data`), and `one.ts` (one call).
// The call-site cost is calls.ts minus none.ts; past the first call (calls.ts minus one.ts) it leaves
// out what the first call makes once for the whole program (the union of the method's paths).
// Neither should grow with N. Build first (`pnpm build`).
// Usage: node bench/client/run.mjs [--routes 100,1000] [--calls 50] [--runs 5]
import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { generateRouteTypes } from '@framework/client/typegen'
import framework from 'framework'

const run = promisify(execFile)
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const out = fileURLToPath(new URL('../results/client/', import.meta.url))

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : process.argv[at + 1]
}
const routeCounts = option('routes', '100,1000').split(',').map(Number)
const callCount = Number(option('calls', '50'))
const runs = Number(option('runs', '5'))

function buildApp(count) {
  const app = framework()
  app.addSchema({
    $id: 'user',
    type: 'object',
    properties: { id: { type: 'integer' }, email: { type: 'string' } },
    required: ['id'],
  })
  for (let i = 0; i < count; i++) {
    app.post(
      `/r${i}/:id`,
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          querystring: {
            type: 'object',
            properties: { limit: { type: 'integer', default: 10 }, [`q${i}`]: { type: 'string' } },
          },
          body: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              [`count${i}`]: { type: 'number' },
              tags: { type: 'array', items: { type: 'string' } },
              owner: { $ref: 'user#' },
            },
            required: ['name', `count${i}`],
          },
          response: {
            200: {
              type: 'object',
              properties: { id: { type: 'integer' }, [`name${i}`]: { type: 'string' } },
              required: ['id', `name${i}`],
            },
            201: { type: 'object', properties: { created: { type: 'boolean' } } },
          },
        },
      },
      async () => ({ id: 1, [`name${i}`]: 'x' }),
    )
  }
  return app
}

function callsFile(calls) {
  let text = `import { createClient } from '@framework/client'
import type { Routes } from './routes.generated.js'

const client = createClient<Routes>({ baseUrl: 'http://localhost:3000' })

export async function calls(): Promise<unknown[]> {
  const seen: unknown[] = [client]
`
  for (let i = 0; i < calls; i++) {
    text += `  const r${i} = await client.post('/r${i}/:id', {
    params: { id: ${i} },
    query: { q${i}: 'x' },
    body: { name: 'n', count${i}: ${i}, owner: { id: 1 } },
  })
  if (r${i}.status === 200) seen.push(r${i}.data.name${i}.toUpperCase())
  else if (r${i}.status === 400) seen.push(r${i}.data.message)
`
  }
  return `${text}  return seen\n}\n`
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

async function check(dir, file) {
  await writeFile(
    `${dir}tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: [file],
    }),
  )
  // tsc runs in a node process that reports its own CPU time on exit: on a shared machine wall
  // time says more about the neighbours than about the types (as bench/types/run.mjs does).
  const { stdout } = await run(
    process.execPath,
    ['-e', cpuReporter, tsc, '-p', dir, '--extendedDiagnostics'],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error) => ({ stdout: error.stdout ?? '' }))
  const errors = stdout.split('\n').filter((line) => line.includes('error TS'))
  if (errors.length > 0)
    throw new Error(`${dir}${file} does not compile:\n${errors.slice(0, 5).join('\n')}`)
  return {
    cpu: statistic(stdout, 'CPU time'),
    check: statistic(stdout, 'Check time'),
    instantiations: statistic(stdout, 'Instantiations'),
    types: statistic(stdout, 'Types'),
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const results = new Map()
for (const count of routeCounts) {
  const app = buildApp(count)
  await app.ready()
  const times = []
  const cpuTimes = []
  let text = ''
  for (let r = 0; r < runs; r++) {
    const started = performance.now()
    const cpu = process.cpuUsage()
    text = await generateRouteTypes(app)
    const used = process.cpuUsage(cpu)
    times.push(performance.now() - started)
    cpuTimes.push((used.user + used.system) / 1000)
  }
  await app.close()
  const dir = `${out}${count}/`
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(`${dir}package.json`, JSON.stringify({ type: 'module', private: true }))
  await writeFile(`${dir}routes.generated.ts`, text)
  await writeFile(`${dir}none.ts`, callsFile(0))
  await writeFile(`${dir}one.ts`, callsFile(1))
  await writeFile(`${dir}calls.ts`, callsFile(Math.min(callCount, count)))
  const none = []
  const one = []
  const calls = []
  for (let r = 0; r < runs; r++) {
    none.push(await check(dir, 'none.ts'))
    one.push(await check(dir, 'one.ts'))
    calls.push(await check(dir, 'calls.ts'))
  }
  const result = {
    generateMs: median(times),
    generateCpuMs: median(cpuTimes),
    firstCpuMs: cpuTimes[0],
    kB: text.length / 1024,
    noneCpu: median(none.map((sample) => sample.cpu)),
    callsCpu: median(calls.map((sample) => sample.cpu)),
    // The cost of the calls alone: each run's program with calls minus the one without, paired.
    callCpu: median(calls.map((sample, i) => sample.cpu - none[i].cpu)),
    callCheck: median(calls.map((sample, i) => sample.check - none[i].check)),
    // Past the first call (which makes the union of the method's paths once): the calls' own cost.
    moreCpu: median(calls.map((sample, i) => sample.cpu - one[i].cpu)),
    moreCheck: median(calls.map((sample, i) => sample.check - one[i].check)),
    callInstantiations: calls[0].instantiations - none[0].instantiations,
    callTypes: calls[0].types - none[0].types,
  }
  results.set(count, result)
  console.log(
    `${String(count).padStart(5)} routes: generate ${result.generateMs.toFixed(0)} ms wall, cpu ${result.generateCpuMs.toFixed(0)} ms (first run ${result.firstCpuMs.toFixed(0)} ms), ${result.kB.toFixed(0)} kB; ` +
      `tsc cpu without calls ${result.noneCpu.toFixed(2)} s, with ${callCount} calls ${result.callsCpu.toFixed(2)} s; ` +
      `the calls alone: cpu ${result.callCpu.toFixed(2)} s, check ${result.callCheck.toFixed(2)} s, ` +
      `${result.callInstantiations} instantiations, ${result.callTypes} types; ` +
      `past the first call: cpu ${result.moreCpu.toFixed(2)} s, check ${result.moreCheck.toFixed(2)} s`,
  )
}

if (routeCounts.length >= 2) {
  const small = results.get(routeCounts[0])
  const large = results.get(routeCounts.at(-1))
  const x = (a, b, digits = 2) => `x${(a / b).toFixed(digits)}`
  console.log(
    `the calls, ${routeCounts.at(-1)} vs ${routeCounts[0]} routes (target: within 1.1x): ` +
      `instantiations ${x(large.callInstantiations, small.callInstantiations, 3)}, ` +
      `cpu ${x(large.callCpu, small.callCpu)}, check time ${x(large.callCheck, small.callCheck)}; ` +
      `types ${x(large.callTypes, small.callTypes)} (the paths of the method, made once); ` +
      `past the first call: cpu ${x(large.moreCpu, small.moreCpu)}, check time ${x(large.moreCheck, small.moreCheck)}; ` +
      `the whole program with calls: cpu ${x(large.callsCpu, small.callsCpu)}`,
  )
}
