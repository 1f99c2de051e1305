import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeTable } from '../test/fake-table.js'
import { rawExchange } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'
import { createHttpTransport } from './http-transport.js'

let served: Served
beforeAll(async () => {
  served = await serve()
})
afterAll(() => served.close())

/** Status, headers and body of one request with node:http (fetch hides HEAD details). */
function call(path: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${served.base}${path}`, { method }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('send', () => {
  it('sets Content-Length in bytes for a multi-byte string', async () => {
    const { status, headers, body } = await call('/text')
    const text = 'héllo wörld ✓ 🚀'
    expect(status).toBe(200)
    expect(text.length).toBe(16)
    expect(headers['content-length']).toBe(String(Buffer.byteLength(text)))
    expect(headers['content-length']).toBe('22')
    expect(body.toString('utf8')).toBe(text)
    expect(headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('sends a Buffer as it is, with its length', async () => {
    const { headers, body } = await call('/buffer')
    expect(headers['content-length']).toBe('5')
    expect([...body]).toEqual([0, 1, 2, 3, 255])
  })

  it('a null payload is an empty body with Content-Length 0', async () => {
    const { status, headers, body } = await call('/empty')
    expect(status).toBe(200)
    expect(headers['content-length']).toBe('0')
    expect(body.length).toBe(0)
  })

  it('a null payload to HEAD keeps the Content-Length the core gave, and writes no body', async () => {
    const { status, headers, body } = await call('/head', 'HEAD')
    expect(status).toBe(200)
    expect(headers['content-length']).toBe('42')
    expect(headers['content-type']).toBe('application/json; charset=utf-8')
    expect(body.length).toBe(0)
    // The connection is still usable: the next response is read correctly.
    const { response } = await rawExchange(served.port, [
      'HEAD /head HTTP/1.1\r\nhost: x\r\n\r\nGET /hello HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    ])
    expect(response.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2)
    expect(response.endsWith('{"hello":"world"}')).toBe(true)
  })

  it('a 204 carries no Content-Length and no body', async () => {
    const { status, headers, body } = await call('/no-content')
    expect(status).toBe(204)
    expect(headers['content-length']).toBe(undefined)
    expect(body.length).toBe(0)
  })

  it('pipes a stream', async () => {
    const { status, headers, body } = await call('/stream')
    expect(status).toBe(200)
    expect(headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(headers['transfer-encoding']).toBe('chunked')
    expect(body.toString()).toBe('one,two,three')
  })

  it('writes a WHATWG ReadableStream as a stream', async () => {
    const { status, headers, body } = await call('/web-stream')
    expect(status).toBe(200)
    expect(headers['transfer-encoding']).toBe('chunked')
    expect(body.toString()).toBe('web,stream')
  })

  it('a stream that fails before its first byte leaves the response to the core (500)', async () => {
    const { status, headers, body } = await call('/stream-fails-early')
    expect(status).toBe(500)
    // The stream's own headers were withdrawn.
    expect(headers['x-stream']).toBe(undefined)
    expect(JSON.parse(body.toString())).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'disk went away before the first byte',
    })
    expect(served.log.sendDone.filter((entry) => entry.url === '/stream-fails-early')).toEqual([
      { url: '/stream-fails-early', error: 'disk went away before the first byte' },
      { url: '/stream-fails-early', error: null },
    ])
  })

  it('a stream destroyed without an error before its first byte is a failure too (500)', async () => {
    const { status, headers, body } = await call('/stream-closes-early')
    expect(status).toBe(500)
    expect(headers['x-stream']).toBe(undefined)
    expect(JSON.parse(body.toString())).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Premature close',
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    })
  })

  it('a stream that fails after its head destroys the response, logs, and gives done the error', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    const local = await serve({ logger })
    const outcome = await new Promise<string>((resolve) => {
      const req = request(`${local.base}/stream-fails-late`, (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('error', () => resolve(`cut after ${JSON.stringify(text)}`))
        res.on('end', () => resolve(`ended after ${JSON.stringify(text)}`))
      })
      req.on('error', () => resolve('request error'))
      req.end()
    })
    expect(outcome).toBe('cut after "partial,"')
    expect(local.log.sendDone).toEqual([
      { url: '/stream-fails-late', error: 'disk went away mid-body' },
    ])
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(logger.error.mock.calls[0]![1]).toBe(
      'The response stream failed after its headers were sent: the response was cut short',
    )
    await local.close()
  })

  it('calls done once, when the response has finished', async () => {
    const transport = createHttpTransport()
    const { table, log } = fakeTable(transport)
    transport.mount(table)
    await transport.inject('/hello')
    await transport.inject('/stream')
    expect(log.sendDone).toEqual([
      { url: '/hello', error: null },
      { url: '/stream', error: null },
    ])
  })

  it('refuses a payload that is not a string, Buffer, stream or null', async () => {
    const transport = createHttpTransport()
    const done = vi.fn()
    const { table } = fakeTable(transport, {
      extraRoutes: [
        {
          method: 'GET',
          url: '/object',
          handle: (_raw, res) => {
            transport.send(res, 200, {}, { not: 'serialized' } as never, (error) => {
              done(error?.message)
              transport.send(res, 500, {}, 'refused', () => {})
            })
          },
        },
      ],
    })
    transport.mount(table)
    const response = await transport.inject('/object')
    expect(response.statusCode).toBe(500)
    expect(done).toHaveBeenCalledWith(
      "Attempted to send payload of invalid type 'Object'. Expected a string or Buffer.",
    )
  })

  it('without done, writes the response and adds no finish or close listener', async () => {
    const transport = createHttpTransport()
    const listeners: number[] = []
    const { table } = fakeTable(transport, {
      extraRoutes: [
        {
          method: 'GET',
          url: '/no-done',
          handle: (_raw, res) => {
            const on = vi.spyOn(res, 'on')
            transport.send(res, 200, { 'content-type': 'text/plain' }, 'plain')
            listeners.push(
              on.mock.calls.filter(([event]) => event === 'finish' || event === 'close').length,
            )
          },
        },
      ],
    })
    transport.mount(table)
    const response = await transport.inject('/no-done')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('plain')
    expect(response.headers['content-length']).toBe('5')
    expect(listeners).toEqual([0])
  })

  it('writes the same head for a typed body alone, with more headers, and with headers set on the raw response', async () => {
    const transport = createHttpTransport()
    const { table } = fakeTable(transport, {
      extraRoutes: [
        {
          method: 'GET',
          url: '/typed',
          handle: (_raw, res) => {
            transport.send(res, 201, { 'content-type': 'application/json' }, '{"a":"é"}')
          },
        },
        {
          method: 'GET',
          url: '/more',
          handle: (_raw, res) => {
            const headers = {
              'x-first': '1',
              'content-type': 'text/plain',
              'set-cookie': ['a=1', 'b=2'],
            }
            transport.send(res, 200, headers, 'more')
          },
        },
        {
          method: 'GET',
          url: '/raw-first',
          handle: (_raw, res) => {
            res.setHeader('x-raw', 'early')
            res.setHeader('content-type', 'text/html')
            transport.send(res, 200, { 'content-type': 'application/json' }, '[]')
          },
        },
      ],
    })
    transport.mount(table)
    const base = await transport.listen({ port: 0, host: '127.0.0.1' })
    try {
      const port = Number(new URL(base).port)
      const head = async (path: string) => {
        const { response } = await rawExchange(port, [
          `GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
        ])
        return response.slice(0, response.indexOf('\r\n\r\n')).split('\r\n')
      }
      const typed = await head('/typed')
      expect(typed.slice(0, 3)).toEqual([
        'HTTP/1.1 201 Created',
        'content-type: application/json',
        'content-length: 10',
      ])
      const more = await head('/more')
      expect(more.slice(0, 6)).toEqual([
        'HTTP/1.1 200 OK',
        'x-first: 1',
        'content-type: text/plain',
        'set-cookie: a=1',
        'set-cookie: b=2',
        'content-length: 4',
      ])
      const rawFirst = await head('/raw-first')
      expect(rawFirst).toContain('x-raw: early')
      expect(rawFirst).toContain('content-type: application/json')
      expect(rawFirst).not.toContain('content-type: text/html')

      const injected = await transport.inject('/typed')
      expect(injected.statusCode).toBe(201)
      expect(injected.headers['content-type']).toBe('application/json')
      expect(injected.headers['content-length']).toBe('10')
      expect(injected.body).toBe('{"a":"é"}')
      const injectedRaw = await transport.inject('/raw-first')
      expect(injectedRaw.headers['x-raw']).toBe('early')
      expect(injectedRaw.headers['content-type']).toBe('application/json')
      expect(injectedRaw.body).toBe('[]')
    } finally {
      await transport.close()
    }
  })

  it('isSent() is false before the response, true once written', async () => {
    const transport = createHttpTransport()
    const seen: boolean[] = []
    const { table } = fakeTable(transport, {
      extraRoutes: [
        {
          method: 'GET',
          url: '/sent',
          handle: (_raw, res) => {
            seen.push(transport.isSent(res))
            transport.send(res, 200, {}, 'x', () => seen.push(transport.isSent(res)))
            seen.push(transport.isSent(res))
          },
        },
      ],
    })
    transport.mount(table)
    await transport.inject('/sent')
    expect(seen).toEqual([false, true, true])
  })

  it('isSent() is true once the client has gone', async () => {
    const transport = createHttpTransport()
    const seen = new Promise<boolean>((resolve) => {
      const { table } = fakeTable(transport, {
        extraRoutes: [
          {
            method: 'GET',
            url: '/gone',
            handle: (raw, res) => raw.socket.on('close', () => resolve(transport.isSent(res))),
          },
        ],
      })
      transport.mount(table)
    })
    await transport.listen({ port: 0, host: '127.0.0.1' })
    const port = (transport.server.address() as { port: number }).port
    await rawExchange(port, ['GET /gone HTTP/1.1\r\nhost: x\r\n\r\n'], 100)
    expect(await seen).toBe(true)
    await transport.close()
  })
})
