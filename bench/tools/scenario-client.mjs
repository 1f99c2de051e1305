// Load generator of scenario-instructions.mjs: sends one scenario's request `n` times, 10 at a
// time on keep-alive connections, and exits 0 when every answer had the scenario's status:
// `node bench/tools/scenario-client.mjs <port> <scenario> <n>`.
import http from 'node:http'
import { scenarios } from '../src/scenarios.mjs'

const [port, id = 'c', n = '1000'] = process.argv.slice(2)
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
let left = Number(n)
await Promise.all(
  Array.from({ length: 10 }, async () => {
    while (left-- > 0) await one()
  }),
)
process.exit(0)
