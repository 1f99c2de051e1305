// Which allocations of scenario (h) survive a scavenge, by the function that allocated them: the
// inspector's sampling heap profiler over the counted requests, keeping the samples the full GCs
// collected and dropping those the scavenges collected; two young GCs at the end drop what was
// merely still young. Run with --expose-gc:
// `node --expose-gc bench/tools/service-survivors.mjs <target> [line] [requests] [all]`
// (default framework, 5, 4000; `all` keeps every allocation instead). DEPTH=3 keys each row by
// three frames, TOP=40 rows. The server runs in this process (the load from service-client.mjs).
// A reading moves from run to run (V8 allocates the objects of an allocation site it saw survive
// straight in the old generation, which counts them here): compare targets over several runs, for
// the sites that differ rather than for the total.
import { fork } from 'node:child_process'
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'

const [target = 'framework', line = '5', total = '4000', mode = 'survivors'] = process.argv.slice(2)
process.env.BENCH_PLUGIN_LINE = line
const depth = Number(process.env.DEPTH ?? 1)
const server = await import(`../src/servers/${target}.mjs`)
const port = await server.listenService()
const run = (count) =>
  new Promise((resolve, reject) => {
    const client = fork(fileURLToPath(new URL('./service-client.mjs', import.meta.url)), [
      String(port),
      String(count),
    ])
    client.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exit ${code}`))))
  })
await run(3000)
const session = new Session()
session.connect()
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: mode === 'all',
})
const n = Number(total)
await run(n)
await new Promise((resolve) => setTimeout(resolve, 50))
globalThis.gc({ type: 'minor' })
globalThis.gc({ type: 'minor' })
const { profile } = await session.post('HeapProfiler.stopSampling')

const bySite = new Map()
let sum = 0
const frameName = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*packages\//, '')}:${lineNumber + 1}`
const walk = (node, stack) => {
  const frames = [frameName(node.callFrame), ...stack].slice(0, depth)
  if (node.selfSize > 0) {
    const key = frames.join(' < ')
    bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize)
    sum += node.selfSize
  }
  for (const child of node.children) walk(child, frames)
}
walk(profile.head, [])
console.log(
  `${target} (plugin line ${line}), ${mode === 'all' ? 'every allocation' : 'survivors of a scavenge'}: ${Math.round(sum / n)} B/req sampled`,
)
for (const [key, bytes] of [...bySite]
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(process.env.TOP ?? 40)))
  console.log(`${String(Math.round(bytes / n)).padStart(7)}  ${key}`)
process.exit(0)
