import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  message: `Request body is larger than the limit of ${MiB} bytes`,
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

/** Runs `iterations` exchanges of a client that keeps writing, one after the other, in a worker. */
async function writingClients(options: {
  head: string
  total: number
  chunked: boolean
  iterations: number
}): Promise<Exchange[]> {
  const worker = new Worker(new URL('../test/writing-client.mjs', import.meta.url), {
    workerData: { port: served.port, deadline: 5000, ...options },
  })
  const [results] = (await once(worker, 'message')) as [Exchange[]]
  await worker.terminate()
  return results
}

/** Checks every exchange got the whole 413, with connection: close, and the connection ended. */
function expectEvery413(exchanges: Exchange[]): void {
  const seen = exchanges.map((exchange) => {
    const response = firstResponse(exchange.response)
    return response.status === 413 &&
      response.head.includes('\r\nconnection: close') &&
      response.body === tooLarge &&
      exchange.ending !== 'open'
      ? 'whole 413'
      : `${response.status} (${exchange.ending}, ${exchange.response.length} bytes read)`
  })
  expect(seen).toEqual(Array(exchanges.length).fill('whole 413'))
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
    expectEvery413(exchanges)
    expect(Date.now() - started).toBeLessThan(30_000)
  }, 40_000)

  it(`a declared Content-Length of 10 MiB against a 1 MiB limit, the body sent anyway: the 413 arrives, ${ITERATIONS} times out of ${ITERATIONS}`, async () => {
    const exchanges = await writingClients({
      head: `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${10 * MiB}\r\n\r\n`,
      total: 10 * MiB,
      chunked: false,
      iterations: ITERATIONS,
    })
    expectEvery413(exchanges)
  }, 40_000)
})
