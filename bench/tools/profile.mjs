// Profiles one target under load: `node bench/tools/profile.mjs <target> <scenario> [seconds]`.
// Starts the target under `node --cpu-prof`, loads it with autocannon for the given seconds
// (default 5, after a 1 s warm-up; PIPELINING=n for n requests in flight per connection), stops it, and prints the self time per function (top 40)
// and per file. The .cpuprofile stays in bench/results/profiles/.
import { fork } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { scenarios } from '../src/scenarios.mjs'
import { printProfileSummary, summarizeProfile } from './profile-summary.mjs'

const [target = 'framework', id = 'b', seconds = '5'] = process.argv.slice(2)
const dir = fileURLToPath(new URL('../results/profiles/', import.meta.url))
mkdirSync(dir, { recursive: true })
const before = new Set(readdirSync(dir))
const { request, app } = scenarios[id]
const args = app === 'service' ? [target, 'service'] : [target]
const child = fork(fileURLToPath(new URL('./profile-server.mjs', import.meta.url)), args, {
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'],
})
const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
const headers = { ...request.headers }
if (request.json !== undefined) headers['content-type'] = 'application/json'
const run = (duration) =>
  autocannon({
    url: `http://127.0.0.1:${port}${request.path}`,
    method: request.method,
    headers,
    body: request.json,
    duration,
    connections: 50,
    pipelining: Number(process.env.PIPELINING ?? 1),
  })
const warmup = await run(1)
const result = await run(Number(seconds))
child.send('stop')
await new Promise((resolve) => child.once('exit', resolve))
console.log(
  `${target} ${id}: ${Math.round(result.requests.average)} req/s, ${warmup.requests.total + result.requests.total} requests profiled`,
)
const file = readdirSync(dir)
  .filter((f) => !before.has(f) && f.endsWith('.cpuprofile'))
  .map((f) => join(dir, f))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
printProfileSummary(summarizeProfile(JSON.parse(readFileSync(file, 'utf8'))), {
  functions: Number(process.env.TOP ?? 45),
  files: 25,
})
console.log(file)
