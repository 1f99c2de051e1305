import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeTable } from '../test/fake-table.js'
import { rawExchange, statusOf } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'
import { createHttpTransport } from './http-transport.js'

let served: Served
beforeAll(async () => {
  served = await serve()
})
afterAll(() => served.close())

const get = async (path: string) => {
  const response = await fetch(`${served.base}${path}`)
  return { status: response.status, body: (await response.json()) as any }
}

describe('routing', () => {
  it('routes a static path', async () => {
    expect(await get('/hello')).toEqual({ status: 200, body: { hello: 'world' } })
  })

  it('decodes route parameters', async () => {
    expect((await get('/users/42')).body.params).toEqual({ id: '42' })
    expect((await get('/users/Ada%20Lovelace')).body.params).toEqual({ id: 'Ada Lovelace' })
    expect((await get('/users/a%2Fb')).body.params).toEqual({ id: 'a/b' })
    expect((await get('/users/7/posts/99')).body.params).toEqual({ id: '7', postId: '99' })
  })

  it('matches wildcards with the rest of the path', async () => {
    expect((await get('/files/docs/a/b.txt')).body.params).toEqual({ '*': 'docs/a/b.txt' })
    expect((await get('/files/')).body.params).toEqual({ '*': '' })
  })

  it('hands the parsed query to the route, flat and null-prototype', async () => {
    const { body } = await get(
      '/users/1?tags=a&tags=b&a[b]=1&__proto__=x&q=hello+w%C3%B6rld&bad=%zz',
    )
    expect(body.query).toEqual({
      entries: [
        ['tags', ['a', 'b']],
        ['a[b]', '1'],
        ['__proto__', 'x'],
        ['q', 'hello wörld'],
        ['bad', '%zz'],
      ],
      nullPrototype: true,
    })
  })

  it('gives an empty null-prototype query to a URL without one', async () => {
    expect((await get('/users/1')).body.query).toEqual({ entries: [], nullPrototype: true })
  })

  it('[API.md Errors: no matching route] goes to the not-found handle of the longest prefix', async () => {
    expect(await get('/api/missing')).toEqual({
      status: 404,
      body: { notFound: 'api', url: '/api/missing' },
    })
    expect(await get('/api')).toEqual({ status: 404, body: { notFound: 'api', url: '/api' } })
    // '/apix' is not inside the '/api' prefix.
    expect((await get('/apix')).body.notFound).toBe('root')
    const { status, body } = await get('/nowhere?x=1&x=2')
    expect(status).toBe(404)
    expect(body).toEqual({
      notFound: 'root',
      url: '/nowhere?x=1&x=2',
      query: { entries: [['x', ['1', '2']]], nullPrototype: true },
    })
  })

  it('sends a method the route does not have to not-found', async () => {
    const response = await fetch(`${served.base}/hello`, { method: 'DELETE' })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ notFound: 'root' })
  })

  it('[API.md Security defaults: error bodies] a malformed percent-escape in the path is a 400 FRM_ERR_BAD_URL', async () => {
    expect(await get('/users/%E0%A4%A')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: "'/users/%E0%A4%A' is not a valid url component",
        code: 'FRM_ERR_BAD_URL',
      },
    })
    expect((await get('/%zz?a=1')).body.message).toBe("'/%zz?a=1' is not a valid url component")
  })

  it('routes an absolute-form request target', async () => {
    const { response } = await rawExchange(served.port, [
      'GET http://127.0.0.1/hello HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n',
    ])
    expect(statusOf(response)).toBe(200)
    expect(response).toContain('{"hello":"world"}')
  })

  it('a parameter longer than maxParamLength is a 414 FRM_ERR_MAX_PARAM_LENGTH (Fastify 5)', async () => {
    expect((await get(`/users/${'x'.repeat(100)}`)).status).toBe(200)
    expect((await get(`/users/${'x'.repeat(101)}`)).status).toBe(414)
  })
})

describe('router options', () => {
  it('caseSensitive: false matches any case, keeping the parameter as sent', async () => {
    const transport = createHttpTransport({ caseSensitive: false })
    transport.mount(fakeTable(transport).table)
    const response = await transport.inject('/USERS/AbC')
    expect(response.json()).toMatchObject({ params: { id: 'AbC' } })
    expect((await transport.inject('/API/nothing')).json()).toMatchObject({ notFound: 'api' })
  })

  it('ignoreTrailingSlash: true matches with and without the trailing slash', async () => {
    const strict = createHttpTransport()
    strict.mount(fakeTable(strict).table)
    expect((await strict.inject('/hello/')).statusCode).toBe(404)
    const lenient = createHttpTransport({ ignoreTrailingSlash: true })
    lenient.mount(fakeTable(lenient).table)
    expect((await lenient.inject('/hello/')).json()).toEqual({ hello: 'world' })
  })

  it('maxParamLength sets the longest parameter', async () => {
    const transport = createHttpTransport({ maxParamLength: 3 })
    transport.mount(fakeTable(transport).table)
    expect((await transport.inject('/users/abc')).statusCode).toBe(200)
    expect((await transport.inject('/users/abcd')).statusCode).toBe(414)
  })

  it('onMaxParamLength and onBadUrl answer instead of the table', async () => {
    const transport = createHttpTransport({
      maxParamLength: 3,
      onMaxParamLength: (path, _raw, res) => {
        res.statusCode = 414
        res.end(`long: ${path}`)
      },
      onBadUrl: (path, _raw, res) => {
        res.statusCode = 400
        res.end(`bad: ${path}`)
      },
    })
    transport.mount(fakeTable(transport).table)
    const long = await transport.inject('/users/abcd')
    expect([long.statusCode, long.body]).toEqual([414, 'long: /users/abcd'])
    const bad = await transport.inject('/users/%zz')
    expect([bad.statusCode, bad.body]).toEqual([400, 'bad: /users/%zz'])
  })

  it("';' is part of the path unless useSemicolonDelimiter is true", async () => {
    const plain = createHttpTransport()
    plain.mount(fakeTable(plain).table)
    expect((await plain.inject('/hello;a=1')).statusCode).toBe(404)
    const delimited = createHttpTransport({ useSemicolonDelimiter: true })
    delimited.mount(fakeTable(delimited).table)
    expect((await delimited.inject('/hello;a=1')).json()).toEqual({ hello: 'world' })
  })

  it('mount() refuses a route find-my-way cannot take, naming it', () => {
    const transport = createHttpTransport()
    const { table } = fakeTable(transport, {
      extraRoutes: [{ method: 'GET', url: 'no-slash', handle: () => {} }],
    })
    expect(() => transport.mount(table)).toThrow(
      'Route GET no-slash is not valid: The first character of a path should be `/` or `*`',
    )
  })
})

describe('inject', () => {
  it('works without listen()', async () => {
    const transport = createHttpTransport()
    transport.mount(fakeTable(transport).table)
    expect(transport.server.listening).toBe(false)
    const response = await transport.inject({ method: 'GET', url: '/users/5?x=1' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual({
      params: { id: '5' },
      query: { entries: [['x', '1']], nullPrototype: true },
    })
    const posted = await transport.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi there',
    })
    expect(posted.json()).toEqual({ bytes: 8, text: 'hi there', contentType: 'text/plain' })
  })

  it('answers 503 to a request that arrives before mount()', async () => {
    const transport = createHttpTransport()
    const response = await transport.inject('/hello')
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe('Service Unavailable: the application is not ready yet')
  })
})
