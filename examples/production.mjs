// A production-shaped server: graceful shutdown on SIGTERM/SIGINT with close-with-grace, a
// readiness route that turns 503 as soon as shutdown begins, and a short delay before the server
// stops accepting, so a load balancer has time to notice and send no new traffic here.
//
//   node examples/production.mjs                  # http://localhost:3000
//   PORT=8443 TLS_KEY=key.pem TLS_CERT=cert.pem HTTP2=1 node examples/production.mjs
//
// Environment: PORT (3000), HOST (0.0.0.0), DRAIN_DELAY ms between "not ready" and closing (5000:
// more than your balancer's health-check interval times its failure threshold), GRACE ms the whole
// shutdown may take before the process exits anyway (DRAIN_DELAY + 10000), TLS_KEY / TLS_CERT
// (PEM files: serve HTTPS), HTTP2=1 (serve HTTP/2: h2c, or h2 with TLS; HTTP/1.1 still allowed).
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import closeWithGrace from 'close-with-grace'
import framework from 'framework'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
const drainDelay = Number(process.env.DRAIN_DELAY ?? 5000)
const grace = Number(process.env.GRACE ?? drainDelay + 10_000)
const tls = process.env.TLS_KEY
  ? { key: readFileSync(process.env.TLS_KEY), cert: readFileSync(process.env.TLS_CERT) }
  : undefined
const http2 = process.env.HTTP2 === '1'

const app = framework({
  logger: process.env.LOG === '1',
  ...(tls ? { https: http2 ? { ...tls, allowHTTP1: true } : tls } : {}),
  http2,
  // The defaults, spelled out: idle keep-alive connections close at once on close(), requests
  // that arrive on an open connection while closing get 503 + `connection: close`.
  forceCloseConnections: 'idle',
  return503OnClosing: true,
})

// Readiness: the balancer's health check. 503 from the moment shutdown begins.
let ready = true
app.get('/ready', async (_request, reply) => {
  if (!ready) return reply.code(503).send({ ready: false })
  return { ready: true }
})
// Liveness stays 200 while draining: the process is healthy, only leaving.
app.get('/live', async () => ({ live: true }))

app.get('/work', async () => {
  await sleep(5) // some I/O
  return { done: true, at: Date.now() }
})

// preClose runs first in close(), while the server still serves every request: say "not ready",
// then wait for the balancer to take this instance out of rotation before the server stops
// accepting connections. Requests keep being answered normally during the delay.
app.addHook('preClose', async () => {
  ready = false
  await sleep(drainDelay)
})

// onClose runs last, once the server is closed: release what the app holds (pools, queues...).
app.addHook('onClose', async () => {
  console.log('closed')
})

// SIGTERM (Kubernetes, systemd, PaaS), SIGINT (Ctrl+C), an uncaught error: close once, and exit
// after `grace` ms whatever happens.
closeWithGrace({ delay: grace }, async ({ signal, err }) => {
  if (err) console.error('closing after an error', err)
  else console.log(`${signal} received: draining for ${drainDelay} ms, then closing`)
  await app.close()
})

const address = await app.listen({ port, host })
console.log(`listening at ${address}`)
