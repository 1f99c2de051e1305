import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from './helpers'

// Specification 4.3: response serialization, with the decisions of API.md "Serialization".
const itemSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}

describe('[4.3.1] only routes with a response schema use the serializer', () => {
  itBoth(
    '[4.3.1] a route without a response schema sends JSON.stringify of the payload',
    async ({ send }) => {
      const app = makeApp()
      app.get('/free', async () => ({ id: '1', secret: 's', nested: { a: [1, 'b'] } }))
      const res = await send(app, { url: '/free' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body).toBe(JSON.stringify({ id: '1', secret: 's', nested: { a: [1, 'b'] } }))
    },
  )

  itBoth('[4.3.1] strings and buffers are sent as they are', async ({ send }) => {
    const app = makeApp()
    app.get('/text', async () => 'plain "text"')
    app.get('/buf', async (_request: any, reply: any) => reply.send(Buffer.from('bytes')))
    const text = await send(app, { url: '/text' })
    expect(text.body).toBe('plain "text"')
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8')
    const buf = await send(app, { url: '/buf' })
    expect(buf.body).toBe('bytes')
    expect(buf.headers['content-type']).toBe('application/octet-stream')
  })

  itBoth(
    '[4.3.1] a route with a response schema uses the compiled serializer',
    async ({ send }) => {
      const app = makeApp()
      app.get('/typed', { schema: { response: { 200: itemSchema } } }, async () => ({
        id: '7',
        name: 'n',
        secret: 's',
      }))
      const res = await send(app, { url: '/typed' })
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body).toBe('{"id":7,"name":"n"}')
    },
  )
})

describe('[4.3.2] choice of the schema by status code', () => {
  const only = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } } })
  const payload = { exact: 'e', klass: 'k', upper: 'u', fallback: 'f' }

  itBoth('[4.3.2] exact code, then 2xx, then default', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/pick/:code',
      {
        schema: {
          response: { 200: only('exact'), '2xx': only('klass'), default: only('fallback') },
        },
      },
      async (request: any, reply: any) => reply.code(Number(request.params.code)).send(payload),
    )
    expect((await send(app, { url: '/pick/200' })).body).toBe('{"exact":"e"}')
    expect((await send(app, { url: '/pick/206' })).body).toBe('{"klass":"k"}')
    expect((await send(app, { url: '/pick/302' })).body).toBe('{"fallback":"f"}')
    expect((await send(app, { url: '/pick/418' })).body).toBe('{"fallback":"f"}')
  })

  itBoth("[4.3.2] the class key may be written '2XX'", async ({ send }) => {
    const app = makeApp()
    app.get(
      '/upper',
      { schema: { response: { '2XX': only('upper'), default: only('fallback') } } },
      async (_request: any, reply: any) => reply.code(201).send(payload),
    )
    const res = await send(app, { url: '/upper' })
    expect(res.statusCode).toBe(201)
    expect(res.body).toBe('{"upper":"u"}')
  })

  itBoth(
    '[4.3.5] precedence: exact over class over default, whatever the declaration order',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/prec/:code',
        {
          schema: {
            response: { default: only('fallback'), '4xx': only('klass'), 404: only('exact') },
          },
        },
        async (request: any, reply: any) => reply.code(Number(request.params.code)).send(payload),
      )
      expect((await send(app, { url: '/prec/404' })).body).toBe('{"exact":"e"}')
      expect((await send(app, { url: '/prec/409' })).body).toBe('{"klass":"k"}')
      expect((await send(app, { url: '/prec/200' })).body).toBe('{"fallback":"f"}')
    },
  )

  itBoth('[4.3.2] no matching key: the payload is sent with JSON.stringify', async ({ send }) => {
    const app = makeApp()
    app.get('/nomatch', { schema: { response: { 201: only('exact') } } }, async () => payload)
    expect((await send(app, { url: '/nomatch' })).body).toBe(JSON.stringify(payload))
  })
})

describe('[4.3.3] fields left out and defaults', () => {
  itBoth('[4.3.3] fields not in the response schema are left out, nested too', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/user',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                friends: {
                  type: 'array',
                  items: { type: 'object', properties: { name: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
      async () => ({
        name: 'a',
        password: 'hunter2',
        friends: [{ name: 'b', password: 'x' }],
      }),
    )
    const res = await send(app, { url: '/user' })
    expect(res.body).toBe('{"name":"a","friends":[{"name":"b"}]}')
    expect(res.body).not.toContain('password')
  })

  itBoth('[4.3.3] a default keyword in the response schema supplies a value', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/dflt',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { a: { type: 'string' }, role: { type: 'string', default: 'member' } },
            },
          },
        },
      },
      async () => ({ a: 'x' }),
    )
    expect((await send(app, { url: '/dflt' })).json()).toEqual({ a: 'x', role: 'member' })
  })
})

describe('[4.3.4] serializer compiler and failures', () => {
  itBoth(
    '[4.3.4] the serializer compiler returns a function of (data) that returns a string',
    async ({ send }) => {
      const app = makeApp()
      const received: unknown[] = []
      app.setSerializerCompiler(() => (data: unknown) => {
        received.push(data)
        return `<${(data as { v: string }).v}>`
      })
      app.get('/fn', { schema: { response: { 200: { type: 'object' } } } }, async () => ({
        v: 'value',
      }))
      const res = await send(app, { url: '/fn' })
      expect(res.body).toBe('<value>')
      expect(received).toEqual([{ v: 'value' }])
    },
  )

  itBoth(
    '[4.3.4] the route option serializerCompiler overrides the context one',
    async ({ send }) => {
      const app = makeApp()
      app.setSerializerCompiler(() => () => 'context')
      app.get(
        '/route-ser',
        {
          schema: { response: { 200: { type: 'object' } } },
          serializerCompiler:
            ({ httpStatus }: any) =>
            () =>
              `route ${httpStatus}`,
        },
        async () => ({}),
      )
      expect((await send(app, { url: '/route-ser' })).body).toBe('route 200')
    },
  )

  itBoth(
    '[4.3.6] a payload missing a required property is a 500, nothing partial',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/missing',
        {
          schema: {
            response: {
              200: {
                type: 'object',
                required: ['id'],
                properties: { id: { type: 'integer' }, name: { type: 'string' } },
              },
            },
          },
        },
        async () => ({ name: 'no id' }),
      )
      const res = await send(app, { url: '/missing' })
      expect(res.statusCode).toBe(500)
      const body = res.json()
      expect(body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
      expect(Object.keys(body).sort()).toEqual(
        expect.arrayContaining(['error', 'message', 'statusCode']),
      )
      expect(res.body).not.toContain('no id')
      expect(res.body).not.toMatch(/\n\s+at /)
    },
  )

  itBoth(
    '[4.3.4] a plain response schema built by its first response answers as one built at ready',
    async ({ send }) => {
      // Typed everywhere, references by name: the default compiler builds it on first use.
      const app = makeApp()
      app.addSchema({ $id: 'money', type: 'object', properties: { amount: { type: 'number' } } })
      const order = {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' }, total: { $ref: 'money#' } },
      }
      let payload: Record<string, unknown> = { id: 7.4, total: { amount: 5, extra: 1 }, x: 1 }
      app.get('/order', { schema: { response: { 200: order } } }, async () => payload)
      await app.ready()
      // Changed after ready(): the serializer is built from the schema as it was then.
      order.properties.id.type = 'string'
      for (let i = 0; i < 2; i++) {
        const res = await send(app, { url: '/order' })
        expect(res.statusCode).toBe(200)
        expect(res.body).toBe('{"id":7,"total":{"amount":5}}')
      }
      payload = { total: { amount: 1 } }
      const missing = await send(app, { url: '/order' })
      expect(missing.statusCode).toBe(500)
      expect(missing.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
    },
  )

  it('[4.3.4] a response schema the serializer refuses still fails ready(), naming the route', async () => {
    const app = makeApp()
    const order = { type: 'object', properties: { total: { $ref: 'nobody#' } } }
    app.get('/order', { schema: { response: { 200: order } } }, async () => ({}))
    await expect(app.ready()).rejects.toThrow(
      'Failed building the serialization schema for GET: /order, due to error Cannot resolve ref "nobody#". Schema with id "nobody" is not found. Add the schema it names with addSchema() in this context or an ancestor, or correct the $ref. (status: 200)',
    )
  })

  itBoth('[4.3.6] an uncoercible type is a 500, nothing partial', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/uncoercible',
      {
        schema: {
          response: {
            200: { type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string' } } },
          },
        },
      },
      async () => ({ s: 'first', n: 'abc' }),
    )
    const res = await send(app, { url: '/uncoercible' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
    expect(res.body).not.toContain('first')
  })

  itBoth('[4.3.6] a serializer failure goes through the error handler', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(500).send({ handled: true, code: error.code })
    })
    app.get(
      '/handled',
      {
        schema: {
          response: {
            200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
          },
        },
      },
      async () => ({}),
    )
    const res = await send(app, { url: '/handled' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ handled: true, code: 'FRM_ERR_RESPONSE_SERIALIZATION' })
  })

  itBoth(
    '[4.3] an error reply goes through the response schema of its status',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/err-schema',
        {
          schema: {
            body: { type: 'object', required: ['a'] },
            response: {
              400: {
                type: 'object',
                properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
              },
            },
          },
        },
        async () => 'x',
      )
      const res = await send(app, { method: 'POST', url: '/err-schema', payload: {} })
      expect(res.statusCode).toBe(400)
      expect(res.body).toBe(`{"statusCode":400,"message":"body should have required property 'a'"}`)
    },
  )

  itBoth(
    '[4.3] an error reply uses the class or default response schema when no exact one',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/err-class',
        {
          schema: {
            body: { type: 'object', required: ['a'] },
            response: {
              200: { type: 'object', properties: { ok: { type: 'boolean' } } },
              '4xx': { type: 'object', properties: { message: { type: 'string' } } },
              default: { type: 'object', properties: { statusCode: { type: 'integer' } } },
            },
          },
        },
        async (request: any) => {
          if (request.body.a === 'boom') throw new Error('secret detail')
          return { ok: true, extra: 1 }
        },
      )
      const invalid = await send(app, { method: 'POST', url: '/err-class', payload: {} })
      expect(invalid.statusCode).toBe(400)
      expect(invalid.body).toBe(`{"message":"body should have required property 'a'"}`)
      const thrown = await send(app, { method: 'POST', url: '/err-class', payload: { a: 'boom' } })
      expect(thrown.statusCode).toBe(500)
      expect(thrown.body).toBe('{"statusCode":500}')
      const ok = await send(app, { method: 'POST', url: '/err-class', payload: { a: 'fine' } })
      expect(ok.body).toBe('{"ok":true}')
    },
  )

  itBoth('[4.3] output is valid JSON for hostile strings', async ({ send }) => {
    const app = makeApp()
    const hostile = '"quoted"\n\t\u0000\u2028</script><script>alert(1)</script>\\'
    app.get(
      '/hostile',
      { schema: { response: { 200: { type: 'object', properties: { s: { type: 'string' } } } } } },
      async () => ({ s: hostile }),
    )
    const res = await send(app, { url: '/hostile' })
    expect(res.json()).toEqual({ s: hostile })
  })
})
