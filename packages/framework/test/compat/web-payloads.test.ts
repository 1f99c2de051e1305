import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// WHATWG Response and ReadableStream payloads (issue 31, item 11; Fastify 4.26-4.29).

function webStream(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('[compat] WHATWG payloads', () => {
  itBoth('a returned ReadableStream is streamed', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.type('text/plain')
      return webStream('hello ', 'web ', 'stream')
    })
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.body, response.headers['content-type']]).toEqual([
      200,
      'hello web stream',
      'text/plain',
    ])
  })

  itBoth('a sent Response gives its status, headers and body', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.header('x-from-reply', 'kept').header('x-over', 'reply')
      reply.send(
        new Response('created', {
          status: 201,
          headers: { 'x-over': 'response', 'content-type': 'text/x-custom' },
        }),
      )
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('created')
    expect(response.headers['content-type']).toBe('text/x-custom')
    expect(response.headers['x-from-reply']).toBe('kept')
    expect(response.headers['x-over']).toBe('response')
  })

  it('a Response returned from an async handler keeps each set-cookie apart', async () => {
    const app = makeApp()
    app.get('/', async () => {
      const headers = new Headers()
      headers.append('set-cookie', 'a=1')
      headers.append('set-cookie', 'b=2')
      return new Response(JSON.stringify({ ok: true }), { status: 202, headers })
    })
    const injected = await app.inject('/')
    expect([injected.statusCode, injected.json()]).toEqual([202, { ok: true }])
    expect(injected.headers['set-cookie']).toEqual(['a=1', 'b=2'])
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const response = await fetch(address)
    expect([response.status, await response.json()]).toEqual([202, { ok: true }])
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
  })

  itBoth('an onSend hook may replace the payload with a Response or a stream', async ({ send }) => {
    const app = makeApp()
    app.addHook('onSend', async (request: any, _reply: any, payload: unknown) => {
      if (request.url === '/response') return new Response(`wrapped ${payload}`, { status: 203 })
      if (request.url === '/stream') return webStream(`streamed ${payload}`)
      return payload
    })
    app.get('/response', () => 'text')
    app.get('/stream', () => 'text')
    const wrapped = await send(app, { url: '/response' })
    expect([wrapped.statusCode, wrapped.body]).toEqual([203, 'wrapped text'])
    const streamed = await send(app, { url: '/stream' })
    expect([streamed.statusCode, streamed.body]).toEqual([200, 'streamed text'])
  })

  itBoth('onSend sees the Response itself, with the status the reply had', async ({ send }) => {
    const app = makeApp()
    const seen: unknown[] = []
    app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
      seen.push([payload instanceof Response, reply.statusCode])
      return payload
    })
    app.get('/', () => new Response('x', { status: 299 }))
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.body]).toEqual([299, 'x'])
    expect(seen).toEqual([[true, 200]])
  })

  itBoth('204 and 304 answers go out without a body', async ({ send }) => {
    const app = makeApp()
    app.get('/204', () => new Response(null, { status: 204, headers: { 'x-r': '204' } }))
    app.get('/304', () => new Response(null, { status: 304, headers: { etag: '"v1"' } }))
    app.get('/stream-204', (_request: any, reply: any) =>
      reply.code(204).send(webStream('dropped')),
    )
    app.get('/stream-304', (_request: any, reply: any) =>
      reply.code(304).send(webStream('dropped')),
    )
    for (const [url, status] of [
      ['/204', 204],
      ['/304', 304],
      ['/stream-204', 204],
      ['/stream-304', 304],
    ] as const) {
      const response = await send(app, { url })
      expect([url, response.statusCode, response.body]).toEqual([url, status, ''])
    }
  })

  itBoth('a Response whose body was read is refused with a 500', async ({ send }) => {
    const app = makeApp()
    app.get('/', async () => {
      const response = new Response('once')
      await response.text()
      return response
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    expect(response.json().code).toBe('FRM_ERR_REP_RESPONSE_BODY_CONSUMED')
  })

  itBoth('a HEAD request gets the headers of a Response, no body', async ({ send }) => {
    const app = makeApp()
    app.get('/', () => new Response('body', { headers: { 'x-r': '1' } }))
    const response = await send(app, { method: 'HEAD', url: '/' })
    expect([response.statusCode, response.body, response.headers['x-r']]).toEqual([200, '', '1'])
  })

  itBoth('a ReadableStream that fails before its first chunk answers 500', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/',
      () => new ReadableStream({ pull: (controller) => controller.error(new Error('broken')) }),
    )
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.json().message]).toEqual([500, 'broken'])
  })

  it('a stream payload with close() and no destroy() is released when the client goes away', async () => {
    const app = makeApp()
    let closed = false
    app.get('/', () => {
      const stream = new Readable({ read() {} })
      stream.push('first chunk')
      const likeOld = Object.create(stream, {
        destroy: { value: undefined },
        close: {
          value: (cb: () => void) => {
            closed = true
            stream.push(null)
            cb()
          },
        },
      })
      return likeOld
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const controller = new AbortController()
    const response = await fetch(address, { signal: controller.signal })
    const reader = response.body!.getReader()
    await reader.read()
    controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(closed).toBe(true)
  })
})
