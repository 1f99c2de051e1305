// Instructions per request of one scenario (a to g), counted by valgrind's callgrind in the
// server's process (user space only), a reading that the other processes of a busy machine do not
// move: `node bench/tools/scenario-instructions.mjs <target> <scenario> [requests] [warm-up]`
// (default 2000 and 3000). Like service-instructions.mjs for (h): the server starts under
// valgrind with instrumentation off, takes the warm-up requests, then `callgrind_control` turns
// instrumentation on for the timed requests only; the load comes from scenario-client.mjs. Prints
// the total, the compiler's and GC's shares, and the rest (the steadiest figure). About a minute
// per target and scenario; the callgrind file stays in bench/results/profiles/.
//
// BENCH_LOAD=autocannon[:connections] loads the server with autocannon (50 connections by
// default), as run.mjs does, instead of scenario-client.mjs: each autocannon run opens its own
// connections, so a settling run of 2000 requests goes between the warm-up and the count, and the
// count holds the first requests of its connections. BENCH_CACHE_SIM=1 has callgrind simulate the
// caches and the branch predictor too, and prints their misses per request (first-level
// instruction and data misses, mispredicted branches): what the instruction count does not show of
// the cost of a larger code or data footprint. BENCH_WARM_MIX=a,b,c,d,e,f,g first serves each
// listed scenario (the warm-up count each, over a client of its own), so that the count is taken
// in a process whose shared code has seen every route, as a server kept up by run.mjs has: the
// default count is taken in a process that served one scenario only.

import { execFileSync, fork } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { scenarioRequest } from '../src/measure.mjs'
import { scenarios } from '../src/scenarios.mjs'

const [target = 'framework', id = 'c', n = '2000', warm = '3000'] = process.argv.slice(2)
const dir = fileURLToPath(new URL('../results/profiles/', import.meta.url))
mkdirSync(dir, { recursive: true })
const out = `${dir}callgrind.${target}.${id}.${Date.now()}.out`
const child = fork(fileURLToPath(new URL('./profile-server.mjs', import.meta.url)), [target], {
  execPath: 'valgrind',
  // --single-threaded: V8 compiles and collects on the main thread, so that a run's count does not
  // depend on when a background job happened to finish
  execArgv: [
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${out}`,
    '-q',
    ...(process.env.BENCH_CACHE_SIM === '1' ? ['--cache-sim=yes', '--branch-sim=yes'] : []),
    process.execPath,
    '--single-threaded',
    // more V8 flags for the server, space-separated (e.g. to test how steady the count is)
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ],
})
const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
const [loader, connections = '50'] = (process.env.BENCH_LOAD ?? 'client').split(':')
for (const other of (process.env.BENCH_WARM_MIX ?? '').split(',').filter(Boolean)) {
  const mixed = clientLoad(port, other)
  await mixed.load(Number(warm))
  mixed.stop()
}
const { load, stop } =
  loader === 'autocannon' ? autocannonLoad(port, Number(connections)) : clientLoad(port, id)
const control = (...args) =>
  execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'pipe' })
await load(Number(warm))
if (loader === 'autocannon') await load(2000)
control('-i', 'on')
await load(Number(n))
control('-i', 'off')
stop()
child.send('stop')
await new Promise((resolve) => child.once('exit', resolve))

const perRequest = (count) => Math.round(count / Number(n)).toLocaleString('en')
const counts = readFileSync(out, 'utf8')
const events = /^events: (.*)$/m.exec(counts)?.[1].split(' ') ?? []
const totals = /^totals: (.*)$/m.exec(counts)?.[1].split(' ').map(Number) ?? []
const event = (name) => totals[events.indexOf(name)] ?? Number.NaN
const total = event('Ir')
const groups = [
  ['compiler', /v8::internal::compiler::|Zone|Turbofan|Maglev/],
  [
    'GC',
    /Marking|Sweeper|MarkCompact|Evacuat|Compactor|LiveObject|RememberedSet|Scaveng|Semi|NewSpace|IterateObjectCache|RootScavenge|RelocIterator|ActiveSystemPages|MemoryChunk|SlotSet|GCTracer|IteratePointers|BodyDescriptor|SizeFromMap|RecordMigrated|Worklist|WeakObjects|ObjectVisitor|Heap::/,
  ],
]
const annotated = execFileSync(
  'callgrind_annotate',
  ['--inclusive=no', '--threshold=100', '--show=Ir', out],
  {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  },
)
const byGroup = { compiler: 0, GC: 0 }
for (const line of annotated.split('\n')) {
  const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line)
  if (!m || m[2].startsWith('PROGRAM TOTALS')) continue
  const group = groups.find(([, re]) => re.test(m[2]))?.[0]
  if (group !== undefined) byGroup[group] += Number(m[1].replaceAll(',', ''))
}
console.log(
  `${target} (${id}): ${perRequest(total)} instructions/req, compiler ${perRequest(byGroup.compiler)}, ` +
    `GC ${perRequest(byGroup.GC)}, the rest ${perRequest(total - byGroup.compiler - byGroup.GC)} ` +
    `(${n} requests after ${warm}${loader === 'autocannon' ? `, autocannon ${connections}` : ''}` +
    `${process.env.BENCH_WARM_MIX ? `, after ${warm} each of ${process.env.BENCH_WARM_MIX}` : ''})` +
    (events.includes('D1mr')
      ? `\n  misses/req: I1 ${perRequest(event('I1mr'))}, D1 read ${perRequest(event('D1mr'))}, ` +
        `D1 write ${perRequest(event('D1mw'))}, branches ${perRequest(event('Bcm'))} ` +
        `conditional and ${perRequest(event('Bim'))} indirect`
      : '') +
    `\n${out}`,
)

/** One scenario-client.mjs for the warm-up and the count: the same connections throughout. */
function clientLoad(port, scenario) {
  const client = fork(fileURLToPath(new URL('./scenario-client.mjs', import.meta.url)), [
    String(port),
    scenario,
  ])
  const load = (count) =>
    new Promise((resolve, reject) => {
      client.send({ n: count })
      client.once('message', (m) =>
        m.error === undefined ? resolve() : reject(new Error(`client: ${m.error}`)),
      )
    })
  return { load, stop: () => client.send('stop') }
}

/** autocannon in this process, as run.mjs loads a server; new connections for every run. */
function autocannonLoad(port, connections) {
  const { expect } = scenarios[id]
  const load = async (amount) => {
    const result = await autocannon({
      ...scenarioRequest(port, id),
      amount,
      connections,
      timeout: 60,
    })
    const wrong = result.requests.total - (result.statusCodeStats[expect.status]?.count ?? 0)
    if (result.errors > 0 || wrong !== 0) {
      throw new Error(`autocannon: ${result.errors} errors, ${wrong} answers not ${expect.status}`)
    }
  }
  return { load, stop: () => {} }
}
