import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4.29's payload handling (issue 31, item 8, and issue 30's invalid-payload point).

describe('[compat] reply payloads as Fastify 4.29 sends them', () => {
  itBoth('a JSON or +json type set without a charset gets "; charset=utf-8"', async ({ send }) => {
    const app = makeApp()
    app.get('/json', (_request: any, reply: any) => reply.type('application/json').send({ a: 1 }))
    app.get('/hal', (_request: any, reply: any) =>
      reply.type('application/hal+json').send({ b: 2 }),
    )
    app.get('/semi', (_request: any, reply: any) => reply.type('application/json;').send({ c: 3 }))
    app.get('/text', (_request: any, reply: any) => reply.type('application/json').send('[1]'))
    app.get('/kept', (_request: any, reply: any) =>
      reply.type('application/json; charset=latin1').send({ d: 4 }),
    )
    const cases: Array<[string, string, string]> = [
      ['/json', '{"a":1}', 'application/json; charset=utf-8'],
      ['/hal', '{"b":2}', 'application/hal+json; charset=utf-8'],
      ['/semi', '{"c":3}', 'application/json; charset=utf-8'],
      ['/text', '[1]', 'application/json; charset=utf-8'],
      ['/kept', '{"d":4}', 'application/json; charset=latin1'],
    ]
    for (const [url, body, type] of cases) {
      const response = await send(app, { url })
      expect([url, response.body, response.headers['content-type']]).toEqual([url, body, type])
    }
  })

  itBoth('TypedArrays and DataViews are sent as their bytes, octet-stream', async ({ send }) => {
    const app = makeApp()
    app.get('/u16', () => new Uint16Array([0x6968, 0x2121]))
    app.get('/view', () => new DataView(new TextEncoder().encode('xyz').buffer, 1, 2))
    app.get('/typed', (_request: any, reply: any) =>
      reply.type('text/plain').send(new Uint8Array([0x6f, 0x6b])),
    )
    const u16 = await send(app, { url: '/u16' })
    expect([u16.body, u16.headers['content-type'], u16.headers['content-length']]).toEqual([
      'hi!!',
      'application/octet-stream',
      '4',
    ])
    const view = await send(app, { url: '/view' })
    expect([view.body, view.headers['content-type']]).toEqual(['yz', 'application/octet-stream'])
    const typed = await send(app, { url: '/typed' })
    expect([typed.body, typed.headers['content-type']]).toEqual(['ok', 'text/plain'])
  })

  itBoth('reply.serializer(fn) also serializes a string sent with a type', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) =>
      reply
        .type('text/csv')
        .serializer((value: string) => `"${value.toUpperCase()}"`)
        .send('cell'),
    )
    app.get('/untyped', (_request: any, reply: any) =>
      reply.serializer(() => 'not used').send('as is'),
    )
    const typed = await send(app, { url: '/' })
    expect([typed.body, typed.headers['content-type']]).toEqual(['"CELL"', 'text/csv'])
    const untyped = await send(app, { url: '/untyped' })
    expect([untyped.body, untyped.headers['content-type']]).toEqual([
      'as is',
      'text/plain; charset=utf-8',
    ])
  })

  itBoth('an object sent with a non-JSON type is refused with a 500', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => reply.type('text/html').send({ html: true }))
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
      error: 'Internal Server Error',
      message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
    })
  })

  itBoth('getHeader, getHeaders and hasHeader see headers set on reply.raw', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.raw.setHeader('x-raw', 'from-raw')
      reply.raw.setHeader('x-both', 'raw')
      reply.header('x-both', 'reply')
      const all = reply.getHeaders()
      return {
        get: reply.getHeader('X-Raw'),
        has: [reply.hasHeader('x-raw'), reply.hasHeader('x-none')],
        all: { raw: all['x-raw'], both: all['x-both'] },
      }
    })
    const response = await send(app, { url: '/' })
    expect(response.json()).toEqual({
      get: 'from-raw',
      has: [true, false],
      all: { raw: 'from-raw', both: 'reply' },
    })
    expect(response.headers['x-raw']).toBe('from-raw')
    expect(response.headers['x-both']).toBe('reply')
  })

  itBoth(
    'setReplySerializer wins over the response schema, not for errors and 404',
    async ({ send }) => {
      const app = makeApp()
      const seen: unknown[] = []
      app.setReplySerializer((payload: any, statusCode: number) => {
        seen.push(statusCode)
        return `custom:${JSON.stringify(payload)}`
      })
      app.get(
        '/',
        {
          schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } },
        },
        () => ({ a: 1, b: 2 }),
      )
      app.get('/error', () => {
        throw new Error('boom')
      })
      const ok = await send(app, { url: '/' })
      expect(ok.body).toBe('custom:{"a":1,"b":2}')
      const error = await send(app, { url: '/error' })
      expect([error.statusCode, error.json().message]).toEqual([500, 'boom'])
      const missing = await send(app, { url: '/missing' })
      expect([missing.statusCode, missing.json().message]).toEqual([
        404,
        'Route GET:/missing not found',
      ])
      expect(seen).toEqual([200])
    },
  )

  itBoth('a 204 whose onSend hook returns an object sends no body', async ({ send }) => {
    const app = makeApp()
    app.addHook('onSend', async () => ({ replaced: true }))
    app.get('/', (_request: any, reply: any) => reply.code(204).send())
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(response.headers['content-type']).toBeUndefined()
  })

  itBoth('onSend sees the request and reply when a content-type parser fails', async ({ send }) => {
    const app = makeApp()
    const seen: unknown[] = []
    app.addContentTypeParser('application/x-fail', (_request: any, _payload: any, done: any) => {
      done(Object.assign(new Error('cannot parse'), { statusCode: 422 }))
    })
    app.addHook('onSend', async (request: any, reply: any, payload: unknown) => {
      seen.push([request.url, request.method, reply.statusCode, typeof reply.send])
      return payload
    })
    app.post('/', () => 'never')
    const response = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-fail' },
      payload: 'x',
    })
    expect([response.statusCode, response.json().message]).toEqual([422, 'cannot parse'])
    expect(seen).toEqual([['/', 'POST', 422, 'function']])
  })
})
