// Load generator of service-calls.mjs and service-instructions.mjs: sends scenario (h)'s request
// `n` times, 10 at a time on keep-alive connections, and exits 0 when every answer was 200:
// `node bench/tools/service-client.mjs <port> <n>`.
import http from 'node:http'
import { serviceScenario } from '../src/service-scenario.mjs'

const [port, n = '1000'] = process.argv.slice(2)
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
const { request } = serviceScenario
const headers = { ...request.headers, 'content-type': 'application/json' }
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
          res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
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
