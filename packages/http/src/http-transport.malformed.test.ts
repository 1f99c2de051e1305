import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawExchange, statusOf } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'

let served: Served
beforeAll(async () => {
  served = await serve()
})
afterAll(() => served.close())

const CLIENT_ERROR = '{"error":"Bad Request","message":"Client Error","statusCode":400}'

describe('[API.md Errors] a request line or header the parser refuses is 400, never 5xx', () => {
  it.each([
    ['a request line ending in a bare LF', 'GET /hello HTTP/1.1\nhost: a\n\n'],
    ['a header line ending in a bare LF', 'GET /hello HTTP/1.1\r\nhost: a\nx-b: c\r\n\r\n'],
    [
      'a request line and headers ending in bare LFs (HTTP/1.0)',
      'GET /hello HTTP/1.0\nhost: a\n\n',
    ],
    ['a version that is not digit.digit', 'GET /hello HTTP/1.x\r\nhost: a\r\n\r\n'],
  ])('%s: 400 with the client-error body, then the connection closes', async (_name, request) => {
    const exchange = await rawExchange(served.port, [request])
    expect(statusOf(exchange.response)).toBe(400)
    expect(exchange.response.endsWith(CLIENT_ERROR)).toBe(true)
    expect(exchange.ending).toBe('end')
  })

  it('writes the 400 byte for byte as Fastify 5 does', async () => {
    const exchange = await rawExchange(served.port, ['oooops!'])
    expect(exchange.response).toBe(
      `HTTP/1.1 400 Bad Request\r\nContent-Length: ${CLIENT_ERROR.length}\r\n` +
        `Content-Type: application/json\r\n\r\n${CLIENT_ERROR}`,
    )
    expect(exchange.ending).toBe('end')
  })

  it('still answers 505 to a well-formed request line naming another version', async () => {
    const exchange = await rawExchange(served.port, ['GET /hello HTTP/1.2\r\nhost: a\r\n\r\n'])
    expect(statusOf(exchange.response)).toBe(505)
    expect(exchange.response).toContain('"code":"FRM_ERR_HTTP_VERSION_NOT_SUPPORTED"')
  })
})

describe("the 'clientError' of a socket that is not a live TCP socket (as Fastify 5)", () => {
  it('leaves a destroyed socket alone, and a reset one', () => {
    const calls: string[] = []
    const fake = (destroyed: boolean) => ({
      destroyed,
      writable: true,
      write: () => void calls.push('write'),
      end: () => void calls.push('end'),
      destroy: () => void calls.push('destroy'),
    })
    served.transport.server.emit('clientError', new Error('x'), fake(true))
    served.transport.server.emit(
      'clientError',
      Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
      fake(false),
    )
    expect(calls).toEqual([])
  })

  it('writes the 400 to another writable duplex, then destroys it (never end)', () => {
    const calls: string[] = []
    served.transport.server.emit('clientError', new Error('x'), {
      destroyed: false,
      writable: true,
      write: (text: string) => void calls.push(`write ${text.split('\r\n')[0]}`),
      end: () => void calls.push('end'),
      destroy: () => void calls.push('destroy'),
    })
    expect(calls).toEqual(['write HTTP/1.1 400 Bad Request', 'destroy'])
  })

  it('only destroys a duplex that is not writable', () => {
    const calls: string[] = []
    served.transport.server.emit('clientError', new Error('x'), {
      destroyed: false,
      writable: false,
      write: () => void calls.push('write'),
      end: () => void calls.push('end'),
      destroy: () => void calls.push('destroy'),
    })
    expect(calls).toEqual(['destroy'])
  })
})

describe('a malformed request pipelined behind requests already started', () => {
  it('waits for their answers: 200, then the 400, then the connection closes', async () => {
    const exchange = await rawExchange(served.port, [
      'GET /slow?ms=100 HTTP/1.1\r\nhost: a\r\n\r\nGET /hello HTTP/1.1\r\nhost: a\r\n\r\nNOT HTTP AT ALL\r\n\r\n',
    ])
    const statuses = [...exchange.response.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])
    expect(statuses).toEqual(['200', '200', '400'])
    expect(exchange.response).toContain('{"slow":true}')
    expect(exchange.response).toContain('{"hello":"world"}')
    expect(exchange.response.endsWith(CLIENT_ERROR)).toBe(true)
    expect(exchange.ending).toBe('end')
  })
})
