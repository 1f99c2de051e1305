// Edge bench: server CPU time per request (utime + stime of the server process, from /proc, over
// the timed load) for the framework on Bun (Bun.serve through @framework/fetch, and Bun's node:http
// compatibility through the umbrella), Hono on Bun (zod-validator) and Elysia on Bun (its `t`
// schema), and under node the fetch transport against the node:http one.
// node bench/edge/run.mjs [--duration 5] [--connections 20] [--only a,b]
import { spawn } from 'node:child_process'
import { readFileSync, realpathSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : args[at + 1]
}
const duration = Number(option('duration', 5))
const connections = Number(option('connections', 20))
// The binary itself (not the package manager's shell shim), so /proc reads Bun's own CPU time.
const bun = realpathSync(
  fileURLToPath(new URL('../../packages/fetch/node_modules/bun/bin/bun.exe', import.meta.url)),
)
const server = fileURLToPath(new URL('./server.mjs', import.meta.url))
const targets = [
  ['framework-bun-serve', bun],
  ['framework-bun-node-http', bun],
  ['hono-bun', bun],
  ['elysia-bun', bun],
  ['framework-node-http', process.execPath],
  ['framework-fetch-node', process.execPath],
].filter(([name]) => option('only', undefined)?.split(',').includes(name) ?? true)
const scenarios = {
  'GET /hello': { method: 'GET', path: '/hello' },
  'POST /users (validated)': {
    method: 'POST',
    path: '/users',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Lovelace', age: 36 }),
  },
}
const ticks = 100 // USER_HZ

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** utime + stime of a process and its threads, in seconds. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticks
}

async function start(name, runtime) {
  const port = await freePort()
  const child = spawn(runtime, [server, name, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  })
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve())
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)))
  })
  return { child, url: `http://127.0.0.1:${port}` }
}

const load = (url, { path, ...scenario }, seconds) =>
  autocannon({ url: url + path, connections, duration: seconds, ...scenario })

const rows = []
for (const [name, runtime] of targets) {
  const { child, url } = await start(name, runtime)
  try {
    for (const [label, scenario] of Object.entries(scenarios)) {
      const check = await fetch(url + scenario.path, {
        method: scenario.method,
        headers: scenario.headers,
        body: scenario.body,
      })
      if (check.status >= 300)
        throw new Error(`${name} ${label}: ${check.status} ${await check.text()}`)
      await load(url, scenario, 1) // warm-up
      const before = cpuSeconds(child.pid)
      const result = await load(url, scenario, duration)
      const cpu = cpuSeconds(child.pid) - before
      const requests = result.requests.total
      rows.push({
        target: name,
        scenario: label,
        rps: Math.round(result.requests.average),
        usPerRequest: ((cpu / requests) * 1e6).toFixed(1),
        errors: result.errors + result.non2xx,
      })
      process.stderr.write(`${name} ${label}: ${rows.at(-1).usPerRequest} µs CPU/request\n`)
    }
  } finally {
    child.kill('SIGTERM')
  }
}
console.log(`| target | scenario | server CPU µs/request | req/s | errors |`)
console.log(`| --- | --- | ---: | ---: | ---: |`)
for (const row of rows)
  console.log(
    `| ${row.target} | ${row.scenario} | ${row.usPerRequest} | ${row.rps} | ${row.errors} |`,
  )
