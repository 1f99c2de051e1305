import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import { isJsonEssence, mediaTypeEssence, normalizedContentType } from './util/index.js'

const post = (
  url: string,
  type: string | undefined,
  payload: string | Buffer,
  headers: Record<string, string> = {},
) => ({
  method: 'POST',
  url,
  headers: { ...(type === undefined ? {} : { 'content-type': type }), ...headers },
  payload,
})

describe('media types', () => {
  it('parses the essence strictly: lower-cased type/subtype, parameters dropped', () => {
    expect(mediaTypeEssence('Application/JSON; charset=utf-8')).toBe('application/json')
    expect(mediaTypeEssence('  text/plain ')).toBe('text/plain')
    expect(mediaTypeEssence('application/jsonx')).toBe('application/jsonx')
    expect(mediaTypeEssence('json')).toBeUndefined()
    expect(mediaTypeEssence('a/b/c')).toBeUndefined()
    expect(mediaTypeEssence('/json')).toBeUndefined()
    expect([isJsonEssence('application/json'), isJsonEssence('application/vnd.api+json')]).toEqual([
      true,
      true,
    ])
    expect([
      isJsonEssence('application/jsonx'),
      isJsonEssence('application/+json'),
      isJsonEssence('text/json2'),
    ]).toEqual([false, false, false])
  })
})

describe('content types with parameters (Fastify 5)', () => {
  it('normalizes them: names lower-cased, values quoted, in the order given', () => {
    expect(normalizedContentType('Application/JSON; Charset=utf8; foo="b;a r"')).toBe(
      'application/json; charset="utf8"; foo="b;a r"',
    )
    expect(normalizedContentType('text/plain')).toBe('text/plain')
    expect(normalizedContentType('text/plain;')).toBe('text/plain')
    expect(normalizedContentType('nope')).toBeUndefined()
  })

  it('a parser registered with parameters takes exactly those; a RegExp may name them', async () => {
    const { app } = createApp()
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json; charset=utf8; foo=bar', (_r, _p, done) =>
      done(null, 'with foo'),
    )
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_r, body) => `plain ${body}`)
    app.addContentTypeParser(/^application\/x-thing; charset="utf8"$/, (_r, _p, done) =>
      done(null, 'regexp'),
    )
    app.post('/', async (request) => ({ body: request.body }))
    const answer = async (type: string) => {
      const response = await app.inject(post('/', type, 'x'))
      return response.statusCode === 200 ? response.json().body : response.statusCode
    }
    expect(await answer('application/json; foo=bar; charset=utf8')).toBe(415)
    expect(await answer('application/json; charset=utf8; foo=bar')).toBe('with foo')
    expect(await answer('application/json; charset="utf8"; FOO=bar')).toBe('with foo')
    expect(await answer('application/json; charset=utf8')).toBe(415)
    expect(await answer('application/json; charset=utf8; foo=baz')).toBe(415)
    expect(await answer('text/plain; charset=utf-8')).toBe('plain x')
    expect(await answer('application/x-thing; charset=utf8')).toBe('regexp')
    expect(app.hasContentTypeParser('application/json; charset="utf8"; foo="bar"')).toBe(true)
    expect(app.hasContentTypeParser('application/json')).toBe(false)
  })
})

describe('body parsing on the way to the built-in 404 (as Fastify 5)', () => {
  it('parses the body: a failing parser answers its error, a type no parser takes the 404', async () => {
    const { app } = createApp()
    app.addContentTypeParser('*', (_request, _payload, done) =>
      done(new Error('content type parser failed')),
    )
    app.get('/', async () => 'hello')
    const failed = await app.inject(post('/', undefined, 'body'))
    expect([failed.statusCode, failed.json().message]).toEqual([500, 'content type parser failed'])
    const { app: plain } = createApp()
    plain.get('/', async () => 'hello')
    const unknown = await plain.inject(post('/missing', 'application/x-unknown', 'x'))
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      'Route POST:/missing not found',
    ])
    expect((await plain.inject(post('/missing', 'application/json', '{"a":1}'))).statusCode).toBe(
      404,
    )
  })
})

describe('body parsing', () => {
  it('parses JSON (any case, with parameters, and +json) and text with the built-in parsers', async () => {
    const { app } = createApp()
    app.post('/', async (request) => ({ body: request.body }))
    expect(
      (await app.inject(post('/', 'Application/JSON; charset=utf-8', '{"a":1}'))).json(),
    ).toEqual({ body: { a: 1 } })
    expect((await app.inject(post('/', 'application/problem+json', '[1]'))).json()).toEqual({
      body: [1],
    })
    expect((await app.inject(post('/', 'text/plain', 'hi'))).json()).toEqual({ body: 'hi' })
  })

  it('answers 415 for a type with no parser (application/jsonx is not JSON) or no content-type', async () => {
    const { app } = createApp()
    app.post('/', async () => 'x')
    const jsonx = await app.inject(post('/', 'application/jsonx', '{}'))
    expect([jsonx.statusCode, jsonx.json()]).toEqual([
      415,
      {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Unsupported Media Type',
        code: 'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
      },
    ])
    const none = await app.inject(post('/', undefined, 'abc'))
    expect([none.statusCode, none.json().message]).toEqual([415, 'Unsupported Media Type'])
    const notAType = await app.inject(post('/', 'invalid-content-type', 'abc'))
    expect([notAType.statusCode, notAType.json().message]).toEqual([415, 'Unsupported Media Type'])
  })

  it('leaves request.body undefined without a body and a type; with a type the parser runs, even on an empty body', async () => {
    const { app } = createApp()
    app.addContentTypeParser('application/x-empty', { parseAs: 'string' }, (_r, body) => ({
      length: body.length,
    }))
    app.post('/', async (request) => ({
      body: request.body === undefined ? 'undefined' : request.body,
    }))
    expect((await app.inject({ method: 'POST', url: '/' })).json()).toEqual({ body: 'undefined' })
    expect(
      (await app.inject(post('/', 'text/plain', '', { 'content-length': '0' }))).json(),
    ).toEqual({ body: '' })
    expect((await app.inject(post('/', 'application/x-empty', ''))).json()).toEqual({
      body: { length: 0 },
    })
    const unknown = await app.inject(post('/', 'application/x-unknown', ''))
    expect([unknown.statusCode, unknown.json().code]).toEqual([
      415,
      'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
    ])
    // The JSON parser decides about an empty body (this one refuses it; the umbrella's answers
    // FRM_ERR_CTP_EMPTY_JSON_BODY).
    const emptyJson = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '0' },
    })
    expect([emptyJson.statusCode, emptyJson.json().message]).toEqual([400, 'Body cannot be empty'])
  })

  it('DELETE and OPTIONS that declare no body: the parser gets the empty body; refused or unparsed, none', async () => {
    const { app } = createApp()
    app.addContentTypeParser('*', { parseAs: 'string' }, (_r, body) => ({ catchAll: body }))
    app.addContentTypeParser('application/x-empty', { parseAs: 'string' }, (_r, body) => ({
      length: body.length,
    }))
    app.route({
      method: ['DELETE', 'OPTIONS'],
      url: '/',
      handler: async (request) => ({
        body: request.body === undefined ? 'undefined' : request.body,
      }),
    })
    const undeclared = (method: string, type: string) =>
      app.inject({ method, url: '/', headers: { 'content-type': type } })
    for (const method of ['DELETE', 'OPTIONS']) {
      // Neither Content-Length nor Transfer-Encoding: the parser runs all the same (Fastify 5)...
      expect((await undeclared(method, 'application/x-empty')).json()).toEqual({
        body: { length: 0 },
      })
      expect((await undeclared(method, 'text/plain')).json()).toEqual({ body: '' })
      // ...and a parser that refuses the empty body leaves none, as Fastify 4.29 did.
      const json = await undeclared(method, 'application/json')
      expect([json.statusCode, json.json()]).toEqual([200, { body: 'undefined' }])
      // A declared empty JSON body is refused, as for POST.
      const declared = await app.inject({
        ...post('/', 'application/json', '', { 'content-length': '0' }),
        method,
      })
      expect(declared.statusCode).toBe(400)
      const text = await app.inject({ ...post('/', 'text/plain', 'y'), method })
      expect(text.json()).toEqual({ body: 'y' })
      // A body without a type is left unparsed, even with a catch-all.
      const untyped = await app.inject({ method, url: '/', payload: 'x' })
      expect(untyped.json()).toEqual({ body: 'undefined' })
    }
  })

  it('reads bodies for POST, PUT, PATCH, DELETE, OPTIONS and SEARCH, not for GET', async () => {
    const { app } = createApp()
    app.all('/', async (request) => ({ body: request.body ?? null }))
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'SEARCH']) {
      expect((await app.inject({ method, url: '/', payload: { m: method } })).json()).toEqual({
        body: { m: method },
      })
    }
    expect((await app.inject({ method: 'GET', url: '/', payload: { m: 'GET' } })).json()).toEqual({
      body: null,
    })
  })

  it('answers 415 to a Content-Encoding other than identity, unless the parser declares it', async () => {
    const { app } = createApp()
    app.addContentTypeParser(
      'application/x-packed',
      { parseAs: 'buffer', encodings: ['gzip'] },
      (_request, body: Buffer) => body.length,
    )
    app.post('/', async (request) => ({ body: request.body }))
    const gzipJson = await app.inject(
      post('/', 'application/json', '{}', { 'content-encoding': 'gzip' }),
    )
    expect([gzipJson.statusCode, gzipJson.json()]).toEqual([
      415,
      {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: "Unsupported Content-Encoding 'gzip': send the body with identity encoding",
        code: 'FRM_ERR_CTP_UNSUPPORTED_ENCODING',
      },
    ])
    expect(
      (await app.inject(post('/', 'application/json', '{}', { 'content-encoding': 'identity' })))
        .statusCode,
    ).toBe(200)
    expect(
      (
        await app.inject(post('/', 'application/x-packed', 'abc', { 'content-encoding': 'GZIP' }))
      ).json(),
    ).toEqual({
      body: 3,
    })
  })

  it('takes an encoded body when a preParsing hook returned a replacement stream (it decoded it)', async () => {
    const { app } = createApp()
    app.register(async (child) => {
      // Stands for a decompressor: the stream it returns is what the parser reads.
      child.addHook('preParsing', async () => Readable.from([Buffer.from('{"a":1}')]))
      child.post('/decoded', async (request) => ({ body: request.body }))
    })
    app.post('/plain', async (request) => ({ body: request.body }))
    const headers = { 'content-encoding': 'x-reversed' }
    const decoded = await app.inject(post('/decoded', 'application/json', 'packed', headers))
    expect([decoded.statusCode, decoded.json()]).toEqual([200, { body: { a: 1 } }])
    const refused = await app.inject(post('/plain', 'application/json', 'packed', headers))
    expect([refused.statusCode, refused.json().code]).toEqual([
      415,
      'FRM_ERR_CTP_UNSUPPORTED_ENCODING',
    ])
  })

  it("reads within the route's own bodyLimit, else the parser's, else the instance's (Fastify's order)", async () => {
    const { app, transport } = createApp({ bodyLimit: 10 })
    const limits: number[] = []
    const readBody = transport.readBody.bind(transport)
    transport.readBody = (raw, limit, done, stream) => {
      limits.push(limit)
      readBody(raw, limit, done, stream)
    }
    app.addContentTypeParser(
      'application/x-small',
      { parseAs: 'buffer', bodyLimit: 3 },
      (_request, body: Buffer) => body.length,
    )
    app.post('/', async () => 'ok')
    app.post('/big', { bodyLimit: 100 }, async () => 'ok')
    await app.inject(post('/', 'text/plain', 'abc'))
    await app.inject(post('/big', 'text/plain', 'abc'))
    const tooLarge = await app.inject(post('/', 'application/x-small', 'abcd'))
    const routeWins = await app.inject(post('/big', 'application/x-small', 'abcd'))
    expect(limits).toEqual([10, 100, 3, 100])
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, 'FRM_ERR_CTP_BODY_TOO_LARGE'])
    expect([routeWins.statusCode, routeWins.body]).toEqual([200, 'ok'])
  })
})

describe('addContentTypeParser', () => {
  it('gives the raw request by default, a Buffer or a string with parseAs; async and callback parsers', async () => {
    const { app } = createApp()
    app.addContentTypeParser('application/x-raw', (request, payload) => payload === request.raw)
    app.addContentTypeParser('application/x-buffer', { parseAs: 'buffer' }, (_request, body) =>
      Buffer.isBuffer(body),
    )
    app.addContentTypeParser('application/x-async', { parseAs: 'string' }, async (_request, body) =>
      body.toUpperCase(),
    )
    app.addContentTypeParser(
      'application/x-callback',
      { parseAs: 'string' },
      (_request, body, done) => {
        setTimeout(() => done(null, `cb:${body}`), 1)
      },
    )
    app.addContentTypeParser('application/x-fails', (_request, _body, done) => {
      done(Object.assign(new Error('cannot parse'), { statusCode: 400 }))
    })
    app.post('/', async (request) => ({ body: request.body }))
    expect((await app.inject(post('/', 'application/x-raw', 'a'))).json()).toEqual({ body: true })
    expect((await app.inject(post('/', 'application/x-buffer', 'a'))).json()).toEqual({
      body: true,
    })
    expect((await app.inject(post('/', 'application/x-async', 'a'))).json()).toEqual({ body: 'A' })
    expect((await app.inject(post('/', 'application/x-callback', 'a'))).json()).toEqual({
      body: 'cb:a',
    })
    expect((await app.inject(post('/', 'application/x-fails', 'a'))).json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'cannot parse',
    })
  })

  it('gives every parser done whatever it declares: a wrapped callback parser ends when it calls done', async () => {
    const { app } = createApp()
    const original = (_request: unknown, body: string, done: (e: null, v: unknown) => void) => {
      setTimeout(() => done(null, `wrapped:${body}`), 1)
    }
    app.addContentTypeParser('application/x-wrapped', { parseAs: 'string' }, ((
      ...args: unknown[]
    ) => (original as any)(...args)) as never)
    app.post('/', async (request) => ({ body: request.body }))
    const response = await app.inject(post('/', 'application/x-wrapped', 'a'))
    expect([response.statusCode, response.json()]).toEqual([200, { body: 'wrapped:a' }])
  })

  it('matches exact types first, then RegExps in registration order, then the catch-all *', async () => {
    const { app } = createApp()
    app.addContentTypeParser(/^application\/vnd\./, () => 'first regexp')
    app.addContentTypeParser(/^application\/vnd\.special/, () => 'second regexp')
    app.addContentTypeParser('application/vnd.special', () => 'exact')
    app.addContentTypeParser('*', () => 'catch-all')
    app.post('/', async (request) => ({ body: request.body }))
    expect((await app.inject(post('/', 'application/vnd.special', 'x'))).json().body).toBe('exact')
    expect((await app.inject(post('/', 'application/vnd.special2', 'x'))).json().body).toBe(
      'first regexp',
    )
    expect((await app.inject(post('/', 'image/png', 'x'))).json().body).toBe('catch-all')
    expect((await app.inject(post('/', 'very-weird-content-type', 'x'))).json().body).toBe(
      'catch-all',
    )
  })

  it("gives a body without Content-Type to the catch-all '*' (validated on body-schema routes), else 415", async () => {
    const { app } = createApp()
    app.post('/', async (request) => ({ body: request.body }))
    const before = await app.inject(post('/', undefined, 'x'))
    expect([before.statusCode, before.json().code]).toEqual([415, 'FRM_ERR_CTP_INVALID_MEDIA_TYPE'])
    const { app: withCatchAll } = createApp()
    withCatchAll.addContentTypeParser('*', { parseAs: 'string' }, (request, body) => ({
      type: request.headers['content-type'] ?? null,
      body,
    }))
    withCatchAll.post('/', async (request) => ({ body: request.body }))
    withCatchAll.post('/validated', { schema: { body: { type: 'object' } } }, async (request) => ({
      validated: request.body,
    }))
    expect((await withCatchAll.inject(post('/', undefined, 'x'))).json()).toEqual({
      body: { type: null, body: 'x' },
    })
    const validated = await withCatchAll.inject(post('/validated', undefined, 'x'))
    expect([validated.statusCode, validated.json()]).toEqual([
      200,
      { validated: { type: null, body: 'x' } },
    ])
  })

  it('accepts an array of types; refuses a redeclared type, but lets a user replace a built-in one', async () => {
    const { app } = createApp()
    app.addContentTypeParser(
      ['text/csv', 'text/tab-separated-values'],
      { parseAs: 'string' },
      (_r, body) => body.split(','),
    )
    expect(() => app.addContentTypeParser('Text/CSV', () => 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CTP_ALREADY_PRESENT',
        message: "Content type parser 'text/csv' already present.",
      }),
    )
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body) => ({
      custom: body,
    }))
    app.post('/', async (request) => ({ body: request.body }))
    expect((await app.inject(post('/', 'text/csv', 'a,b'))).json()).toEqual({ body: ['a', 'b'] })
    expect((await app.inject(post('/', 'application/json', '{}'))).json()).toEqual({
      body: { custom: '{}' },
    })
  })

  it("refuses invalid types, handlers and options with Fastify's errors", () => {
    const { app } = createApp()
    expect(() => app.addContentTypeParser(42 as never, () => 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CTP_INVALID_TYPE',
        message: 'The content type should be a string or a RegExp',
      }),
    )
    expect(() => app.addContentTypeParser('  ', () => 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CTP_EMPTY_TYPE',
        message: 'The content type cannot be an empty string',
      }),
    )
    expect(() => app.addContentTypeParser('text/x', 'nope' as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CTP_INVALID_HANDLER',
        message: 'The content type handler should be a function',
      }),
    )
    expect(() => app.addContentTypeParser('text/x', { parseAs: 'json' as never }, () => 1)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CTP_INVALID_PARSE_TYPE',
        message:
          "The body parser can only parse your data as 'string' or 'buffer', you asked 'json' which is not supported.",
      }),
    )
  })

  it('refuses a string that is not a media type, as Fastify 5 does: no Content-Type could reach it', () => {
    const { app } = createApp()
    for (const type of ['type-only', 'json', 'json;', ';', 'application/ json', 'a/b/c']) {
      expect(() => app.addContentTypeParser(type, () => 1)).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_CTP_INVALID_TYPE',
          message: 'The content type should be a string or a RegExp',
        }),
      )
    }
    expect([app.hasContentTypeParser('json'), app.hasContentTypeParser('type-only')]).toEqual([
      false,
      false,
    ])
    // As in Fastify, a missing handler is reported first.
    expect(() => app.addContentTypeParser('aaa', null as never)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_CTP_INVALID_HANDLER' }),
    )
    // Media types with parameters, odd case or spaces around them are media types all the same.
    app.addContentTypeParser(['  Text/HTML ', 'application/x-a; charset=utf8'], () => 1)
    expect(app.hasContentTypeParser('text/html')).toBe(true)
  })

  it('answers hasContentTypeParser and honours removeContentTypeParser in that context only', async () => {
    const { app } = createApp()
    expect([app.hasContentTypeParser('text/plain'), app.hasContentTypeParser('text/csv')]).toEqual([
      true,
      false,
    ])
    app.register(async (child) => {
      child.removeContentTypeParser('text/plain')
      child.post('/child', async (request) => ({ body: request.body }))
      expect(child.hasContentTypeParser('text/plain')).toBe(false)
    })
    app.post('/root', async (request) => ({ body: request.body }))
    expect((await app.inject(post('/root', 'text/plain', 'x'))).json()).toEqual({ body: 'x' })
    expect((await app.inject(post('/child', 'text/plain', 'x'))).statusCode).toBe(415)
    expect(app.hasContentTypeParser('text/plain')).toBe(true)
  })
})
