// Load generator of scenario-instructions.mjs: sends one scenario's request `n` times, 10 at a
// time on keep-alive connections, and exits 0 when every answer had the scenario's status:
// `node bench/tools/scenario-client.mjs <port> <scenario> <n>`. Forked without `n`, it stays up
// and sends a batch for each `{ n }` message, answering `{ done: n }` (or `{ error }`) on the same
// connections: a measurement after a warm-up then sees no new connection (opening and closing
// sockets deoptimizes some of node's stream functions, which are then compiled again).
import http from 'node:http'
import { scenarios } from '../src/scenarios.mjs'

const [port, id = 'c', n] = process.argv.slice(2)
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
const { request, expect } = scenarios[id]
const headers = { ...request.headers }
if (request.json !== undefined) headers['content-type'] = request.type ?? 'application/json'
const one = () =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        port: Number(port),
        host: '127.0.0.1',
        method: request.method,
        path: request.path,
        headers,
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode === expect.status
            ? resolve()
            : reject(new Error(`status ${res.statusCode}, expected ${expect.status}`)),
        )
      },
    )
    req.on('error', reject)
    req.end(request.json)
  })
/** Sends `count` requests, 10 at a time. */
async function batch(count) {
  let left = count
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (left-- > 0) await one()
    }),
  )
}

if (n === undefined && process.send !== undefined) {
  process.on('message', (message) => {
    if (message === 'stop') process.exit(0)
    batch(message.n).then(
      () => process.send({ done: message.n }),
      (error) => process.send({ error: error.message }),
    )
  })
} else {
  await batch(Number(n ?? 1000))
  process.exit(0)
}
