// The cost of @framework/openapi (issue 16): `node src/openapi.mjs [--runs n]`
// (or `pnpm --filter @framework/bench run openapi`, after `pnpm build`).
//
// 1. Building the document: an app with the start-up routes of ./startup-routes.mjs (each POST
//    route has params, a body and a 201 response that $ref shared schemas) and 200 routes; the
//    first app.openapi() (cold) and the median of 20 further builds of the same routes.
// 2. What registering the plugin adds to ready() for 1000 routes: fresh processes, with and
//    without the plugin, interleaved; medians of the ready() call alone and of the whole start-up
//    (ms since the process's time origin, module loading included).
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { addStartupRoutes } from './startup-routes.mjs'
import { median } from './stats.mjs'

const SELF = fileURLToPath(import.meta.url)

if (process.argv[2] === 'child') {
  await child(process.argv[3] === 'with', Number(process.argv[4]))
} else {
  const runsAt = process.argv.indexOf('--runs')
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 10
  await main(runs)
}

async function main(runs) {
  const { default: framework, listRoutes } = await import('framework')
  const { openapi, buildDocument } = await import('@framework/openapi')

  const app = framework()
  app.register(openapi, { openapi: { info: { title: 'bench', version: '1' } } })
  addStartupRoutes(app, 200)
  await app.ready()
  const cpuMs = (since) => {
    const used = process.cpuUsage(since)
    return (used.user + used.system) / 1000
  }
  let t = performance.now()
  let cpu = process.cpuUsage()
  const document = app.openapi()
  const cold = performance.now() - t
  const coldCpu = cpuMs(cpu)
  const builds = []
  const buildsCpu = []
  for (let i = 0; i < 20; i++) {
    t = performance.now()
    cpu = process.cpuUsage()
    buildDocument(listRoutes(app), { info: { title: 'bench', version: '1' } })
    builds.push(performance.now() - t)
    buildsCpu.push(cpuMs(cpu))
  }
  await app.close()
  const bytes = JSON.stringify(document).length
  console.log(
    `document for 200 routes: first app.openapi() ${cold.toFixed(1)} ms (CPU ${coldCpu.toFixed(1)} ms, cold JIT), then over 20 builds median ${median(builds).toFixed(2)} ms (CPU ${median(buildsCpu).toFixed(2)} ms), min ${Math.min(...builds).toFixed(2)} ms; ${Object.keys(document.paths).length} paths, ${Object.keys(document.components.schemas).length} components, ${(bytes / 1024).toFixed(0)} KB of JSON`,
  )

  const samples = { without: [], with: [] }
  for (let run = 1; run <= runs; run++) {
    for (const mode of ['without', 'with']) {
      const result = await startOnce(mode, 1000)
      samples[mode].push(result)
      console.log(
        `run ${run}/${runs} ${mode} plugin: ready() ${result.ready.toFixed(0)} ms (CPU ${result.readyCpu.toFixed(0)} ms), start-up ${result.total.toFixed(0)} ms (CPU ${result.totalCpu.toFixed(0)} ms)`,
      )
    }
  }
  if (runs === 0) return
  const med = (mode, key) => median(samples[mode].map((s) => s[key]))
  const labels = {
    ready: 'ready() call, wall',
    readyCpu: 'ready() call, CPU',
    total: 'whole start-up, wall',
    totalCpu: 'whole start-up, CPU',
  }
  for (const [key, label] of Object.entries(labels)) {
    const a = med('without', key)
    const b = med('with', key)
    console.log(
      `1000 routes, ${label}: without ${a.toFixed(0)} ms, with the plugin ${b.toFixed(0)} ms (${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %), medians of ${runs}`,
    )
  }
}

/** One fresh process: `{ ready, total }` in ms. */
function startOnce(mode, routes) {
  return new Promise((resolve, reject) => {
    const proc = fork(SELF, ['child', mode, String(routes)], {
      execArgv: [],
      env: { ...process.env, NODE_ENV: 'production' },
    })
    proc.once('message', resolve)
    proc.once('exit', (code) => code !== 0 && reject(new Error(`child exited with ${code}`)))
  })
}

async function child(withPlugin, routes) {
  const { default: framework } = await import('framework')
  const app = framework()
  if (withPlugin) {
    const { openapi } = await import('@framework/openapi')
    app.register(openapi, { openapi: { info: { title: 'bench', version: '1' } } })
  }
  addStartupRoutes(app, routes)
  const cpu0 = process.cpuUsage()
  const t = performance.now()
  await app.ready()
  const ready = performance.now() - t
  const cpu = process.cpuUsage(cpu0)
  const total = performance.now()
  const totalCpu = process.cpuUsage()
  process.send(
    {
      ready,
      readyCpu: (cpu.user + cpu.system) / 1000,
      total,
      totalCpu: (totalCpu.user + totalCpu.system) / 1000,
    },
    () => process.disconnect(),
  )
}
