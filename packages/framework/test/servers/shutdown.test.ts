import { once } from 'node:events'
import { connect as connectH2 } from 'node:http2'
import { connect, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import framework from 'framework'
import { afterEach, describe, expect, it } from 'vitest'
import { keepAliveCrowd } from './keep-alive-clients.js'

// [API.md Servers and shutdown] close(): preClose, stop accepting, 503 for what arrives on an open
// connection, requests in flight answered in full, idle connections and HTTP/2 sessions closed at
// once, onClose last. Everything over real sockets.

const apps: any[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) {
    app.server.closeAllConnections?.()
    await app.close()
  }
})

const BODY = 'x'.repeat(16_384)

async function start(options: Record<string, unknown> = {}, setup?: (app: any) => void) {
  const app: any = framework(options as never)
  apps.push(app)
  setup?.(app)
  app.get('/work', async () => {
    await sleep(2)
    return BODY
  })
  app.get('/slow', async () => {
    await sleep(300)
    return BODY
  })
  app.get('/fast', async () => 'ok')
  const base: string = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, base, port: Number(new URL(base).port) }
}

/** A raw keep-alive connection: send one request, read one response (head and body). */
async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let buffered = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => {
    buffered += chunk
  })
  const closed = once(socket, 'close')
  return {
    socket,
    closed,
    async get(path: string): Promise<{ head: string; body: string }> {
      buffered = ''
      socket.write(`GET ${path} HTTP/1.1\r\nhost: localhost\r\n\r\n`)
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n')
        if (end !== -1) {
          const head = buffered.slice(0, end)
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
          if (buffered.length >= end + 4 + length) {
            return { head, body: buffered.slice(end + 4, end + 4 + length) }
          }
        }
        await Promise.race([
          once(socket, 'data'),
          closed.then(() => {
            throw new Error(`connection closed; received ${JSON.stringify(buffered)}`)
          }),
        ])
      }
    },
  }
}

function fetchSlow(port: number): Promise<{ status: number; length: number; connection: string }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /slow HTTP/1.1\r\nhost: localhost\r\n\r\n')
    })
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({
        status: Number(head.split(' ')[1]),
        length: body.length,
        connection: /connection: (\w+)/i.exec(head)?.[1] ?? '',
      })
    })
  })
}

describe('[API.md Servers and shutdown] close() under load', () => {
  it('soak: 200 busy keep-alive clients, close() in the middle: every request answered (2xx or 503), zero resets, resolved within 1 s of the last in-flight response', async () => {
    const { app, base } = await start()
    const crowd = keepAliveCrowd(base, '/work', 200, BODY.length)
    // Every client has its connection and has been answered once, then they all keep going a
    // little longer; on a busy machine Node accepts slowly, and the clients still in the listen
    // backlog after 2 s are answered 503 when close() drains it.
    for (let waited = 0; crowd.tally.served < 200 && waited < 2000; waited += 50) await sleep(50)
    await sleep(200)
    const before = crowd.tally.ok
    await app.close()
    const closedAt = performance.now()
    const tally = await crowd.done
    expect(tally.served).toBe(200)
    expect(before).toBeGreaterThan(0)
    expect(tally.errors).toEqual({})
    expect(tally.truncated).toBe(0)
    expect(tally.ok + tally.unavailable).toBeGreaterThan(before)
    expect(closedAt - tally.lastAnswerAt).toBeLessThan(1000)
  }, 20_000)
})

describe('[API.md Servers and shutdown] Fastify 5 regressions', () => {
  it('in-flight requests are not reset during close(): each gets its full response, with connection: close', async () => {
    const { app, port } = await start()
    const pending = Array.from({ length: 20 }, () => fetchSlow(port))
    await sleep(100)
    await app.close()
    const answers = await Promise.all(pending)
    expect(answers).toEqual(
      Array.from({ length: 20 }, () => ({ status: 200, length: BODY.length, connection: 'close' })),
    )
  })

  it('close() does not wait out the keep-alive timeout when a connection goes idle after close() began', async () => {
    // A hijacked reply written by hand, keep-alive and all: its connection goes idle after close().
    const manual = await start({}, (app) => {
      app.get('/hand', (_request: any, reply: any) => {
        reply.hijack()
        setTimeout(() => {
          reply.raw.writeHead(200, { 'content-length': 2 })
          reply.raw.end('ok')
        }, 200)
      })
    })
    const connection = await rawConnection(manual.port)
    const answer = connection.get('/hand')
    await sleep(50)
    const started = performance.now()
    const closing = manual.app.close()
    expect((await answer).body).toBe('ok')
    await closing
    // The response left with keep-alive; the connection went idle once it was written.
    expect(performance.now() - started).toBeLessThan(1000)
    await connection.closed
  })

  it('close() does not wait out the keep-alive timeout for an idle keep-alive connection', async () => {
    const { app, port } = await start()
    const connection = await rawConnection(port)
    expect((await connection.get('/fast')).body).toBe('ok')
    const started = performance.now()
    await app.close()
    expect(performance.now() - started).toBeLessThan(1000)
    await connection.closed
  })

  it('HTTP/2 sessions are not left open until their timeout: GOAWAY, streams in flight finish, close() resolves at once', async () => {
    const { app, base } = await start({ http2: true })
    const session = connectH2(base)
    const goaway = once(session, 'goaway')
    const idle = connectH2(base)
    await once(idle, 'connect')
    const idleClosed = once(idle, 'close')
    const stream = session.request({ ':path': '/slow' })
    let length = 0
    stream.on('data', (chunk: Buffer) => {
      length += chunk.length
    })
    const ended = once(stream, 'end')
    await sleep(100)
    const started = performance.now()
    await app.close()
    await ended
    expect(performance.now() - started).toBeLessThan(1000)
    expect(length).toBe(BODY.length)
    await goaway
    await idleClosed
    session.close()
  })
})

describe('[API.md Servers and shutdown] HTTP/2: a stream sent just before close() (Fastify 5)', () => {
  it('is answered 503, not refused by the GOAWAY; the session then gets its GOAWAY', async () => {
    const { app, base } = await start({ http2: true })
    const session = connectH2(base)
    await once(session, 'connect')
    const goaway = once(session, 'goaway')
    const stream = session.request({ ':path': '/fast' })
    const response = once(stream, 'response')
    const closed = app.close()
    const [headers] = await response
    expect(headers[':status']).toBe(503)
    await goaway
    session.destroy()
    await closed
  })
})

describe('[API.md Servers and shutdown] what arrives while closing', () => {
  it('answers a request on a kept-alive connection 503 with connection: close and the standard body, and logs it', async () => {
    const lines: Array<Record<string, any>> = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)))
        done()
      },
    })
    const { app, port } = await start({ logger: { level: 'info', stream } })
    const connection = await rawConnection(port)
    expect((await connection.get('/fast')).body).toBe('ok')
    const inFlight = fetchSlow(port)
    await sleep(50)
    const closing = app.close()
    await sleep(20)
    const refused = await connection.get('/fast')
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 Service Unavailable/)
    expect(refused.head).toMatch(/connection: close/i)
    expect(JSON.parse(refused.body)).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Service Unavailable',
    })
    expect(
      lines.filter(
        (line) =>
          line.msg === 'request aborted - refusing to accept new requests as server is closing',
      ),
    ).toEqual([expect.objectContaining({ level: 30, res: { statusCode: 503 } })])
    expect((await inFlight).status).toBe(200)
    await closing
  })

  it('serves it, with connection: close, when return503OnClosing is false', async () => {
    const { app, port } = await start({ return503OnClosing: false })
    const connection = await rawConnection(port)
    await connection.get('/fast')
    const inFlight = fetchSlow(port)
    await sleep(50)
    const closing = app.close()
    await sleep(20)
    const served = await connection.get('/fast')
    expect(served.head).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(served.head).toMatch(/connection: close/i)
    expect(served.body).toBe('ok')
    await inFlight
    await closing
  })

  it('runs preClose while the server still serves, then stops accepting; onClose last; a second close() is the same promise', async () => {
    const events: string[] = []
    const fresh = framework() as any
    apps.push(fresh)
    fresh.get('/fast', async () => 'ok')
    fresh.addHook('preClose', async () => {
      const response = await fetch(`${freshBase}/fast`, { headers: { connection: 'close' } })
      events.push(`preClose: ${response.status}`)
    })
    fresh.addHook('onClose', async () => {
      events.push(`onClose: listening ${fresh.server.listening}`)
    })
    const freshBase: string = await fresh.listen({ port: 0, host: '127.0.0.1' })
    const first = fresh.close()
    expect(fresh.close()).toBe(first)
    await first
    expect(events).toEqual(['preClose: 200', 'onClose: listening false'])
    await expect(fetch(`${freshBase}/fast`)).rejects.toThrow()
  })
})

/** The responses in `text`, in order: status, connection header (or ''), body. */
function responsesIn(text: string): Array<{ status: number; connection: string; body: string }> {
  const responses = []
  let rest = text
  for (;;) {
    const end = rest.indexOf('\r\n\r\n')
    if (end === -1) return responses
    const head = rest.slice(0, end)
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0)
    responses.push({
      status: Number(head.split(' ')[1]),
      connection: /\r\nconnection: ([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? '',
      body: rest.slice(end + 4, end + 4 + length),
    })
    rest = rest.slice(end + 4 + length)
  }
}

describe('[API.md Servers and shutdown] requests pipelined on a connection while closing', () => {
  // One rule whatever return503OnClosing: every request the server starts (its onRequest hooks
  // run) is answered, and the connection closes after the last answer; a request read after an
  // answer that closes the connection never starts (RFC 9112: the client may retry it).
  async function pipelineWhileClosing(return503OnClosing: boolean, pipelined: string[]) {
    const started: string[] = []
    const { app, port } = await start({ return503OnClosing }, (app) => {
      app.addHook('onRequest', async (request: { url: string }) => {
        started.push(request.url)
      })
    })
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    const closed = once(socket, 'close')
    socket.write('GET /slow?n=1 HTTP/1.1\r\nhost: localhost\r\n\r\n')
    await sleep(50)
    const closing = app.close()
    await sleep(20)
    // Behind /slow, still in flight: HTTP/1.1 pipelining.
    socket.write(pipelined.map((url) => `GET ${url} HTTP/1.1\r\nhost: localhost\r\n\r\n`).join(''))
    await closed
    await closing
    return { started, responses: responsesIn(text) }
  }

  const SERVICE_UNAVAILABLE = JSON.stringify({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'Service Unavailable',
  })

  it('return503OnClosing true: the request behind the one in flight gets its 503 after it; no hook runs for it', async () => {
    const { started, responses } = await pipelineWhileClosing(true, ['/fast?n=2'])
    expect(started).toEqual(['/slow?n=1'])
    expect(responses).toEqual([
      { status: 200, connection: 'keep-alive', body: BODY },
      { status: 503, connection: 'close', body: SERVICE_UNAVAILABLE },
    ])
  })

  it('return503OnClosing false: the request behind the one in flight is served and answered after it', async () => {
    const { started, responses } = await pipelineWhileClosing(false, ['/fast?n=2'])
    expect(started).toEqual(['/slow?n=1', '/fast?n=2'])
    expect(responses).toEqual([
      { status: 200, connection: 'keep-alive', body: BODY },
      { status: 200, connection: 'close', body: 'ok' },
    ])
  })

  it('return503OnClosing true, two pipelined: the first gets the 503 that closes the connection; the second never starts', async () => {
    const { started, responses } = await pipelineWhileClosing(true, ['/fast?n=2', '/fast?n=3'])
    expect(started).toEqual(['/slow?n=1'])
    expect(responses.map((response) => [response.status, response.connection])).toEqual([
      [200, 'keep-alive'],
      [503, 'close'],
    ])
  })

  it('return503OnClosing false, two pipelined: both are served and answered, the last one closing the connection', async () => {
    const { started, responses } = await pipelineWhileClosing(false, ['/fast?n=2', '/fast?n=3'])
    expect(started).toEqual(['/slow?n=1', '/fast?n=2', '/fast?n=3'])
    expect(responses).toEqual([
      { status: 200, connection: 'keep-alive', body: BODY },
      { status: 200, connection: 'keep-alive', body: 'ok' },
      { status: 200, connection: 'close', body: 'ok' },
    ])
  })
})

describe('[API.md Servers and shutdown] forceCloseConnections', () => {
  it('true destroys every connection at once, requests in flight included', async () => {
    const { app, port } = await start({ forceCloseConnections: true })
    const inFlight = fetchSlow(port).catch((error: Error) => error)
    await sleep(50)
    const started = performance.now()
    await app.close()
    expect(performance.now() - started).toBeLessThan(200)
    const result = await inFlight
    expect(result instanceof Error ? 'reset' : result.status).not.toBe(200)
  })

  it('false waits for the clients to close their keep-alive connections', async () => {
    const { app, port } = await start({ forceCloseConnections: false })
    const connection = await rawConnection(port)
    await connection.get('/fast')
    let closed = false
    const closing = app.close().then(() => {
      closed = true
    })
    await sleep(400)
    expect(closed).toBe(false)
    connection.socket.destroy()
    await closing
    expect(closed).toBe(true)
  })
})
