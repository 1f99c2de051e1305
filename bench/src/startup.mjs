// Entry of a start-up child process: `node startup.mjs <target> <size> [routes|shared]`.
// `routes` (the default): an app with <size> routes whose body and response schemas $ref four
// shared schemas (added once with addSchema). `shared`: an app with <size> shared schemas and
// <size>/5 routes that $ref them (scale-routes.mjs). It awaits ready(), then injects one request
// (a serverless cold start is process start to first response, not to ready()), and reports
// `{ ms, firstMs, readyCpuMs, rss, maxRss, cpu }` over IPC (or as a JSON line on stdout when run
// by hand): ms since the process's time origin at ready and at the first response, the process's
// CPU time (user + system, all threads) at ready, the resident set size after the first response
// and its peak, and process.cpuUsage() at the end (for the noise check). For node-http there is
// nothing to compile: it builds a trivial route table as a baseline.
import { addSharedSchemaRoutes, sharedFirstRequest } from './scale-routes.mjs'
import { addStartupRoutes, firstRequest } from './startup-routes.mjs'

const [target, sizeArg, kind = 'routes'] = process.argv.slice(2)
const size = Number(sizeArg)
const build = kind === 'shared' ? addSharedSchemaRoutes : addStartupRoutes
const request = kind === 'shared' ? sharedFirstRequest : firstRequest

try {
  let ms
  let readyCpu
  if (target === 'node-http') {
    const { createServer } = await import('node:http')
    const listener = nodeHttpBaseline(size)
    createServer(listener)
    ms = performance.now()
    readyCpu = process.cpuUsage()
    listener({ url: '/r0' }, { end() {} })
  } else {
    const { createApp } = await import(`./servers/${target}.mjs`)
    const app = createApp({ routes: size, kind })
    build(app, size)
    await app.ready()
    ms = performance.now()
    readyCpu = process.cpuUsage()
    const response = await app.inject(request(size))
    if (response.statusCode !== 201) {
      throw new Error(`the first request answered ${response.statusCode}: ${response.body}`)
    }
  }
  const firstMs = performance.now()
  report({
    ms,
    firstMs,
    readyCpuMs: (readyCpu.user + readyCpu.system) / 1000,
    rss: process.memoryUsage().rss,
    // resourceUsage() gives kilobytes
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpu: process.cpuUsage(),
  })
} catch (err) {
  report({ error: `${target} start-up (${kind}, ${size}) failed: ${err?.message ?? err}` })
  process.exitCode = 1
}

function report(msg) {
  if (process.send) process.send(msg, () => process.disconnect())
  else console.log(JSON.stringify(msg))
}

/** A request listener over a Map of `n` hand-written handlers. */
function nodeHttpBaseline(n) {
  const table = new Map()
  for (let i = 0; i < n; i++) {
    table.set(`/r${i}`, (_req, res) => res.end(`{"route":${i}}`))
  }
  return (req, res) => (table.get(req.url) ?? ((_q, r) => r.end()))(req, res)
}
