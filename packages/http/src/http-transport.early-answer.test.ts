import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawExchange } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'

// [API.md Errors: body over bodyLimit] An answer given before the request was read whole reaches
// the client even while the client keeps writing: the server half-closes after it, reads and
// discards what still comes for a bounded time, and only then closes (a lingering close). A close
// with unread data makes the kernel send a reset, and a reset discards the answer on its way.

const MiB = 1024 * 1024
let served: Served
beforeAll(async () => {
  served = await serve({}, { bodyLimit: MiB })
})
afterAll(() => served.close())

const tooLarge = JSON.stringify({
  statusCode: 413,
  error: 'Payload Too Large',
  message: 'Request body is too large',
  code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
})

/** The status, the headers (lower-cased text) and the body of the first response of `text`. */
function firstResponse(text: string): { status: number; head: string; body: string } {
  const end = text.indexOf('\r\n\r\n')
  const head = end === -1 ? text : text.slice(0, end)
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0)
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0),
    head: head.toLowerCase(),
    body: end === -1 ? '' : text.slice(end + 4, end + 4 + length),
  }
}

const ITERATIONS = 50

interface Exchange {
  response: string
  written: number
  ending: string
}

/**
 * Runs `iterations` exchanges of a client that keeps writing, one after the other, in a worker.
 * With `warmup`, `onReady` runs once the warmup request of each exchange was answered.
 */
function writingClients(options: {
  head: string
  total: number
  chunked: boolean
  iterations: number
  port?: number
  warmup?: string
  onReady?: () => void
}): Promise<Exchange[]> {
  const { onReady, ...data } = options
  const worker = new Worker(new URL('../test/writing-client.mjs', import.meta.url), {
    workerData: { port: served.port, deadline: 5000, ...data },
  })
  return new Promise((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (message: 'ready' | Exchange[]) => {
      if (message === 'ready') {
        onReady?.()
        worker.postMessage('go')
        return
      }
      void worker.terminate()
      resolve(message)
    })
  })
}

/**
 * Checks every exchange got the whole answer (`status` and `body`), with connection: close unless
 * `closeHeader` is false (the client-error 400 is written as Fastify writes it, without one), and
 * that the connection then ended.
 */
function expectEvery(
  exchanges: Exchange[],
  status: number,
  body: string,
  closeHeader = true,
): void {
  const seen = exchanges.map((exchange) => {
    const response = firstResponse(exchange.response)
    return response.status === status &&
      response.head.includes('\r\nconnection: close') === closeHeader &&
      response.body === body &&
      exchange.ending !== 'open'
      ? `whole ${status}`
      : `${response.status} (${exchange.ending}, ${exchange.response.length} bytes read)`
  })
  expect(seen).toEqual(Array(exchanges.length).fill(`whole ${status}`))
}

describe('early answers reach a client that keeps writing (lingering close)', () => {
  it(`a 10 MiB chunked body against a 1 MiB limit: the 413 arrives, ${ITERATIONS} times out of ${ITERATIONS}`, async () => {
    const started = Date.now()
    const exchanges = await writingClients({
      head: 'POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n',
      total: 10 * MiB,
      chunked: true,
      iterations: ITERATIONS,
    })
    expectEvery(exchanges, 413, tooLarge)
    expect(Date.now() - started).toBeLessThan(30_000)
  }, 40_000)

  it(`a declared Content-Length of 10 MiB against a 1 MiB limit, the body sent anyway: the 413 arrives, ${ITERATIONS} times out of ${ITERATIONS}`, async () => {
    const exchanges = await writingClients({
      head: `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${10 * MiB}\r\n\r\n`,
      total: 10 * MiB,
      chunked: false,
      iterations: ITERATIONS,
    })
    expectEvery(exchanges, 413, tooLarge)
  }, 40_000)

  it('a malformed request head, its body sent anyway: the 400 arrives, 20 times out of 20', async () => {
    const exchanges = await writingClients({
      head: `POST /echo HTTP/1.1\r\nhost: x\r\nnot a header\r\ncontent-length: ${10 * MiB}\r\n\r\n`,
      total: 10 * MiB,
      chunked: false,
      iterations: 20,
    })
    expectEvery(
      exchanges,
      400,
      JSON.stringify({ error: 'Bad Request', message: 'Client Error', statusCode: 400 }),
      false,
    )
  }, 40_000)

  it('[API.md Servers and shutdown] the 503 while closing, to a request whose body is still coming: it arrives, 10 times out of 10', async () => {
    const exchanges: Exchange[] = []
    for (let i = 0; i < 10; i++) {
      const closingServer = await serve({}, { bodyLimit: MiB })
      let closing: Promise<void> | undefined
      exchanges.push(
        ...(await writingClients({
          port: closingServer.port,
          warmup: 'GET /hello HTTP/1.1\r\nhost: x\r\n\r\n',
          onReady: () => {
            closing = closingServer.transport.close()
          },
          head: `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${10 * MiB}\r\n\r\n`,
          total: 10 * MiB,
          chunked: false,
          iterations: 1,
        })),
      )
      await closing
    }
    expectEvery(
      exchanges,
      503,
      JSON.stringify({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Service Unavailable',
      }),
    )
  }, 40_000)
})

describe('a connection is not reused after an early answer', () => {
  it('a request pipelined behind a body refused unread never starts: one answer (413), then the connection ends', async () => {
    const before = served.log.sendDone.length
    const exchange = await rawExchange(served.port, [
      `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${2 * MiB}\r\n\r\n`,
      Buffer.alloc(2 * MiB, 'x'),
      'GET /hello HTTP/1.1\r\nhost: x\r\n\r\n',
    ])
    expect(firstResponse(exchange.response).status).toBe(413)
    expect(exchange.response.match(/HTTP\/1\.1 /g)).toHaveLength(1)
    expect(exchange.ending).toBe('end')
    expect(served.log.sendDone.slice(before).map((entry) => entry.url)).toEqual(['/echo'])
  })

  it('a request sent on the connection after the 413 was read gets no answer: the server ended it', async () => {
    const exchange = await rawExchange(served.port, [
      `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${2 * MiB}\r\n\r\n`,
      100,
      'GET /hello HTTP/1.1\r\nhost: x\r\n\r\n',
    ])
    expect(firstResponse(exchange.response).status).toBe(413)
    expect(exchange.response.match(/HTTP\/1\.1 /g)).toHaveLength(1)
    expect(exchange.ending).toBe('end')
  })

  it('[RFC 9112 §9.6] a request pipelined behind one that asked for connection: close never starts', async () => {
    const before = served.log.sendDone.length
    const exchange = await rawExchange(served.port, [
      'GET /slow?ms=50 HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\nGET /hello HTTP/1.1\r\nhost: x\r\n\r\n',
    ])
    expect(exchange.response.match(/HTTP\/1\.1 /g)).toHaveLength(1)
    expect(firstResponse(exchange.response).body).toBe('{"slow":true}')
    expect(exchange.ending).toBe('end')
    expect(served.log.sendDone.slice(before).map((entry) => entry.url)).toEqual(['/slow?ms=50'])
  })
})
