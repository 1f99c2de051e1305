// Profiles one target under load: `node bench/tools/profile.mjs <target> <scenario> [seconds]`.
// Starts the target under `node --cpu-prof`, loads it with autocannon for the given seconds
// (default 5, after a 1 s warm-up), stops it, and prints the self time per function (top 40)
// and per file. The .cpuprofile stays in bench/results/profiles/.
import { fork } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { scenarios } from '../src/scenarios.mjs'

const [target = 'framework', id = 'b', seconds = '5'] = process.argv.slice(2)
const dir = fileURLToPath(new URL('../results/profiles/', import.meta.url))
mkdirSync(dir, { recursive: true })
const before = new Set(readdirSync(dir))
const child = fork(fileURLToPath(new URL('./profile-server.mjs', import.meta.url)), [target], {
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'],
})
const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
const { request } = scenarios[id]
const run = (duration) =>
  autocannon({
    url: `http://127.0.0.1:${port}${request.path}`,
    method: request.method,
    headers: request.json === undefined ? undefined : { 'content-type': 'application/json' },
    body: request.json,
    duration,
    connections: 50,
  })
await run(1)
const result = await run(Number(seconds))
child.send('stop')
await new Promise((resolve) => child.once('exit', resolve))
console.log(`${target} ${id}: ${Math.round(result.requests.average)} req/s`)
const file = readdirSync(dir)
  .filter((f) => !before.has(f) && f.endsWith('.cpuprofile'))
  .map((f) => join(dir, f))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
const profile = JSON.parse(readFileSync(file, 'utf8'))
const self = new Map()
const dt = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
}
let total = 0
const byFile = new Map()
for (const node of profile.nodes) {
  const t = dt.get(node.id) ?? 0
  total += t
  const { functionName, url, lineNumber } = node.callFrame
  const short = url
    .replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^file:\/\/\/work\/main\//, '')
  const key = `${functionName || '(anon)'} ${short}:${lineNumber + 1}`
  self.set(key, (self.get(key) ?? 0) + t)
  const fileKey = short.split(':')[0] || '(native)'
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + t)
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 45))
for (const [k, t] of top) console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
console.log('--- by file')
for (const [k, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
console.log(file)
