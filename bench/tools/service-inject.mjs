// CPU per request of scenario (h) through `app.inject()` (no socket, no load generator), the
// targets taking turns: `node bench/tools/service-inject.mjs [targets] [requests] [turns]`
// (default fastify4,fastify5 2000 7). A reading that a busy machine moves less than the
// socket load of run.mjs (no context switches between server and load generator); it skips the
// HTTP parser and the socket writes, so its figures are lower. Each target's app is built once
// and checked to answer (h) with 200 before it is timed. The framework (and its control) registers
// the plugins' Fastify-4 lines, or their Fastify-5 lines with BENCH_PLUGIN_LINE=5 (as run.mjs's
// `--plugin-line 5`); fastify4 and fastify5 always their own.
import { serviceScenario } from '../src/service-scenario.mjs'

const [list = 'fastify4,fastify5', n = '2000', turns = '7'] = process.argv.slice(2)
const targets = list.split(',')
const { request } = serviceScenario
const inject = {
  method: request.method,
  url: request.path,
  headers: { ...request.headers, 'content-type': 'application/json' },
  payload: request.json,
}

const apps = {}
for (const target of targets) {
  const { createApp } = await import(`../src/servers/${target}.mjs`)
  const { buildService, servicePlugins } = await import('../src/servers/service-app.mjs')
  const line =
    target === 'fastify5'
      ? '5'
      : target === 'fastify4'
        ? '4'
        : process.env.BENCH_PLUGIN_LINE === '5'
          ? '5'
          : '4'
  apps[target] = await buildService(createApp, await servicePlugins(line))
  const res = await apps[target].inject(inject)
  if (res.statusCode !== 200) {
    console.error(`${target}: (h) answered ${res.statusCode}, not 200: ${res.body}`)
    console.error('run.mjs --scenarios h shows every mismatch of its check')
    process.exit(1)
  }
}

const perTarget = Object.fromEntries(targets.map((t) => [t, []]))
for (let turn = 0; turn < Number(turns); turn++) {
  for (const target of targets) {
    const app = apps[target]
    for (let i = 0; i < 200; i++) await app.inject(inject) // warm-up
    const t0 = process.cpuUsage()
    for (let i = 0; i < Number(n); i++) await app.inject(inject)
    const cpu = process.cpuUsage(t0)
    perTarget[target].push((cpu.user + cpu.system) / Number(n))
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const target of targets) {
  const xs = perTarget[target]
  console.log(
    `${target.padEnd(9)} median ${median(xs).toFixed(1)} µs/req (turns: ${xs.map((x) => x.toFixed(0)).join(' ')})`,
  )
}
process.exit(0)
