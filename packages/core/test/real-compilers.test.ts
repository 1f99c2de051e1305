// The real default compilers, loaded from their packages' sources (they are not dependencies of
// the core: the umbrella wires them). Their own dependencies resolve from their folders.
import { buildResponseSelector, buildSerializerCompiler } from '@framework/serializer-compiler'
import { buildValidatorCompiler } from '@framework/validator-compiler'
import { describe, expect, it } from 'vitest'
import { createInstance, type Instance } from '../src/index.js'
import { jsonParser } from './helpers/app.js'
import { FakeTransport } from './helpers/fake-transport.js'

function createRealApp(): Instance {
  return createInstance({
    transport: new FakeTransport(),
    validatorCompiler: buildValidatorCompiler() as never,
    serializerCompiler: buildSerializerCompiler() as never,
    responseSelector: buildResponseSelector,
    contentTypeParsers: [
      { type: 'application/json', options: { parseAs: 'string' }, parser: jsonParser },
    ],
  })
}

describe('with the default validator and serializer compilers', () => {
  it('[7.1] answers the specification 400 for a missing required body property', async () => {
    const app = createRealApp()
    app.post(
      '/users',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      },
      async (request) => request.body,
    )
    const response = await app.inject({ method: 'POST', url: '/users', payload: {} })
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        statusCode: 400,
        error: 'Bad Request',
        message: "body should have required property 'name'",
      },
    ])
  })

  it('[2.6] coerces querystring and params, and validates headers case-insensitively', async () => {
    const app = createRealApp()
    app.get(
      '/items/:id',
      {
        schema: {
          params: { id: { type: 'integer' } },
          querystring: {
            limit: { type: 'integer', maximum: 100 },
            tags: { type: 'array', items: { type: 'string' } },
          },
          headers: {
            type: 'object',
            required: ['X-Token'],
            properties: { 'X-Token': { type: 'string' } },
          },
        },
      },
      async (request) => ({
        id: request.params.id,
        limit: request.query.limit,
        tags: request.query.tags,
      }),
    )
    const ok = await app.inject({ url: '/items/3?limit=7&tags=a', headers: { 'x-token': 't' } })
    expect(ok.json()).toEqual({ id: 3, limit: 7, tags: ['a'] })
    const tooMany = await app.inject({ url: '/items/3?limit=500', headers: { 'x-token': 't' } })
    expect(tooMany.json().message).toBe('querystring/limit should be <= 100')
    const noToken = await app.inject({ url: '/items/3' })
    expect(noToken.json().message).toBe("headers should have required property 'x-token'")
  })

  it('[2.5][4.4.3] resolves shared schemas of the context, and drops properties missing from the response schema', async () => {
    const app = createRealApp()
    app.register(async (child) => {
      child.addSchema({
        $id: 'user',
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, age: { type: 'integer', default: 0 } },
      })
      child.post(
        '/users',
        { schema: { body: { $ref: 'user#' }, response: { '2xx': { $ref: 'user#' } } } },
        async (request, reply) =>
          reply.code(201).send({ ...(request.body as object), password: 'secret' }),
      )
    })
    const response = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
    expect([response.statusCode, response.json()]).toEqual([201, { name: 'Ada', age: 0 }])
  })

  it('fails ready() naming the route, the part and the reference for an unresolvable $ref', async () => {
    const app = createRealApp()
    app.post('/orders', { schema: { body: { $ref: 'order#' } } }, async () => 'x')
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_SCH_VALIDATION_BUILD')
    expect(error.message).toContain('POST: /orders')
    expect(error.message).toContain('body')
    expect(error.message).toContain("'order#'")
  })

  it('[1.7] refuses $async schemas at ready, pointing at preHandler', async () => {
    const app = createRealApp()
    app.post('/async', { schema: { body: { $async: true, type: 'object' } } }, async () => 'x')
    const error = await app.ready().catch((e) => e)
    expect(error.message).toContain('POST /async')
    expect(error.message).toContain('preHandler')
  })

  it('[4.3] answers 500 when the payload cannot be serialized by its schema', async () => {
    const app = createRealApp()
    app.get(
      '/broken',
      {
        schema: {
          response: {
            200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
          },
        },
      },
      // @ts-expect-error: the payload misses the required id (what this test is about)
      async () => ({ other: true }),
    )
    const response = await app.inject('/broken')
    expect(response.statusCode).toBe(500)
    expect(response.json().code).toBe('FRM_ERR_RESPONSE_SERIALIZATION')
  })
})
