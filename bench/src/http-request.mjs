// One HTTP request to a local server, returning status, headers and the exact body bytes.
import { request } from 'node:http'

const TIMEOUT_MS = 5000

/** Sends `req` (`{ method, path, json?, type?, headers? }`) to 127.0.0.1:`port`. */
export function send(port, req) {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers }
    if (req.json !== undefined) headers['content-type'] = req.type ?? 'application/json'
    const r = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, timeout: TIMEOUT_MS },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    r.on('timeout', () => r.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)))
    r.on('error', reject)
    r.end(req.json)
  })
}
