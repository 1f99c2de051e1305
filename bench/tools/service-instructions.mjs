// Instructions per request of scenario (h), counted by valgrind's callgrind in the server's
// process (user space only: the kernel's socket work is left out), a reading that the other
// processes of a busy machine do not move: `node bench/tools/service-instructions.mjs
// <target> [requests] [warm-up]` (default 2000 and 3000; BENCH_PLUGIN_LINE=5 for the framework's
// Fastify-5 plugin line). The server starts under valgrind with instrumentation off, takes the
// warm-up requests, then `callgrind_control` turns instrumentation on for the timed requests
// only. The load comes from service-client.mjs (10 requests at a time, keep-alive). Slow:
// about a minute per target. The callgrind file stays in bench/results/profiles/ (open it with
// callgrind_annotate, or with callgrind-names.mjs after a run with BENCH_JIT_NAMES=1).
import { execFileSync, fork } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// `node bench/tools/service-instructions.mjs --annotate <file> <requests>` prints the groups of a
// callgrind file already written.
const annotateOnly = process.argv[2] === '--annotate'
const [target = 'framework', n = '2000', warm = '3000'] = annotateOnly
  ? ['', process.argv[4] ?? '2000', '']
  : process.argv.slice(2)
const out = annotateOnly ? process.argv[3] : await measure()

async function measure() {
  const dir = fileURLToPath(new URL('../results/profiles/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  const out = `${dir}callgrind.${target}.${Date.now()}.out`
  const child = fork(
    fileURLToPath(new URL('./profile-server.mjs', import.meta.url)),
    [target, 'service'],
    {
      execPath: 'valgrind',
      // --single-threaded: V8 compiles and collects on the main thread, so that a run's count does
      // not depend on when a background job happened to finish
      execArgv: [
        '--tool=callgrind',
        '--instr-atstart=no',
        `--callgrind-out-file=${out}`,
        '-q',
        process.execPath,
        '--single-threaded',
        // BENCH_JIT_NAMES=1: node writes /tmp/perf-<pid>.map, copied beside the callgrind file
        // for callgrind-names.mjs to name the JIT-compiled functions
        ...(process.env.BENCH_JIT_NAMES === '1' ? ['--perf-basic-prof'] : []),
      ],
    },
  )
  const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
  const load = (count) =>
    new Promise((resolve, reject) => {
      const client = fork(fileURLToPath(new URL('./service-client.mjs', import.meta.url)), [
        String(port),
        String(count),
      ])
      client.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`client exit ${code}`)),
      )
    })
  const control = (...args) =>
    execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'pipe' })
  await load(Number(warm))
  control('-i', 'on')
  await load(Number(n))
  control('-i', 'off')
  if (process.env.BENCH_JIT_NAMES === '1') copyFileSync(`/tmp/perf-${child.pid}.map`, `${out}.map`)
  child.send('stop')
  await new Promise((resolve) => child.once('exit', resolve))
  return out
}

const totals = /^totals: (\d+)/m.exec(readFileSync(out, 'utf8'))
const instructions = Number(totals?.[1] ?? Number.NaN)
const perRequest = (count) =>
  Math.round(count / Number(n))
    .toLocaleString('en')
    .padStart(9)
console.log(
  annotateOnly
    ? `${perRequest(instructions)} instructions/req (${n} requests)`
    : `${target}: ${perRequest(instructions)} instructions/req (${n} requests after ${warm})`,
)
// by group of functions: callgrind_annotate's self counts, each function in the first group
// whose pattern it matches
const groups = [
  ['optimising compiler (warm-up left)', /v8::internal::compiler::|Zone|Turbofan|Maglev/],
  // the scavenger's own functions; what it shares with the full GC (visitors, slot sets) goes below
  ['GC: scavenges (young generation)', /Scaveng|Semi|NewSpace|EvacuationAllocator/],
  [
    'GC: the rest (full GCs, and what both share)',
    /Marking|Sweeper|MarkCompact|Evacuat|Compactor|LiveObject|RememberedSet|IterateObjectCache|RelocIterator|ActiveSystemPages|MemoryChunk|SlotSet|GCTracer|IteratePointers|BodyDescriptor|SizeFromMap|RecordMigrated|Worklist|WeakObjects|ObjectVisitor|Heap::/,
  ],
  ['JIT-compiled JavaScript', /^0x[0-9a-f]+('\d+)? \[\?\?\?\]$/],
  ['V8 builtins (ICs, strings, regexps, ...)', /^Builtins_/],
  ['crypto (OpenSSL)', /sha\d+|HMAC|EVP_|OPENSSL|CRYPTO_|hmac/i],
  ['llhttp and node C++', /llhttp|node::/],
  ['V8 runtime (C++), libc and the rest', /./],
]
const annotated = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', out], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
})
const byGroup = new Map(groups.map(([name]) => [name, 0]))
for (const line of annotated.split('\n')) {
  const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line)
  if (!m || m[2].startsWith('PROGRAM TOTALS')) continue
  const name = m[2].replace(/^\?\?\?:/, '').replace(/ \[\/[^\]]*\]$/, '')
  const group = groups.find(([, re]) => re.test(name))[0]
  byGroup.set(group, byGroup.get(group) + Number(m[1].replaceAll(',', '')))
}
for (const [group, count] of byGroup) console.log(`  ${perRequest(count)}  ${group}`)
const gc = byGroup.get(groups[1][0]) + byGroup.get(groups[2][0])
const mutator = instructions - byGroup.get(groups[0][0]) - gc
// Node's process.nextTick builds its tick object with computed keys: once the optimising compiler
// has it, each key is a runtime call (about 23k instructions per request here), or not, by the
// luck of the process's tiering. Shown apart, so that two runs can be compared without it.
const tickLiterals = /^\s*([\d,]+) .*Runtime_DefineKeyedOwnPropertyInLiteral/m.exec(
  execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', out], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }),
)
const literal = Number(tickLiterals?.[1].replaceAll(',', '') ?? 0)
console.log(`  ${perRequest(gc)}  GC in all`)
console.log(`  ${perRequest(mutator)}  all but the compiler and the GC (the steadiest figure)`)
console.log(
  `  ${perRequest(literal)}  of which Runtime_DefineKeyedOwnPropertyInLiteral (inclusive; see above)`,
)
console.log(out)
