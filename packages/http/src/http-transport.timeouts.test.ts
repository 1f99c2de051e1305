import { describe, expect, it } from 'vitest'
import { bodyOf, rawExchange, statusOf } from '../test/raw-socket.js'
import { serve } from '../test/serve.js'

describe('[API.md Security defaults: timeouts]', () => {
  it('a client that stops mid-body gets a 408 and its connection closed, within bounded time', async () => {
    const served = await serve({ requestTimeout: 500 })
    const exchange = await rawExchange(served.port, [
      'POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\n',
      'only half of the body',
      // ...and then nothing.
    ])
    expect(exchange.ending).not.toBe('open')
    expect(exchange.elapsed).toBeGreaterThanOrEqual(450)
    expect(exchange.elapsed).toBeLessThan(1500)
    // Byte for byte as Fastify 4 and 5 answer it.
    expect(exchange.response).toBe(
      'HTTP/1.1 408 Request Timeout\r\nContent-Length: 71\r\nContent-Type: application/json\r\n\r\n' +
        '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}',
    )
    await served.close()
  })

  it('a client that never finishes its headers gets a 408 and its connection closed', async () => {
    const served = await serve({ requestTimeout: 500 })
    const exchange = await rawExchange(served.port, ['GET /hello HTTP/1.1\r\nhost: x\r\nx-slow: '])
    expect(exchange.ending).not.toBe('open')
    expect(exchange.elapsed).toBeLessThan(1500)
    expect(statusOf(exchange.response)).toBe(408)
    await served.close()
  })

  it('a request that arrives in time is served, however slowly it is sent', async () => {
    const served = await serve({ requestTimeout: 1000 })
    const exchange = await rawExchange(served.port, [
      'POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 4\r\nconnection: close\r\n\r\n',
      'ab',
      200,
      'cd',
    ])
    expect(statusOf(exchange.response)).toBe(200)
    expect(JSON.parse(bodyOf(exchange.response))).toMatchObject({ text: 'abcd' })
    await served.close()
  })

  it('keepAliveTimeout closes an idle keep-alive connection', async () => {
    const served = await serve({ keepAliveTimeout: 300 })
    const exchange = await rawExchange(served.port, ['GET /hello HTTP/1.1\r\nhost: x\r\n\r\n'])
    expect(statusOf(exchange.response)).toBe(200)
    expect(exchange.response).toMatch(/\r\nconnection: keep-alive\r\nkeep-alive: timeout=0\r\n/i)
    expect(exchange.ending).toBe('end')
    // Node keeps the socket up to one second past the advertised timeout.
    expect(exchange.elapsed).toBeGreaterThanOrEqual(250)
    expect(exchange.elapsed).toBeLessThan(2500)
    await served.close()
  })

  it('a keep-alive connection stays open for the next request within keepAliveTimeout', async () => {
    const served = await serve({ keepAliveTimeout: 1000 })
    const exchange = await rawExchange(served.port, [
      'GET /hello HTTP/1.1\r\nhost: x\r\n\r\n',
      300,
      'GET /users/1 HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    ])
    expect(exchange.response.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2)
    await served.close()
  })

  it('connectionTimeout runs the onTimeout callbacks of the response in progress, then destroys the socket', async () => {
    const served = await serve({ connectionTimeout: 200 })
    const exchange = await rawExchange(served.port, ['GET /hang HTTP/1.1\r\nhost: x\r\n\r\n'])
    expect(exchange.ending).not.toBe('open')
    expect(exchange.response).toBe('')
    expect(exchange.elapsed).toBeGreaterThanOrEqual(150)
    expect(exchange.elapsed).toBeLessThan(2000)
    expect(served.log.timeouts).toEqual(['GET /hang'])
    await served.close()
  })

  it('connectionTimeout does not fire for a response written in time', async () => {
    const served = await serve({ connectionTimeout: 500 })
    const exchange = await rawExchange(served.port, [
      'GET /slow?ms=100 HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    ])
    expect(statusOf(exchange.response)).toBe(200)
    expect(served.log.timeouts).toEqual([])
    await served.close()
  })
})

describe('malformed HTTP (clientError)', () => {
  it('answers 400 with the JSON body and closes the connection', async () => {
    const served = await serve()
    const exchange = await rawExchange(served.port, ['THIS IS NOT HTTP\r\n\r\n'])
    expect(exchange.ending).not.toBe('open')
    expect(statusOf(exchange.response)).toBe(400)
    expect(exchange.response).toMatch(/\r\nContent-Type: application\/json\r\n/)
    expect(bodyOf(exchange.response)).toBe(
      '{"error":"Bad Request","message":"Client Error","statusCode":400}',
    )
    await served.close()
  })

  it('answers 400 to conflicting Content-Length headers', async () => {
    const served = await serve()
    const exchange = await rawExchange(served.port, [
      'POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 3\r\ncontent-length: 4\r\n\r\nabcd',
    ])
    expect(statusOf(exchange.response)).toBe(400)
    expect(bodyOf(exchange.response)).toBe(
      '{"error":"Bad Request","message":"Client Error","statusCode":400}',
    )
    await served.close()
  })

  it('answers 431 to headers over the size limit', async () => {
    const served = await serve()
    const exchange = await rawExchange(served.port, [
      `GET /hello HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ])
    expect(statusOf(exchange.response)).toBe(431)
    expect(JSON.parse(bodyOf(exchange.response))).toEqual({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      message: 'Exceeded maximum allowed HTTP header size',
    })
    await served.close()
  })
})
