import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

const user = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }

describe('[4.3] response serialization', () => {
  it('[4.3.1] uses a compiled serializer only for routes with a response schema', async () => {
    const { app } = createApp()
    app.get('/schema', { schema: { response: { 200: user } } }, async () => ({
      name: 'a',
      password: 'secret',
    }))
    app.get('/plain', async () => ({ name: 'a', password: 'visible' }))
    expect((await app.inject('/schema')).json()).toEqual({ name: 'a' })
    expect((await app.inject('/plain')).json()).toEqual({ name: 'a', password: 'visible' })
  })

  it('[4.3.2] picks the schema by exact code, then class, then default', async () => {
    const { app } = createApp()
    const response = {
      201: { type: 'object', properties: { exact: { type: 'string' } } },
      '2xx': { type: 'object', properties: { klass: { type: 'string' } } },
      default: { type: 'object', properties: { fallback: { type: 'string' } } },
    }
    const payload = { exact: 'e', klass: 'k', fallback: 'f' }
    app.get('/:code', { schema: { response } }, async (request, reply) =>
      reply.code(Number(request.params.code)).send(payload),
    )
    expect((await app.inject('/201')).json()).toEqual({ exact: 'e' })
    expect((await app.inject('/200')).json()).toEqual({ klass: 'k' })
    expect((await app.inject('/302')).json()).toEqual({ fallback: 'f' })
  })

  it('passes { schema, method, url, httpStatus } to the serializer compiler, contract syntax expanded', async () => {
    const { app, compilers } = createApp()
    app.get('/x', { schema: { response: { 200: { name: { type: 'string' } } } } }, async () => ({}))
    await app.ready()
    // The automatic HEAD route compiles its own, as in Fastify.
    expect(compilers.log.serializerInputs).toEqual(
      ['GET', 'HEAD'].map((method) => ({
        schema: { type: 'object', properties: { name: { type: 'string' } } },
        method,
        url: '/x',
        httpStatus: '200',
      })),
    )
  })

  it('takes the route option serializerCompiler, else the nearest setSerializerCompiler, else the default', async () => {
    const { app } = createApp()
    const schema = { response: { 200: user } }
    app.get('/default', { schema }, async () => ({ name: 'd', extra: 1 }))
    app.register(async (child) => {
      child.setSerializerCompiler(() => () => '"context"')
      child.get('/context', { schema }, async () => ({}))
      child.get('/route', { schema, serializerCompiler: () => () => '"route"' }, async () => ({}))
    })
    expect((await app.inject('/default')).body).toBe('{"name":"d"}')
    expect((await app.inject('/context')).body).toBe('"context"')
    expect((await app.inject('/route')).body).toBe('"route"')
  })

  it('reply.serializer(fn) overrides the serializer for that reply', async () => {
    const { app } = createApp()
    app.get('/', { schema: { response: { 200: user } } }, async (_request, reply) =>
      reply
        .serializer((payload) => `custom:${JSON.stringify(payload)}`)
        .send({ name: 'n', extra: true }),
    )
    const response = await app.inject('/')
    expect([response.body, response.headers['content-type']]).toEqual([
      'custom:{"name":"n","extra":true}',
      'application/json; charset=utf-8',
    ])
  })

  it('answers 500 through the error handler when the payload does not fit its schema, writing nothing partial', async () => {
    const { app, transport } = createApp()
    const handled: string[] = []
    app.register(async (child) => {
      child.setErrorHandler((error, _request, reply) => {
        handled.push(error.message)
        reply.send(error)
      })
      child.get('/bad', { schema: { response: { 200: user } } }, async () => ({ nameless: true }))
    })
    const response = await app.inject('/bad')
    expect([response.statusCode, response.json()]).toEqual([
      500,
      { statusCode: 500, error: 'Internal Server Error', message: '"name" is required!' },
    ])
    expect(handled).toEqual(['"name" is required!'])
    expect(transport.sent).toHaveLength(1)
  })

  it('sends an error reply through the response schema of its status when one matches', async () => {
    const { app } = createApp()
    const errorSchema = {
      type: 'object',
      properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
    }
    app.post(
      '/',
      { schema: { body: user, response: { 200: user, '4xx': errorSchema } } },
      async () => ({ name: 'x' }),
    )
    const response = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { statusCode: 400, message: "body should have required property 'name'" },
    ])
  })

  it('falls back to a plain 500 when even the default error body does not fit the response schema', async () => {
    const { app } = createApp()
    app.get(
      '/',
      {
        schema: {
          response: { default: { type: 'object', required: ['never'], properties: { never: {} } } },
        },
      },
      async () => {
        throw new Error('first')
      },
    )
    const response = await app.inject('/')
    expect([response.statusCode, response.json()]).toEqual([
      500,
      { statusCode: 500, error: 'Internal Server Error', message: '"never" is required!' },
    ])
  })

  it('runs preSerialization only for values to serialize, and not for error bodies', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.addHook('preSerialization', async (_request, _reply, payload) => {
      seen.push(payload)
    })
    app.get('/object', async () => ({ a: 1 }))
    app.get('/string', async () => 'text')
    app.get('/error', async () => {
      throw new Error('e')
    })
    await app.inject('/object')
    await app.inject('/string')
    await app.inject('/error')
    expect(seen).toEqual([{ a: 1 }])
  })

  it('refuses payloads that cannot be sent (a function)', async () => {
    const { app } = createApp()
    app.get('/', async (_request, reply) => reply.send(() => 1))
    const response = await app.inject('/')
    expect([response.statusCode, response.json().code]).toEqual([
      500,
      'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
    ])
  })
})
