// Entry of a server child process: `node child.mjs <target> [service]` (forked by the harness
// with IPC). Starts ./servers/<target>.mjs on 127.0.0.1 (and, with `service`, the app of scenario
// (h) on a second port), sends `{ port, servicePort | serviceError }` when listening (or
// `{ error }` and exits 1 when it cannot start), and answers `{ cmd: 'cpu' }` with
// process.cpuUsage() and the resident memory, so the harness can measure the server's own CPU
// time.

const target = process.argv[2]
// under the harness's start timeout, so that a service app that hangs (a plugin that never
// calls back) costs only scenario (h), not the whole target
const SERVICE_TIMEOUT_MS = 10000
const withService = process.argv[3] === 'service'
// `node child.mjs <target> h2c`: the target's cleartext HTTP/2 server instead (see h2c.mjs)
const h2c = process.argv[3] === 'h2c'

process.on('message', (msg) => {
  if (msg?.cmd === 'cpu') {
    process.send({
      cmd: 'cpu',
      id: msg.id,
      usage: process.cpuUsage(),
      rss: process.memoryUsage.rss(),
    })
  } else if (msg?.cmd === 'exit') {
    process.exit(0)
  }
})
// the harness going away (even abruptly) ends the server
process.on('disconnect', () => process.exit(0))

try {
  const server = await import(`./servers/${target}.mjs`)
  const port = await (h2c ? server.listenH2c() : server.listen())
  // the app of scenario (h), on a port of its own; a target without one, or whose service app
  // fails to start, still serves the other scenarios (the check of (h) reports why)
  let service = {}
  if (withService && typeof server.listenService !== 'function') {
    service = { serviceError: `${target} has no app for scenario (h) (no listenService())` }
  } else if (withService) {
    try {
      service = { servicePort: await withTimeout(server.listenService(), SERVICE_TIMEOUT_MS) }
    } catch (err) {
      const where = String(err?.stack ?? err)
        .split('\n')
        .slice(0, 4)
        .join('\n')
      service = { serviceError: `its service app did not start: ${where}` }
    }
  }
  process.send({ port, ...service })
} catch (err) {
  const message = err instanceof Error ? err.message : String(err)
  process.send({ error: `${target} did not start: ${message}` }, () => process.exit(1))
}

function withTimeout(promise, ms) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not listening within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
