import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Errors that are not validation errors": addContentTypeParser(type, [options,] fn);
// fn(request, payload) gets the raw request stream unless parseAs is given.

/** Reads a whole stream the way a Fastify stream parser would, with its own size cap. */
function collect(payload: Readable, cap: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    payload.setEncoding('utf8')
    payload.on('data', (chunk: string) => {
      data += chunk
      if (data.length > cap) reject(Object.assign(new Error('too big'), { statusCode: 413 }))
    })
    payload.on('end', () => resolve(data))
    payload.on('error', reject)
  })
}

describe('content-type parsers receive the request stream unless they declare parseAs', () => {
  itBoth('a callback parser reads the raw payload stream', async ({ send }) => {
    const app = makeApp()
    app.addContentTypeParser('application/x-foo', (request: any, payload: any, done: any) => {
      expect(payload).toBe(request.raw)
      let data = ''
      payload.on('data', (chunk: Buffer) => {
        data += chunk.toString()
      })
      payload.on('end', () => done(null, { foo: data }))
      payload.on('error', done)
    })
    app.post('/', async (request: any) => request.body)
    const response = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-foo' },
      payload: 'hello',
    })
    expect([response.statusCode, response.json()]).toEqual([200, { foo: 'hello' }])
  })

  itBoth(
    'an async parser reads the payload stream and its error status is kept',
    async ({ send }) => {
      const app = makeApp()
      app.addContentTypeParser('application/x-lines', async (_request: any, payload: any) => {
        const text = await collect(payload, 10)
        return text.split('\n')
      })
      app.post('/', async (request: any) => ({ lines: request.body }))
      const ok = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-lines' },
        payload: 'a\nb',
      })
      expect(ok.json()).toEqual({ lines: ['a', 'b'] })
      const big = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-lines' },
        payload: 'x'.repeat(50),
      })
      expect([big.statusCode, big.json()]).toEqual([
        413,
        { statusCode: 413, error: 'Payload Too Large', message: 'too big' },
      ])
    },
  )

  itBoth(
    'a stream parser is not held to bodyLimit: it limits what it reads itself',
    async ({ send }) => {
      const app = makeApp({ bodyLimit: 100 })
      app.addContentTypeParser('application/octet-stream', async (_request: any, payload: any) => {
        return (await collect(payload, 10_000)).length
      })
      app.post('/', async (request: any) => ({ length: request.body }))
      const response = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(5000, 'a'),
      })
      expect([response.statusCode, response.json()]).toEqual([200, { length: 5000 }])
    },
  )

  itBoth(
    "parseAs 'string' and 'buffer' read the body within bodyLimit (413 beyond)",
    async ({ send }) => {
      const app = makeApp({ bodyLimit: 100 })
      app.addContentTypeParser(
        'text/csv',
        { parseAs: 'string' },
        (_request: any, body: string, done: any) => done(null, body.split(',')),
      )
      app.addContentTypeParser(
        'application/x-bin',
        { parseAs: 'buffer' },
        async (_request: any, body: Buffer) => ({
          buffer: Buffer.isBuffer(body),
          bytes: body.length,
        }),
      )
      app.post('/', async (request: any) => ({ body: request.body }))
      const csv = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b,c',
      })
      expect(csv.json()).toEqual({ body: ['a', 'b', 'c'] })
      const bin = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-bin' },
        payload: Buffer.from([1, 2, 3]),
      })
      expect(bin.json()).toEqual({ body: { buffer: true, bytes: 3 } })
      for (const type of ['text/csv', 'application/x-bin']) {
        const tooLarge = await send(app, {
          method: 'POST',
          url: '/',
          headers: { 'content-type': type },
          payload: 'x'.repeat(101),
        })
        expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([
          413,
          'FRM_ERR_CTP_BODY_TOO_LARGE',
        ])
      }
    },
  )

  itBoth("the catch-all '*' also receives a body that has no Content-Type", async ({ send }) => {
    const app = makeApp()
    app.addContentTypeParser('*', (request: any, payload: any, done: any) => {
      collect(payload, 1000).then(
        (text) => done(null, { type: request.headers['content-type'] ?? null, text }),
        done,
      )
    })
    app.post('/', async (request: any) => request.body)
    const untyped = await send(app, { method: 'POST', url: '/', payload: Buffer.from('raw bytes') })
    expect([untyped.statusCode, untyped.json()]).toEqual([200, { type: null, text: 'raw bytes' }])
    const typed = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    })
    expect(typed.json()).toEqual({ type: 'multipart/form-data; boundary=x', text: '--x--' })
    // JSON still goes to the JSON parser.
    const json = await send(app, { method: 'POST', url: '/', payload: { a: 1 } })
    expect(json.json()).toEqual({ a: 1 })
  })

  itBoth('without a catch-all, a body with no Content-Type is still a 415', async ({ send }) => {
    const app = makeApp()
    app.post('/', async () => 'not reached')
    const response = await send(app, { method: 'POST', url: '/', payload: Buffer.from('x') })
    expect([response.statusCode, response.json()]).toEqual([
      415,
      {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Unsupported Media Type',
        code: 'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
      },
    ])
  })

  itBoth('a stream parser gets the stream a preParsing hook returned', async ({ send }) => {
    const app = makeApp()
    app.addHook('preParsing', async (_request: any, _reply: any, payload: any) => {
      const text = await collect(payload, 1000)
      return Readable.from([Buffer.from(text.toUpperCase())])
    })
    app.addContentTypeParser('application/x-foo', async (_request: any, payload: any) =>
      collect(payload, 1000),
    )
    app.post('/', async (request: any) => ({ body: request.body }))
    const response = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-foo' },
      payload: 'shout',
    })
    expect(response.json()).toEqual({ body: 'SHOUT' })
  })

  itBoth(
    'a stream parser keeps the Content-Encoding check: gzip is 415 unless declared',
    async ({ send }) => {
      const app = makeApp()
      app.addContentTypeParser('application/x-foo', async (_request: any, payload: any) =>
        collect(payload, 1000),
      )
      app.addContentTypeParser(
        'application/x-gz',
        { encodings: ['gzip'] },
        (_request: any, payload: any, done: any) => {
          const chunks: Buffer[] = []
          payload.on('data', (chunk: Buffer) => chunks.push(chunk))
          payload.on('end', () => done(null, Buffer.concat(chunks).length))
        },
      )
      app.post('/', async (request: any) => ({ body: request.body }))
      const gzipped = gzipSync('hello')
      const refused = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-foo', 'content-encoding': 'gzip' },
        payload: gzipped,
      })
      expect([refused.statusCode, refused.json().code]).toEqual([
        415,
        'FRM_ERR_CTP_UNSUPPORTED_ENCODING',
      ])
      const accepted = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-gz', 'content-encoding': 'gzip' },
        payload: gzipped,
      })
      expect(accepted.json()).toEqual({ body: gzipped.length })
    },
  )

  itBoth(
    'with a Content-Type the parser runs on an empty body too (a JSON parser may accept it)',
    async ({ send }) => {
      const app = makeApp()
      app.post('/text', async (request: any) => ({ body: request.body }))
      app.register(async (child: any) => {
        child.removeContentTypeParser('application/json')
        child.addContentTypeParser(
          'application/json',
          { parseAs: 'string' },
          (_request: any, body: string, done: any) =>
            done(null, body === '' ? {} : JSON.parse(body)),
        )
        child.post('/lenient', async (request: any) => ({ body: request.body }))
      })
      const text = await send(app, {
        method: 'POST',
        url: '/text',
        headers: { 'content-type': 'text/plain' },
        payload: '',
      })
      expect(text.json()).toEqual({ body: '' })
      const json = await send(app, {
        method: 'POST',
        url: '/text',
        headers: { 'content-type': 'application/json' },
        payload: '',
      })
      expect([json.statusCode, json.json().code]).toEqual([400, 'FRM_ERR_CTP_EMPTY_JSON_BODY'])
      const lenient = await send(app, {
        method: 'POST',
        url: '/lenient',
        headers: { 'content-type': 'application/json' },
        payload: '',
      })
      expect([lenient.statusCode, lenient.json()]).toEqual([200, { body: {} }])
    },
  )

  itBoth(
    'DELETE and OPTIONS: an empty body with a type reaches its parser; one it refuses, or one without a type, is no body',
    async ({ send }) => {
      const app = makeApp()
      app.addContentTypeParser('*', { parseAs: 'string' }, (_r: any, body: string) => ({ body }))
      app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_r: any, body: string) => ({
        text: body,
      }))
      app.route({
        method: ['DELETE', 'OPTIONS'],
        url: '/',
        handler: async (request: any) => ({ parsed: request.body ?? null }),
      })
      for (const method of ['DELETE', 'OPTIONS']) {
        // Fastify 5: the empty body goes to the parser, whatever Content-Length says (or not).
        const empty = await send(app, {
          method,
          url: '/',
          headers: { 'content-type': 'text/plain' },
          payload: '',
        })
        expect([empty.statusCode, empty.json()]).toEqual([200, { parsed: { text: '' } }])
        // Fastify 4.29: a JSON type with no body at all is accepted, without a body.
        const emptyJson = await send(app, {
          method,
          url: '/',
          headers: { 'content-type': 'application/json' },
        })
        expect([emptyJson.statusCode, emptyJson.json()]).toEqual([200, { parsed: null }])
        const typed = await send(app, {
          method,
          url: '/',
          headers: { 'content-type': 'application/json' },
          payload: '{"id":1}',
        })
        expect(typed.json()).toEqual({ parsed: { id: 1 } })
        const untyped = await send(app, { method, url: '/', payload: Buffer.from('x') })
        expect([untyped.statusCode, untyped.json()]).toEqual([200, { parsed: null }])
      }
    },
  )

  itBoth(
    "a route's bodyLimit wins over a parser's, which wins over the instance's",
    async ({ send }) => {
      const app = makeApp({ bodyLimit: 1000 })
      const parse = (_request: any, body: string, done: any) => done(null, body.length)
      app.register(async (child: any) => {
        child.addContentTypeParser('x/foo', { parseAs: 'string', bodyLimit: 100 }, parse)
        child.post('/route-limit', { bodyLimit: 5 }, async (request: any) => ({ n: request.body }))
        child.post('/parser-limit', async (request: any) => ({ n: request.body }))
      })
      app.register(async (child: any) => {
        child.addContentTypeParser('x/foo', { parseAs: 'string', bodyLimit: 5 }, parse)
        child.post('/small-parser', async (request: any) => ({ n: request.body }))
      })
      const request = (url: string, size: number) =>
        send(app, {
          method: 'POST',
          url,
          headers: { 'content-type': 'x/foo' },
          payload: 'x'.repeat(size),
        })
      expect((await request('/route-limit', 10)).statusCode).toBe(413)
      expect((await request('/parser-limit', 10)).json()).toEqual({ n: 10 })
      expect((await request('/parser-limit', 101)).statusCode).toBe(413)
      expect((await request('/small-parser', 10)).statusCode).toBe(413)
    },
  )
})
