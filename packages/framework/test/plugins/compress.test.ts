import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import compress4 from '@fastify/compress'
import compress5 from '@fastify/compress-5'
import { describe, expect, it } from 'vitest'
import { makeApp } from '../spec/helpers'
import { itBothRaw } from './helpers'

// @fastify/compress 7 (the last line for Fastify 4) and 9.2 (the Fastify-5 line), used as their
// README shows: every case runs on both lines; 9.2's web-standard payloads at the end.

/**
 * The plugin's two release lines, and whether a compressed serialized reply carries its length:
 * compress 9 compresses it at once and gives the length (as on Fastify 5), 7 streams it.
 */
const lines = [
  ['Fastify 4', { compress: compress4, lengthOf: (_body: Buffer) => undefined }],
  ['Fastify 5', { compress: compress5, lengthOf: (body: Buffer) => String(body.length) }],
] as const

/** A JSON body well over the default 1024-byte threshold. */
const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item number ${i}` })) }
const bigText = JSON.stringify(big)

describe.each(lines)('[plugins] @fastify/compress (%s)', (_line, { compress, lengthOf }) => {
  async function appWith(options: Record<string, unknown> = {}) {
    const app = makeApp()
    await app.register(compress, options)
    app.get('/big', async () => big)
    app.get('/small', async () => ({ hello: 'world' }))
    return app
  }

  describe('replies', () => {
    for (const [encoding, decode] of [
      ['gzip', zlib.gunzipSync],
      ['deflate', zlib.inflateSync],
      ['br', zlib.brotliDecompressSync],
    ] as const) {
      itBothRaw(
        `compresses a JSON reply with ${encoding} when the client accepts it`,
        async ({ send }) => {
          const app = await appWith()
          const response = await send(app, {
            url: '/big',
            headers: { 'accept-encoding': encoding },
          })
          expect(response.statusCode).toBe(200)
          expect(response.headers['content-encoding']).toBe(encoding)
          expect(response.headers.vary).toBe('accept-encoding')
          expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
          expect(response.headers['content-length']).toBe(lengthOf(response.body))
          expect(decode(response.body).toString()).toBe(bigText)
        },
      )
    }

    itBothRaw('follows the client preference order among several encodings', async ({ send }) => {
      const app = await appWith()
      const response = await send(app, {
        url: '/big',
        headers: { 'accept-encoding': 'deflate;q=0.5, gzip;q=1' },
      })
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(response.body).toString()).toBe(bigText)
    })

    itBothRaw(
      'leaves a reply under the threshold, or without accept-encoding, as it is',
      async ({ send }) => {
        const app = await appWith()
        const small = await send(app, { url: '/small', headers: { 'accept-encoding': 'gzip' } })
        expect(small.statusCode).toBe(200)
        expect(small.headers['content-encoding']).toBeUndefined()
        expect(small.headers['content-length']).toBe('17')
        expect(small.text()).toBe('{"hello":"world"}')
        const plain = await send(app, { url: '/big' })
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(plain.text()).toBe(bigText)
      },
    )

    itBothRaw('a lower threshold option compresses small replies too', async ({ send }) => {
      const app = await appWith({ threshold: 8 })
      const response = await send(app, { url: '/small', headers: { 'accept-encoding': 'gzip' } })
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(response.body).toString()).toBe('{"hello":"world"}')
    })

    itBothRaw('a route can turn compression off', async ({ send }) => {
      const app = makeApp()
      await app.register(compress)
      app.get('/off', { compress: false }, async () => big)
      const response = await send(app, { url: '/off', headers: { 'accept-encoding': 'gzip' } })
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.text()).toBe(bigText)
    })

    itBothRaw('reply.compress() compresses a stream with global: false', async ({ send }) => {
      const app = makeApp()
      await app.register(compress, { global: false })
      app.get('/stream', (_request: any, reply: any) => {
        reply.type('text/plain').compress(Readable.from(['streamed ', 'text']))
      })
      app.get('/big', async () => big)
      const streamed = await send(app, { url: '/stream', headers: { 'accept-encoding': 'gzip' } })
      expect(streamed.statusCode).toBe(200)
      expect(streamed.headers['content-encoding']).toBe('gzip')
      expect(streamed.headers['content-type']).toBe('text/plain')
      expect(zlib.gunzipSync(streamed.body).toString()).toBe('streamed text')
      // global: false leaves the other routes alone.
      const big2 = await send(app, { url: '/big', headers: { 'accept-encoding': 'gzip' } })
      expect(big2.headers['content-encoding']).toBeUndefined()
    })
  })

  describe('request bodies (preParsing decompression)', () => {
    async function echoApp(options: Record<string, unknown> = {}) {
      const app = makeApp()
      await app.register(compress, options)
      app.post('/echo', async (request: any) => ({ body: request.body }))
      return app
    }
    const json = '{"name":"@fastify/compress"}'

    for (const [encoding, encode] of [
      ['gzip', zlib.gzipSync],
      ['deflate', zlib.deflateSync],
      ['br', zlib.brotliCompressSync],
    ] as const) {
      itBothRaw(`decompresses a ${encoding} JSON body before parsing it`, async ({ send }) => {
        const app = await echoApp()
        const response = await send(app, {
          method: 'POST',
          url: '/echo',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          payload: encode(Buffer.from(json)),
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ body: { name: '@fastify/compress' } })
      })
    }

    itBothRaw('an encoding outside requestEncodings is the plugin’s 415', async ({ send }) => {
      const app = await echoApp({ requestEncodings: ['gzip'] })
      const response = await send(app, {
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
        payload: zlib.brotliCompressSync(Buffer.from(json)),
      })
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({
        statusCode: 415,
        code: 'FST_CP_ERR_INVALID_CONTENT_ENCODING',
        error: 'Unsupported Media Type',
        message: 'Unsupported Content-Encoding: br',
      })
    })

    itBothRaw('a body that does not decompress is the plugin’s 400', async ({ send }) => {
      const app = await echoApp()
      const response = await send(app, {
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: 'not gzip at all',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'FST_CP_ERR_INVALID_CONTENT',
        error: 'Bad Request',
        message: 'Could not decompress the request payload using the provided encoding',
      })
    })

    // Security default (API.md): an encoded body that nothing decodes stays a 415. Fastify 4 would
    // hand the compressed bytes to the JSON parser instead.
    itBothRaw(
      'a route with decompress: false still refuses an encoded body (415)',
      async ({ send }) => {
        const app = makeApp()
        await app.register(compress)
        app.post('/raw', { decompress: false }, async (request: any) => ({ body: request.body }))
        const response = await send(app, {
          method: 'POST',
          url: '/raw',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          payload: zlib.gzipSync(Buffer.from(json)),
        })
        expect(response.statusCode).toBe(415)
        expect(response.json().code).toBe('FRM_ERR_CTP_UNSUPPORTED_ENCODING')
      },
    )
  })
})

describe('[plugins] @fastify/compress, web-standard payloads (Fastify 5)', () => {
  for (const [kind, make] of [
    ['ReadableStream', () => new Blob([bigText]).stream()],
    ['Response', () => new Response(bigText, { headers: { 'content-type': 'application/json' } })],
  ] as const) {
    it(`compresses a WHATWG ${kind} returned by a handler`, async () => {
      const app = makeApp()
      await app.register(compress5)
      app.get('/web', async (_request: any, reply: any) => {
        reply.type('application/json')
        return make()
      })
      const response = await app.inject({ url: '/web', headers: { 'accept-encoding': 'gzip' } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(bigText)
    })
  }
})
