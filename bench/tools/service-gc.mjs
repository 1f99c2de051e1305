// What the young-generation GC keeps of scenario (h), or of any of a to g, per request, from V8's
// own GC trace: the server (`profile-server.mjs`) runs with `--trace-gc-nvp`, takes the warm-up
// requests, then the counted ones, and the scavenges in that window are summed: bytes promoted to
// the old generation, bytes that survived in the young one, bytes allocated. An object that
// survives a scavenge is copied (and the second time promoted), which is what makes one GC dearer
// than another for the same bytes allocated:
// `node bench/tools/service-gc.mjs <target> [requests] [warm-up] [scenario]` (default 4000, 3000
// and h; BENCH_PLUGIN_LINE=5 for the framework's Fastify-5 plugin line on h; a to g for any
// target, node-tuned included). The load comes from service-client.mjs, or scenario-client.mjs
// for a to g (10 requests at a time, keep-alive). A busy machine changes little here.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const [target = 'framework', n = '4000', warm = '3000', id = 'h'] = process.argv.slice(2)
const tool = (name) => fileURLToPath(new URL(`./${name}`, import.meta.url))
const child = fork(tool('profile-server.mjs'), id === 'h' ? [target, 'service'] : [target], {
  execArgv: ['--trace-gc-nvp', '--single-threaded'],
  stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
})
let trace = ''
child.stdout.on('data', (chunk) => {
  trace += chunk
})
const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
const load = (count) =>
  new Promise((resolve, reject) => {
    const client =
      id === 'h'
        ? fork(tool('service-client.mjs'), [String(port), String(count)])
        : fork(tool('scenario-client.mjs'), [String(port), id, String(count)])
    client.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exit ${code}`))))
  })
await load(Number(warm))
const start = trace.length
await load(Number(n))
const window = trace.slice(start)
child.send('stop')
await new Promise((resolve) => child.once('exit', resolve))

let scavenges = 0
let fullGcs = 0
let promoted = 0
let survived = 0
let allocated = 0
for (const line of window.split('\n')) {
  const kind = /\bgc=(\w+)/.exec(line)?.[1]
  if (kind === undefined) continue
  const field = (name) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(line)?.[1] ?? 0)
  if (kind === 's') {
    scavenges++
    promoted += field('promoted')
    survived += field('new_space_survived')
  } else fullGcs++
  allocated += field('allocated')
}
const perRequest = (bytes) => `${Math.round(bytes / Number(n))} B`
console.log(
  `${target} (${id}): ${scavenges} scavenges, ${fullGcs} full GCs in ${n} requests (after ${warm}); per request: promoted ${perRequest(promoted)}, survived in the young generation ${perRequest(survived)}, allocated ${perRequest(allocated)}`,
)
