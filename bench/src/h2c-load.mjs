// The HTTP/2 load of h2c.mjs: node:http2 client sessions over cleartext (autocannon speaks only
// HTTP/1.1), each keeping a fixed number of streams in flight, for a given time.
import { connect } from 'node:http2'

/**
 * Loads 127.0.0.1:`port` with `request` (`{ method, path, json? }`) for `seconds`: `sessions`
 * connections × `streams` concurrent streams each. Resolves `{ requests, statuses }` (responses
 * counted by status; a stream error counts under its error code).
 */
export async function loadH2c(port, request, seconds, { sessions = 10, streams = 10 } = {}) {
  const headers = { ':method': request.method, ':path': request.path }
  if (request.json !== undefined) headers['content-type'] = 'application/json'
  const body = request.json === undefined ? undefined : Buffer.from(request.json)
  const statuses = {}
  let requests = 0
  const deadline = performance.now() + seconds * 1000
  const count = (key) => {
    statuses[key] = (statuses[key] ?? 0) + 1
  }
  const one = (session) =>
    new Promise((resolve) => {
      const stream = session.request(headers)
      let status = 0
      stream.on('response', (head) => {
        status = head[':status']
      })
      stream.on('data', () => {})
      stream.on('end', () => {
        requests++
        count(status)
        resolve()
      })
      stream.on('error', (error) => {
        count(error.code ?? 'error')
        resolve()
      })
      stream.end(body)
    })
  const clients = Array.from({ length: sessions }, () => connect(`http://127.0.0.1:${port}`))
  await Promise.all(
    clients.flatMap((session) =>
      Array.from({ length: streams }, async () => {
        while (performance.now() < deadline) await one(session)
      }),
    ),
  )
  await Promise.all(clients.map((session) => new Promise((resolve) => session.close(resolve))))
  return { requests, statuses }
}

/** One request and its whole answer, to check a server before measuring it. */
export async function sendH2c(port, request) {
  const session = connect(`http://127.0.0.1:${port}`)
  try {
    return await new Promise((resolve, reject) => {
      const headers = { ':method': request.method, ':path': request.path }
      if (request.json !== undefined) headers['content-type'] = 'application/json'
      const stream = session.request(headers)
      let head = {}
      const chunks = []
      stream.on('response', (h) => {
        head = h
      })
      stream.on('data', (c) => chunks.push(c))
      stream.on('end', () =>
        resolve({
          status: head[':status'],
          type: head['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      stream.on('error', reject)
      stream.end(request.json)
    })
  } finally {
    session.close()
  }
}
