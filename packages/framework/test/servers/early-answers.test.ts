import { connect as connectH2 } from 'node:http2'
import { setTimeout as sleep } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'
import framework from 'framework'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// [API.md Errors: body over bodyLimit] A client that keeps writing a body over the default 1 MiB
// limit reads its 413 every time, over a real socket: the server closes the connection lingering
// (it reads and discards what still comes for a bounded time) rather than at once, which would
// make the kernel send a reset that discards the 413. The client runs in a worker thread, on its
// own event loop, as a client in another process does.

const MiB = 1024 * 1024
let app: any
let port: number
beforeAll(async () => {
  app = framework()
  app.post('/upload', async (request: { body: unknown }) => ({ received: typeof request.body }))
  const base: string = await app.listen({ port: 0, host: '127.0.0.1' })
  port = Number(new URL(base).port)
})
afterAll(() => app.close())

interface Exchange {
  response: string
  ending: string
}

function writingClients(head: string, chunked: boolean, iterations: number): Promise<Exchange[]> {
  // The http package's test client: sends `head`, then keeps writing 10 MiB whatever comes back.
  const worker = new Worker(new URL('../../../http/test/writing-client.mjs', import.meta.url), {
    workerData: { port, head, total: 10 * MiB, chunked, iterations, deadline: 5000 },
  })
  return new Promise((resolve, reject) => {
    worker.on('error', reject)
    worker.once('message', (results: Exchange[]) => {
      void worker.terminate()
      resolve(results)
    })
  })
}

/** 'whole 413' when the exchange read the 413 (head and JSON body) with connection: close. */
function outcome(exchange: Exchange): string {
  const text = exchange.response
  const end = text.indexOf('\r\n\r\n')
  const head = text.slice(0, Math.max(end, 0))
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? -1)
  const body = end === -1 ? '' : text.slice(end + 4, end + 4 + length)
  const ok =
    /^HTTP\/1\.1 413 /.test(head) &&
    /\r\nconnection: close/i.test(head) &&
    body.length === length &&
    (JSON.parse(body) as { code?: string }).code === 'FRM_ERR_CTP_BODY_TOO_LARGE'
  return ok ? 'whole 413' : `${head.split('\r\n')[0] || 'nothing'} (${exchange.ending})`
}

describe('a body over the default bodyLimit, the client writing on: the 413 always arrives', () => {
  it('10 MiB chunked, 30 times', async () => {
    const exchanges = await writingClients(
      'POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
      true,
      30,
    )
    expect(exchanges.map(outcome)).toEqual(Array(30).fill('whole 413'))
  }, 40_000)

  it('a declared Content-Length of 10 MiB, the body sent anyway, 30 times', async () => {
    const exchanges = await writingClients(
      `POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${10 * MiB}\r\n\r\n`,
      false,
      30,
    )
    expect(exchanges.map(outcome)).toEqual(Array(30).fill('whole 413'))
  }, 40_000)
})

describe('HTTP/2: a body over the limit, the client writing on', () => {
  it('gets the whole 413, then RST_STREAM NO_ERROR asking it to stop sending (RFC 9113 §8.1), 10 times', async () => {
    const h2: any = framework({ http2: true })
    h2.post('/upload', async () => 'ok')
    const base: string = await h2.listen({ port: 0, host: '127.0.0.1' })
    const session = connectH2(base)
    const outcomes: string[] = []
    try {
      for (let i = 0; i < 10; i++) {
        outcomes.push(
          await new Promise<string>((resolve) => {
            const stream = session.request({
              ':method': 'POST',
              ':path': '/upload',
              'content-type': 'application/json',
            })
            let status = 0
            let body = ''
            const timer = setTimeout(() => resolve(`${status}, still open after 3 s`), 3000)
            stream.on('response', (headers) => {
              status = Number(headers[':status'])
            })
            stream.setEncoding('utf8')
            stream.on('data', (chunk: string) => {
              body += chunk
            })
            stream.on('error', () => {})
            // The response ended (END_STREAM): the server must then close the stream (an
            // RST_STREAM: stream.closed), or the client writes on into a window never reopened.
            stream.on('end', async () => {
              const code = (JSON.parse(body) as { code?: string }).code
              for (let waited = 0; !stream.closed && waited < 1000; waited += 10) await sleep(10)
              clearTimeout(timer)
              resolve(
                `${status} ${code} ${stream.closed ? `closed, code ${stream.rstCode}` : 'open'}`,
              )
              stream.destroy()
            })
            const chunk = Buffer.alloc(64 * 1024, 'x')
            let sent = 0
            const pump = (): void => {
              while (sent < 10 * MiB && !stream.destroyed) {
                sent += chunk.length
                if (!stream.write(chunk)) {
                  stream.once('drain', pump)
                  return
                }
              }
            }
            pump()
          }),
        )
      }
    } finally {
      session.destroy()
      await h2.close()
    }
    expect(outcomes).toEqual(Array(10).fill('413 FRM_ERR_CTP_BODY_TOO_LARGE closed, code 0'))
  }, 40_000)
})
