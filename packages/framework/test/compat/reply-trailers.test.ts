import { request as httpRequest } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { addressOf, makeApp } from '../spec/helpers'

// Fastify 4's reply.trailer(), hasTrailer() and removeTrailer().

interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  trailers: Record<string, unknown>
  body: string
}

/** A request over a real socket, trailers included (fetch does not expose them). */
async function overSocket(app: any, path: string, method = 'GET'): Promise<Answer> {
  const address = new URL(await addressOf(app))
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: address.hostname, port: address.port, path, method, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            trailers: res.trailers,
            body,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function injected(app: any, path: string, method = 'GET'): Promise<Answer> {
  const response = await app.inject({ method, url: path })
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    trailers: response.trailers,
    body: response.body,
  }
}

const ways = [
  ['inject', injected],
  ['socket', overSocket],
] as const

describe('[compat] reply trailers', () => {
  for (const [way, ask] of ways) {
    it(`sends callback and async trailers after a string body, chunked (${way})`, async () => {
      const app = makeApp()
      app.get('/', (_request: any, reply: any) => {
        reply.trailer('ETag', (_reply: any, payload: string, done: any) => {
          done(null, `"${payload.length}"`)
        })
        reply.trailer('server-timing', async (r: any) => `status;desc=${r.statusCode}`)
        reply.send('hello world')
      })
      const answer = await ask(app, '/')
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toBe('hello world')
      expect(answer.headers['transfer-encoding']).toBe('chunked')
      expect(answer.headers['trailer']).toBe('etag server-timing')
      expect(answer.headers['content-length']).toBeUndefined()
      expect(answer.trailers).toEqual({ etag: '"11"', 'server-timing': 'status;desc=200' })
    })

    it(`sends trailers after a JSON body and after a stream (${way})`, async () => {
      const app = makeApp()
      const seen: unknown[] = []
      app.get('/json', async (_request: any, reply: any) => {
        reply.trailer('x-digest', async (_reply: any, payload: string) => {
          seen.push(payload)
          return 'abc'
        })
        return { a: 1 }
      })
      app.get('/stream', (_request: any, reply: any) => {
        reply.trailer('x-count', (_reply: any, payload: unknown, done: any) => {
          seen.push(payload)
          done(null, '3')
        })
        reply.type('text/plain').send(Readable.from(['a', 'b', 'c']))
      })
      const json = await ask(app, '/json')
      expect([json.body, json.trailers]).toEqual(['{"a":1}', { 'x-digest': 'abc' }])
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
      const stream = await ask(app, '/stream')
      expect([stream.body, stream.trailers]).toEqual(['abc', { 'x-count': '3' }])
      expect(stream.headers['trailer']).toBe('x-count')
      expect(seen).toEqual(['{"a":1}', null])
    })

    it(`leaves out a failing trailer and a removed one; an empty body still ends (${way})`, async () => {
      const app = makeApp()
      app.get('/', (_request: any, reply: any) => {
        reply.trailer('x-ok', async () => 'yes')
        reply.trailer('x-fails', async () => {
          throw new Error('no value')
        })
        reply.trailer('x-gone', async () => 'never')
        reply.removeTrailer('X-Gone')
        reply.code(200).send()
      })
      const answer = await ask(app, '/')
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toBe('')
      expect(answer.headers['trailer']).toBe('x-ok x-fails')
      expect(answer.trailers).toEqual({ 'x-ok': 'yes' })
    })

    it(`every trailer removed: an ordinary response, with its content-length (${way})`, async () => {
      const app = makeApp()
      app.get('/', (_request: any, reply: any) => {
        reply.trailer('ETag', async () => 'never')
        reply.removeTrailer('ETag')
        reply.send('')
      })
      app.get('/text', (_request: any, reply: any) => {
        reply.trailer('x-a', async () => 'never')
        reply.removeTrailer('x-a')
        reply.send('hello')
      })
      const empty = await ask(app, '/')
      expect([empty.statusCode, empty.body, empty.headers['content-length']]).toEqual([
        200,
        '',
        '0',
      ])
      expect([empty.headers['trailer'], empty.headers['transfer-encoding']]).toEqual([
        undefined,
        undefined,
      ])
      expect(empty.trailers).toEqual({})
      const text = await ask(app, '/text')
      expect([text.body, text.headers['content-length'], text.headers['trailer']]).toEqual([
        'hello',
        '5',
        undefined,
      ])
    })
  }

  it('hasTrailer and removeTrailer see names case-insensitively', async () => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      const before = reply.hasTrailer('x-a')
      reply.trailer('X-A', async () => '1')
      const set = reply.hasTrailer('x-a')
      reply.removeTrailer('x-A')
      reply.send({ before, set, after: reply.hasTrailer('X-A') })
    })
    const response = await app.inject('/')
    expect(response.json()).toEqual({ before: false, set: true, after: false })
  })

  it('refuses forbidden trailer names and values that are not functions', async () => {
    const app = makeApp()
    const errors: string[] = []
    app.get('/', (_request: any, reply: any) => {
      for (const name of ['Content-Length', 'set-cookie', 'Trailer', 'transfer-encoding']) {
        try {
          reply.trailer(name, async () => 'x')
        } catch (error: any) {
          errors.push(`${error.code} ${error.message.split(' (')[0]}`)
        }
      }
      try {
        reply.trailer('x-ok', 'value')
      } catch (error: any) {
        errors.push(`${error.code} ${error.message.split('. ')[0]}`)
      }
      reply.send('done')
    })
    const response = await app.inject('/')
    expect(response.body).toBe('done')
    expect(response.headers['content-length']).toBe('4')
    expect(errors).toEqual([
      'FRM_ERR_BAD_TRAILER_NAME Called reply.trailer with an invalid header name: content-length',
      'FRM_ERR_BAD_TRAILER_NAME Called reply.trailer with an invalid header name: set-cookie',
      'FRM_ERR_BAD_TRAILER_NAME Called reply.trailer with an invalid header name: trailer',
      'FRM_ERR_BAD_TRAILER_NAME Called reply.trailer with an invalid header name: transfer-encoding',
      "FRM_ERR_BAD_TRAILER_VALUE Called reply.trailer('x-ok', fn) with an invalid type: string",
    ])
  })

  it('a HEAD request gets the trailer headers and no body over a socket', async () => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('x-a', async () => '1')
      reply.send('body')
    })
    const answer = await overSocket(app, '/', 'HEAD')
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toBe('')
    expect(answer.headers['trailer']).toBe('x-a')
  })
})
