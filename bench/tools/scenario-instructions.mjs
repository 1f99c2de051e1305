// Instructions per request of one scenario (a to g), counted by valgrind's callgrind in the
// server's process (user space only), a reading that the other processes of a busy machine do not
// move: `node bench/tools/scenario-instructions.mjs <target> <scenario> [requests] [warm-up]`
// (default 2000 and 3000). Like service-instructions.mjs for (h): the server starts under
// valgrind with instrumentation off, takes the warm-up requests, then `callgrind_control` turns
// instrumentation on for the timed requests only; the load comes from scenario-client.mjs. Prints
// the total, the compiler's and GC's shares, and the rest (the steadiest figure). About a minute
// per target and scenario; the callgrind file stays in bench/results/profiles/.
import { execFileSync, fork } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

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
    process.execPath,
    '--single-threaded',
    // more V8 flags for the server, space-separated (e.g. to test how steady the count is)
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ],
})
const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
// One client for the warm-up and the counted requests: the same connections throughout.
const client = fork(fileURLToPath(new URL('./scenario-client.mjs', import.meta.url)), [
  String(port),
  id,
])
const load = (count) =>
  new Promise((resolve, reject) => {
    client.send({ n: count })
    client.once('message', (m) =>
      m.error === undefined ? resolve() : reject(new Error(`client: ${m.error}`)),
    )
  })
const control = (...args) =>
  execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'pipe' })
await load(Number(warm))
control('-i', 'on')
await load(Number(n))
control('-i', 'off')
client.send('stop')
child.send('stop')
await new Promise((resolve) => child.once('exit', resolve))

const perRequest = (count) => Math.round(count / Number(n)).toLocaleString('en')
const total = Number(/^totals: (\d+)/m.exec(readFileSync(out, 'utf8'))?.[1] ?? Number.NaN)
const groups = [
  ['compiler', /v8::internal::compiler::|Zone|Turbofan|Maglev/],
  [
    'GC',
    /Marking|Sweeper|MarkCompact|Evacuat|Compactor|LiveObject|RememberedSet|Scaveng|Semi|NewSpace|IterateObjectCache|RootScavenge|RelocIterator|ActiveSystemPages|MemoryChunk|SlotSet|GCTracer|IteratePointers|BodyDescriptor|SizeFromMap|RecordMigrated|Worklist|WeakObjects|ObjectVisitor|Heap::/,
  ],
]
const annotated = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', out], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
})
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
    `(${n} requests after ${warm})\n${out}`,
)
