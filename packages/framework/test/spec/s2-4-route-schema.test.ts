import { describe, expect, it } from 'vitest'
import { badRequest, itBoth, makeApp } from './helpers'

// Specification 2.2 (request decorator), 2.3 (route definition) and 2.4 (route schema object).
describe('[2.2] request decorator', () => {
  itBoth(
    '[2.2] decorateRequest adds the property in its context and descendants, undefined outside',
    async ({ send }) => {
      const app = makeApp()
      app.get('/root', async (request: any) => ({ user: request.user ?? 'undefined' }))
      app.register(async (child: any) => {
        child.decorateRequest('user', 'child-user')
        child.get('/child', async (request: any) => ({ user: request.user }))
        child.register(async (grandchild: any) => {
          grandchild.get('/grandchild', async (request: any) => ({ user: request.user }))
        })
      })
      app.register(async (sibling: any) => {
        sibling.get('/sibling', async (request: any) => ({ user: request.user ?? 'undefined' }))
      })
      expect((await send(app, { url: '/child' })).json()).toEqual({ user: 'child-user' })
      expect((await send(app, { url: '/grandchild' })).json()).toEqual({ user: 'child-user' })
      expect((await send(app, { url: '/root' })).json()).toEqual({ user: 'undefined' })
      expect((await send(app, { url: '/sibling' })).json()).toEqual({ user: 'undefined' })
    },
  )
})

describe('[2.3] route definition', () => {
  itBoth(
    '[2.3] route() takes method, path, handler, schema, attachValidation, validatorCompiler',
    async ({ send }) => {
      const app = makeApp()
      app.route({
        method: 'POST',
        path: '/items/:id',
        schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } },
        attachValidation: true,
        validatorCompiler:
          ({ httpPart }: any) =>
          (data: any) =>
            httpPart === 'params' && data.id === 'bad'
              ? { error: new Error('bad id') }
              : { value: data },
        handler: async (request: any, reply: any) => {
          reply.send({
            id: request.params.id,
            failed: request.validationError ? request.validationError.message : null,
          })
        },
      })
      const ok = await send(app, { method: 'POST', url: '/items/7' })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ id: '7', failed: null })
      const bad = await send(app, { method: 'POST', url: '/items/bad' })
      expect(bad.statusCode).toBe(200)
      expect(bad.json()).toEqual({ id: 'bad', failed: 'bad id' })
    },
  )

  itBoth('[2.3] route() accepts url as the path field', async ({ send }) => {
    const app = makeApp()
    app.route({ method: 'GET', url: '/by-url', handler: async () => ({ ok: true }) })
    expect((await send(app, { url: '/by-url' })).json()).toEqual({ ok: true })
  })

  itBoth('[2.3] shorthand get/post work with and without options', async ({ send }) => {
    const app = makeApp()
    app.get('/plain', async () => ({ form: 'no options' }))
    app.post(
      '/with-options',
      { schema: { body: { type: 'object', required: ['x'] } } },
      async (request: any) => ({ x: request.body.x }),
    )
    expect((await send(app, { url: '/plain' })).json()).toEqual({ form: 'no options' })
    const ok = await send(app, { method: 'POST', url: '/with-options', payload: { x: 1 } })
    expect(ok.json()).toEqual({ x: 1 })
    const bad = await send(app, { method: 'POST', url: '/with-options', payload: {} })
    expect(bad.json()).toEqual(badRequest("body should have required property 'x'"))
  })

  itBoth('[2.3] the handler produces the response with reply.send', async ({ send }) => {
    const app = makeApp()
    app.get('/send', (_request: any, reply: any) => {
      reply.send({ sent: 'by reply.send' })
    })
    const res = await send(app, { url: '/send' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual({ sent: 'by reply.send' })
  })
})

describe('[2.4] route schema object', () => {
  itBoth('[2.4] body is applied only for POST, PUT and PATCH', async ({ send }) => {
    const app = makeApp()
    const schema = { body: { type: 'object', required: ['name'] } }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      app.route({ method, url: '/thing', schema, handler: async () => ({ ran: method }) })
    }
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const res = await send(app, { method, url: '/thing', payload: {} })
      expect(res.statusCode, method).toBe(400)
      expect(res.json()).toEqual(badRequest("body should have required property 'name'"))
    }
    for (const method of ['DELETE', 'OPTIONS']) {
      const res = await send(app, { method, url: '/thing', payload: {} })
      expect(res.statusCode, method).toBe(200)
      expect(res.json()).toEqual({ ran: method })
    }
  })

  itBoth('[2.4] querystring validates the query string, query is its alias', async ({ send }) => {
    const app = makeApp()
    const qs = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }
    app.get('/long', { schema: { querystring: qs } }, async (request: any) => request.query)
    app.get('/short', { schema: { query: qs } }, async (request: any) => request.query)
    for (const url of ['/long', '/short']) {
      expect((await send(app, { url: `${url}?n=5` })).json()).toEqual({ n: 5 })
      const bad = await send(app, { url: `${url}?n=x` })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual(badRequest('querystring/n should be integer'))
      const missing = await send(app, { url })
      expect(missing.json()).toEqual(badRequest("querystring should have required property 'n'"))
    }
  })

  itBoth('[2.4] params validates the route params', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/users/:id',
      {
        schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } },
      },
      async (request: any) => ({ id: request.params.id }),
    )
    expect((await send(app, { url: '/users/12' })).json()).toEqual({ id: 12 })
    const bad = await send(app, { url: '/users/0' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(badRequest('params/id should be >= 1'))
  })

  itBoth('[2.4] headers validates the request headers', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/h',
      {
        schema: {
          headers: {
            type: 'object',
            properties: { 'x-n': { type: 'integer' } },
            required: ['x-n'],
          },
        },
      },
      async (request: any) => ({ n: request.headers['x-n'] }),
    )
    expect((await send(app, { url: '/h', headers: { 'x-n': '3' } })).json()).toEqual({ n: 3 })
    const bad = await send(app, { url: '/h' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(badRequest("headers should have required property 'x-n'"))
  })

  itBoth('[2.4] response schemas are keyed by status code, 2xx and default', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/r/:code',
      {
        schema: {
          response: {
            201: { type: 'object', properties: { exact: { type: 'string' } } },
            '2xx': { type: 'object', properties: { klass: { type: 'string' } } },
            default: { type: 'object', properties: { fallback: { type: 'string' } } },
          },
        },
      },
      async (request: any, reply: any) => {
        reply.code(Number(request.params.code))
        return { exact: 'e', klass: 'k', fallback: 'f' }
      },
    )
    expect((await send(app, { url: '/r/201' })).body).toBe('{"exact":"e"}')
    expect((await send(app, { url: '/r/202' })).body).toBe('{"klass":"k"}')
    expect((await send(app, { url: '/r/409' })).body).toBe('{"fallback":"f"}')
  })

  itBoth(
    '[2.4] request entries accept the shorthand with properties at the top level',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/short/:id',
        {
          schema: {
            params: { id: { type: 'integer' } },
            querystring: { page: { type: 'integer' }, size: { type: 'integer', default: 10 } },
            headers: { 'x-tenant': { type: 'string', enum: ['a', 'b'] } },
          },
        },
        async (request: any) => ({
          id: request.params.id,
          page: request.query.page,
          size: request.query.size,
        }),
      )
      const ok = await send(app, { url: '/short/4?page=2', headers: { 'x-tenant': 'a' } })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ id: 4, page: 2, size: 10 })
      const badParam = await send(app, { url: '/short/x' })
      expect(badParam.json()).toEqual(badRequest('params/id should be integer'))
      const badHeader = await send(app, { url: '/short/4', headers: { 'x-tenant': 'z' } })
      expect(badHeader.json()).toEqual(
        badRequest('headers/x-tenant should be equal to one of the allowed values'),
      )
    },
  )

  itBoth('[2.4] body accepts the shorthand too', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/short-body',
      { schema: { body: { name: { type: 'string' }, age: { type: 'integer' } } } },
      async (request: any) => request.body,
    )
    const ok = await send(app, {
      method: 'POST',
      url: '/short-body',
      payload: { name: 'a', age: '3' },
    })
    expect(ok.json()).toEqual({ name: 'a', age: 3 })
    const bad = await send(app, { method: 'POST', url: '/short-body', payload: { age: 'old' } })
    expect(bad.json()).toEqual(badRequest('body/age should be integer'))
  })

  itBoth(
    '[2.4] response entries accept the contract syntax (properties at the top level)',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/contract',
        { schema: { response: { 200: { hello: { type: 'string' }, n: { type: 'integer' } } } } },
        async () => ({ hello: 'world', n: '5', hidden: true }),
      )
      const res = await send(app, { url: '/contract' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('{"hello":"world","n":5}')
    },
  )

  itBoth('[2.4] a schema may be a $ref at the root with a trailing #', async ({ send }) => {
    const app = makeApp()
    app.addSchema({
      $id: 'pet',
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' } },
    })
    app.addSchema({ $id: 'petQuery', type: 'object', properties: { legs: { type: 'integer' } } })
    app.post(
      '/pets',
      {
        schema: {
          body: { $ref: 'pet#' },
          querystring: { $ref: 'petQuery#' },
          response: { 200: { $ref: 'pet#' } },
        },
      },
      async (request: any) => ({ ...request.body, legs: request.query.legs, extra: 'x' }),
    )
    const ok = await send(app, { method: 'POST', url: '/pets?legs=4', payload: { kind: 'cat' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('{"kind":"cat"}')
    const bad = await send(app, { method: 'POST', url: '/pets', payload: { legs: 1 } })
    expect(bad.json()).toEqual(badRequest("body should have required property 'kind'"))
    const badQuery = await send(app, {
      method: 'POST',
      url: '/pets?legs=many',
      payload: { kind: 'a' },
    })
    expect(badQuery.json()).toEqual(badRequest('querystring/legs should be integer'))
  })

  it('[2.4] an unresolvable root $ref fails ready() naming the route, the part and the ref', async () => {
    const app = makeApp()
    app.post('/missing', { schema: { body: { $ref: 'nowhere#' } } }, async () => 'x')
    const error: any = await app.ready().then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    const text = `${error.message} ${error.cause?.message ?? ''}`
    expect(text).toContain('POST: /missing')
    expect(text).toContain('body')
    expect(text).toContain('nowhere#')
  })
})

describe('[2.4] schema compile failures', () => {
  it('[2.4] a schema the validator cannot compile fails ready() naming the route and the part', async () => {
    const app = makeApp()
    app.get(
      '/bad/:id',
      { schema: { params: { type: 'object', properties: { id: { type: 'nonsense' } } } } },
      async () => 'x',
    )
    const error: any = await app.ready().then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    const text = `${error.message} ${error.cause?.message ?? ''}`
    expect(text).toContain('GET: /bad/:id')
    expect(text).toContain('params')
  })

  it('[2.4] an unresolvable $ref in a response schema fails ready() naming the route and status', async () => {
    const app = makeApp()
    app.get('/bad-response', { schema: { response: { 201: { $ref: 'ghost#' } } } }, async () => 'x')
    const error: any = await app.ready().then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    const text = `${error.message} ${error.cause?.message ?? ''}`
    expect(text).toContain('GET: /bad-response')
    expect(text).toContain('201')
    expect(text).toContain('ghost#')
  })
})
