import { AsyncLocalStorage } from 'node:async_hooks'
import { IncomingMessage, request, type ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeTable } from '../test/fake-table.js'
import { bodyOf, rawExchange, statusOf } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'
import { createHttpTransport } from './http-transport.js'

// The fake table reads bodies with a limit of 1024 bytes (or `?limit=`).
let served: Served
beforeAll(async () => {
  served = await serve()
})
afterAll(() => served.close())

const tooLarge = {
  statusCode: 413,
  error: 'Payload Too Large',
  message: 'Request body is too large',
  code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
}

describe('readBody', () => {
  it('reads a body sent with Content-Length', async () => {
    const response = await fetch(`${served.base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada","city":"Zürich"}',
    })
    expect(await response.json()).toEqual({
      bytes: 31,
      text: '{"name":"Ada","city":"Zürich"}',
      contentType: 'application/json',
    })
  })

  it('reads a chunked body sent in several pieces, joined in order', async () => {
    const { response } = await rawExchange(served.port, [
      'POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n',
      '5\r\nhello\r\n',
      20,
      '6\r\n world\r\n',
      20,
      '0\r\n\r\n',
    ])
    expect(statusOf(response)).toBe(200)
    expect(JSON.parse(bodyOf(response))).toEqual({
      bytes: 11,
      text: 'hello world',
      contentType: null,
    })
  })

  it('reads a body of exactly the limit', async () => {
    const response = await fetch(`${served.base}/echo?limit=10`, {
      method: 'POST',
      body: '0123456789',
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { bytes: number }).bytes).toBe(10)
  })

  it('gives an empty Buffer for a request without a body', async () => {
    const response = await fetch(`${served.base}/echo`, { method: 'POST' })
    expect(await response.json()).toEqual({ bytes: 0, text: '', contentType: null })
  })

  it('[API.md Security defaults: body limit] a declared Content-Length over the limit is a 413 at once, and the connection closes', async () => {
    // Only the head is sent: the 413 does not wait for a body that never comes.
    const exchange = await rawExchange(served.port, [
      'POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 5000000\r\n\r\n',
    ])
    expect(statusOf(exchange.response)).toBe(413)
    expect(exchange.response).toMatch(/\r\nconnection: close\r\n/i)
    expect(JSON.parse(bodyOf(exchange.response))).toEqual(tooLarge)
    expect(exchange.ending).not.toBe('open')
    expect(exchange.elapsed).toBeLessThan(2000)
  })

  it('[API.md Errors: body over bodyLimit] a chunked body that grows past the limit is a 413, and the connection closes', async () => {
    const exchange = await rawExchange(served.port, [
      'POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n',
      `400\r\n${'a'.repeat(1024)}\r\n`,
      20,
      `10\r\n${'b'.repeat(16)}\r\n`,
      // The client keeps going; the server has stopped reading.
      20,
      `400\r\n${'c'.repeat(1024)}\r\n`,
    ])
    expect(statusOf(exchange.response)).toBe(413)
    expect(exchange.response).toMatch(/\r\nconnection: close\r\n/i)
    expect(JSON.parse(bodyOf(exchange.response))).toEqual(tooLarge)
    expect(exchange.ending).not.toBe('open')
  })

  it('never buffers past the limit (a 100 MB body against a 1 KB limit)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${served.base}/echo`, { method: 'POST' }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', (error: NodeJS.ErrnoException) => {
        // Once it has answered, the server cuts the rest of the upload.
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error)
      })
      const chunk = Buffer.alloc(64 * 1024, 120)
      let sent = 0
      const pump = (): void => {
        while (sent < 100 * 1024 * 1024) {
          sent += chunk.length
          if (!req.write(chunk)) {
            req.once('drain', pump)
            return
          }
        }
        req.end()
      }
      pump()
    })
    expect(status).toBe(413)
  })

  it('[API.md Errors: body over bodyLimit] the limit holds for inject too', async () => {
    const transport = createHttpTransport()
    transport.mount(fakeTable(transport, { bodyLimit: 4 }).table)
    const response = await transport.inject({ method: 'POST', url: '/echo', payload: 'hello' })
    expect(response.statusCode).toBe(413)
    expect(response.headers['connection']).toBe('close')
    expect(response.json()).toEqual(tooLarge)
  })

  it('a body shorter or longer than its Content-Length is a 400 FRM_ERR_CTP_INVALID_CONTENT_LENGTH', async () => {
    const transport = createHttpTransport()
    transport.mount(fakeTable(transport).table)
    const expected = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request body size did not match Content-Length',
      code: 'FRM_ERR_CTP_INVALID_CONTENT_LENGTH',
    }
    for (const declared of ['3', '9', '-1', '1.5']) {
      const response = await transport.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-length': declared },
        payload: 'hello',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(expected)
    }
  })

  it('a Content-Length that is not a number (inject only) declares nothing, as Fastify reads it', async () => {
    const transport = createHttpTransport()
    transport.mount(fakeTable(transport).table)
    const response = await transport.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-length': 'abc' },
      payload: 'hello',
    })
    expect(response.statusCode).toBe(200)
  })

  it('falls back to the bodyLimit option when given no usable limit', async () => {
    const transport = createHttpTransport({ bodyLimit: 3 })
    transport.mount(fakeTable(transport).table)
    const response = await transport.inject({
      method: 'POST',
      url: '/echo?limit=0',
      payload: 'four',
    })
    expect(response.json()).toEqual(tooLarge)
  })

  it('reads a replacement stream (a preParsing hook) instead of the request', async () => {
    const { Readable } = await import('node:stream')
    const transport = createHttpTransport()
    const body = await new Promise<string>((resolve, reject) => {
      const { table } = fakeTable(transport, {
        extraRoutes: [
          {
            method: 'POST',
            url: '/replaced',
            handle: (raw, res) => {
              transport.readBody(
                raw,
                100,
                (error, buffer) => {
                  if (error) reject(error)
                  else resolve(buffer!.toString())
                  transport.send(res, 204, {}, null, () => {})
                },
                Readable.from(['decoded ', 'payload']),
              )
            },
          },
        ],
      })
      transport.mount(table)
      // The request declares 2 bytes; the replacement stream's length is its own business.
      void transport.inject({ method: 'POST', url: '/replaced', payload: 'xx' })
    })
    expect(body).toBe('decoded payload')
  })

  it('reads a replacement stream that comes explicitly paused (as a decompressor may)', async () => {
    const { PassThrough } = await import('node:stream')
    const transport = createHttpTransport()
    const paused = new PassThrough()
    paused.pause()
    paused.end('from a paused stream')
    const body = await new Promise<string>((resolve, reject) => {
      const { table } = fakeTable(transport, {
        extraRoutes: [
          {
            method: 'POST',
            url: '/paused',
            handle: (raw, res) => {
              transport.readBody(
                raw,
                100,
                (error, buffer) => {
                  if (error) reject(error)
                  else resolve(buffer!.toString())
                  transport.send(res, 204, {}, null, () => {})
                },
                paused,
              )
            },
          },
        ],
      })
      transport.mount(table)
      void transport.inject({ method: 'POST', url: '/paused', payload: 'xx' })
    })
    expect(body).toBe('from a paused stream')
  })

  it('a replacement stream that fails gives its error to done, with status 400', async () => {
    const { Readable } = await import('node:stream')
    const transport = createHttpTransport()
    const failing = new Readable({
      read() {
        this.destroy(new Error('incorrect header check'))
      },
    })
    const { table } = fakeTable(transport, {
      extraRoutes: [
        {
          method: 'POST',
          url: '/replaced',
          handle: (raw, res) =>
            transport.readBody(
              raw,
              100,
              (error) => {
                transport.send(
                  res,
                  (error as unknown as { statusCode: number }).statusCode,
                  {},
                  error!.message,
                  () => {},
                )
              },
              failing,
            ),
        },
      ],
    })
    transport.mount(table)
    const response = await transport.inject({ method: 'POST', url: '/replaced', payload: 'xx' })
    expect(response.statusCode).toBe(400)
    expect(response.body).toBe('incorrect header check')
  })

  describe('a body node has already parsed whole (read after an asynchronous hook)', () => {
    // The route reads the body a macrotask later, as the core does after an async onRequest hook:
    // by then node's parser has pushed the whole request into the stream.
    type Outcome = {
      error: string | null
      body: string | null
      synchronous: boolean
      store: unknown
      /** Whether node's parser had finished the request when `done` ran. */
      completeAtDone: boolean
      /** What the request had emitted when `done` ran, and once it closed. */
      eventsAtDone: string[]
      events: string[]
    }
    const later = (
      transport: ReturnType<typeof createHttpTransport>,
      limit: number,
      seen: (outcome: Outcome) => void,
      when: (read: () => void) => void = setImmediate,
    ) => {
      const storage = new AsyncLocalStorage<string>()
      return {
        method: 'POST',
        url: '/later',
        handle: (raw: IncomingMessage, res: ServerResponse) => {
          const events: string[] = []
          let outcome: Outcome | undefined
          raw.on('end', () => events.push('end'))
          raw.on('close', () => {
            events.push('close')
            if (outcome !== undefined) seen(outcome)
          })
          when(() =>
            storage.run('the hook store', () => {
              let returned = false
              transport.readBody(raw, limit, (error, body) => {
                outcome = {
                  error:
                    error === null ? null : ((error as { code?: string }).code ?? error.message),
                  body: body === undefined ? null : body.toString('utf8'),
                  synchronous: !returned,
                  store: storage.getStore(),
                  completeAtDone: raw.complete,
                  eventsAtDone: [...events],
                  events,
                }
                transport.send(res, error === null ? 200 : 413, {}, outcome.body ?? '', () => {})
              })
              returned = true
            }),
          )
        },
      }
    }

    it('is taken in one read, done runs at once in the caller context, and the request still ends and closes', async () => {
      const transport = createHttpTransport()
      const outcome = new Promise<Outcome>((resolve) => {
        transport.mount(
          fakeTable(transport, { extraRoutes: [later(transport, 1024, resolve)] }).table,
        )
      })
      await transport.listen({ port: 0, host: '127.0.0.1' })
      const port = (transport.server.address() as { port: number }).port
      const exchange = await rawExchange(port, [
        'POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: 13\r\nconnection: close\r\n\r\n{"a":"Zürich"}'.replace(
          '13',
          String(Buffer.byteLength('{"a":"Zürich"}')),
        ),
      ])
      expect(statusOf(exchange.response)).toBe(200)
      expect(bodyOf(exchange.response)).toBe('{"a":"Zürich"}')
      expect(await outcome).toEqual({
        error: null,
        body: '{"a":"Zürich"}',
        synchronous: true,
        store: 'the hook store',
        completeAtDone: true,
        eventsAtDone: [],
        events: ['end', 'close'],
      })
      await transport.close()
    })

    it('an empty body is an empty Buffer', async () => {
      const transport = createHttpTransport()
      const outcome = new Promise<Outcome>((resolve) => {
        transport.mount(
          fakeTable(transport, { extraRoutes: [later(transport, 1024, resolve)] }).table,
        )
      })
      await transport.listen({ port: 0, host: '127.0.0.1' })
      const port = (transport.server.address() as { port: number }).port
      await rawExchange(port, [
        'POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\nconnection: close\r\n\r\n',
      ])
      expect(await outcome).toMatchObject({ error: null, body: '', synchronous: true })
      await transport.close()
    })

    it('[API.md Errors: body over bodyLimit] a chunked body past the limit is a 413, and the connection closes', async () => {
      const transport = createHttpTransport()
      const outcome = new Promise<Outcome>((resolve) => {
        transport.mount(fakeTable(transport, { extraRoutes: [later(transport, 8, resolve)] }).table)
      })
      await transport.listen({ port: 0, host: '127.0.0.1' })
      const port = (transport.server.address() as { port: number }).port
      const exchange = await rawExchange(port, [
        'POST /later HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n',
      ])
      expect(statusOf(exchange.response)).toBe(413)
      expect(exchange.response).toMatch(/\r\nconnection: close\r\n/i)
      expect(exchange.ending).not.toBe('open')
      expect(await outcome).toMatchObject({
        error: 'FRM_ERR_CTP_BODY_TOO_LARGE',
        synchronous: true,
      })
      await transport.close()
    })

    it('every declared byte buffered before the parser ends the request: read at once, and the request still ends and closes', async () => {
      // What the parser leaves between its body and message-complete callbacks (microtasks run
      // between them): the bytes are in the stream, `complete` is not set yet.
      const raw = new IncomingMessage(new Socket())
      raw.httpVersionMajor = 1
      raw.headers = { 'content-length': '11' }
      raw.push(Buffer.from('hello world'))
      const events: string[] = []
      raw.on('end', () => events.push('end'))
      const closed = new Promise<void>((resolve) => raw.on('close', resolve))
      const transport = createHttpTransport()
      let body: string | undefined
      transport.readBody(raw, 1024, (error, buffer) => {
        expect(error).toBeNull()
        body = buffer!.toString('utf8')
      })
      expect(body).toBe('hello world')
      raw.complete = true
      raw.push(null)
      await closed
      expect(events).toEqual(['end'])
    })

    it('a body still arriving is read by events, and done keeps the caller context', async () => {
      const transport = createHttpTransport()
      const outcome = new Promise<Outcome>((resolve) => {
        transport.mount(
          fakeTable(transport, { extraRoutes: [later(transport, 1024, resolve)] }).table,
        )
      })
      await transport.listen({ port: 0, host: '127.0.0.1' })
      const port = (transport.server.address() as { port: number }).port
      const exchange = await rawExchange(port, [
        'POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: 11\r\nconnection: close\r\n\r\nhello',
        50,
        ' world',
      ])
      expect(bodyOf(exchange.response)).toBe('hello world')
      expect(await outcome).toEqual({
        error: null,
        body: 'hello world',
        synchronous: false,
        store: 'the hook store',
        completeAtDone: true,
        eventsAtDone: ['end'],
        events: ['end', 'close'],
      })
      await transport.close()
    })

    describe('read as the head arrives (a route without hooks)', () => {
      const now = (read: () => void) => read()
      const readNow = (limit: number) => {
        const transport = createHttpTransport()
        const outcome = new Promise<Outcome>((resolve) => {
          transport.mount(
            fakeTable(transport, { extraRoutes: [later(transport, limit, resolve, now)] }).table,
          )
        })
        return { transport, outcome }
      }

      it('a small body sent with its head is read whole once node parsed the request, done keeps the caller context, and the request still ends and closes', async () => {
        const { transport, outcome } = readNow(1024)
        await transport.listen({ port: 0, host: '127.0.0.1' })
        const port = (transport.server.address() as { port: number }).port
        const text = '{"a":"Zürich"}'
        const exchange = await rawExchange(port, [
          `POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
        ])
        expect(statusOf(exchange.response)).toBe(200)
        expect(bodyOf(exchange.response)).toBe(text)
        expect(await outcome).toEqual({
          error: null,
          body: text,
          synchronous: false,
          store: 'the hook store',
          completeAtDone: true,
          eventsAtDone: [],
          events: ['end', 'close'],
        })
        await transport.close()
      })

      it('is not held back by a setImmediate faked after the framework loaded (a test clock)', async () => {
        const { transport, outcome } = readNow(1024)
        await transport.listen({ port: 0, host: '127.0.0.1' })
        const port = (transport.server.address() as { port: number }).port
        vi.useFakeTimers({ toFake: ['setImmediate'] })
        try {
          const exchange = await rawExchange(port, [
            'POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\nconnection: close\r\n\r\nhello',
          ])
          expect(bodyOf(exchange.response)).toBe('hello')
          expect(await outcome).toMatchObject({ error: null, body: 'hello', completeAtDone: true })
        } finally {
          vi.useRealTimers()
        }
        await transport.close()
      })

      it('a body that comes after its head is read by events, and done keeps the caller context', async () => {
        const { transport, outcome } = readNow(1024)
        await transport.listen({ port: 0, host: '127.0.0.1' })
        const port = (transport.server.address() as { port: number }).port
        const exchange = await rawExchange(port, [
          'POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: 11\r\nconnection: close\r\n\r\n',
          50,
          'hello',
          50,
          ' world',
        ])
        expect(bodyOf(exchange.response)).toBe('hello world')
        expect(await outcome).toEqual({
          error: null,
          body: 'hello world',
          synchronous: false,
          store: 'the hook store',
          completeAtDone: true,
          eventsAtDone: ['end'],
          events: ['end', 'close'],
        })
        await transport.close()
      })

      it('[API.md Errors: body over bodyLimit] a body sent with its head over the limit is a 413, and the connection closes', async () => {
        const { transport, outcome } = readNow(8)
        await transport.listen({ port: 0, host: '127.0.0.1' })
        const port = (transport.server.address() as { port: number }).port
        const exchange = await rawExchange(port, [
          'POST /later HTTP/1.1\r\nhost: x\r\ncontent-length: 11\r\n\r\nhello world',
        ])
        expect(statusOf(exchange.response)).toBe(413)
        expect(exchange.response).toMatch(/\r\nconnection: close\r\n/i)
        expect(await outcome).toMatchObject({ error: 'FRM_ERR_CTP_BODY_TOO_LARGE' })
        await transport.close()
      })
    })
  })

  it('a client that goes away mid-body gets done(error) once, quietly', async () => {
    const transport = createHttpTransport()
    const outcome = new Promise<{ calls: number; code: unknown }>((resolve) => {
      let calls = 0
      const { table } = fakeTable(transport, {
        extraRoutes: [
          {
            method: 'POST',
            url: '/abort',
            handle: (raw) =>
              transport.readBody(raw, 1_000_000, (error) => {
                calls++
                setTimeout(
                  () => resolve({ calls, code: (error as NodeJS.ErrnoException).code }),
                  50,
                )
              }),
          },
        ],
      })
      transport.mount(table)
    })
    await transport.listen({ port: 0, host: '127.0.0.1' })
    const port = (transport.server.address() as { port: number }).port
    const exchange = rawExchange(
      port,
      ['POST /abort HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\npartial'],
      300,
    )
    await exchange
    expect(await outcome).toEqual({ calls: 1, code: 'ECONNRESET' })
    await transport.close()
  })
})
