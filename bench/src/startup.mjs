// Entry of a start-up child process: `node startup.mjs <target> <routes>`.
// Builds an app with <routes> routes whose body and response schemas $ref shared schemas (added
// once with addSchema), awaits ready(), then injects one request (a serverless cold start is
// process start to first response, not to ready()), and reports `{ ms, firstMs, rss, cpu }` over
// IPC (or as a JSON line on stdout when run by hand): ms since the process's time origin at ready
// and at the first response, the resident set size, and process.cpuUsage() (for the noise check).
// For node-http there is nothing to compile: it builds a trivial route table as a baseline.
import { addStartupRoutes, firstRequest } from './startup-routes.mjs'

const [target, routesArg] = process.argv.slice(2)
const routes = Number(routesArg)

try {
  let ms
  if (target === 'node-http') {
    const { createServer } = await import('node:http')
    const listener = nodeHttpBaseline(routes)
    createServer(listener)
    ms = performance.now()
    listener({ url: '/r0' }, { end() {} })
  } else {
    const { createApp } = await import(`./servers/${target}.mjs`)
    const app = createApp({ routes })
    addStartupRoutes(app, routes)
    await app.ready()
    ms = performance.now()
    const response = await app.inject(firstRequest(routes))
    if (response.statusCode !== 201) {
      throw new Error(`the first request answered ${response.statusCode}: ${response.body}`)
    }
  }
  const firstMs = performance.now()
  report({ ms, firstMs, rss: process.memoryUsage().rss, cpu: process.cpuUsage() })
} catch (err) {
  report({ error: `${target} start-up with ${routes} routes failed: ${err?.message ?? err}` })
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
