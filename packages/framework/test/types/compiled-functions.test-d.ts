import framework, { type FastifyReply, type FastifyRequest } from 'framework'
import { describe, expectTypeOf, it } from 'vitest'

// Fastify 4.3's compiled-function surface, with Fastify's signatures (issue 31, item 1).

describe('compiled-function types', () => {
  it('request.getValidationFunction, compileValidationSchema, validateInput', () => {
    const app = framework()
    app.post('/', (request) => {
      const byPart = request.getValidationFunction('body')
      expectTypeOf(byPart).parameters.toEqualTypeOf<[any]>()
      expectTypeOf(byPart).returns.toEqualTypeOf<boolean | PromiseLike<boolean>>()
      expectTypeOf(request.getValidationFunction({ type: 'string' })).toEqualTypeOf(byPart)
      expectTypeOf(
        request.compileValidationSchema({ type: 'string' }, 'querystring'),
      ).toEqualTypeOf(byPart)
      expectTypeOf(
        request.validateInput({ a: 1 }, { type: 'object' }, 'body'),
      ).toEqualTypeOf<boolean>()
      expectTypeOf(request.validateInput({ a: 1 }, 'params')).toEqualTypeOf<boolean>()
      // @ts-expect-error: not a request part
      request.getValidationFunction('cookies')
      return 'ok'
    })
  })

  it('reply.getSerializationFunction, compileSerializationSchema, serializeInput', () => {
    const check = (reply: FastifyReply) => {
      expectTypeOf(reply.getSerializationFunction('200')).toEqualTypeOf<
        ((payload: { [key: string]: unknown }) => string) | undefined
      >()
      expectTypeOf(reply.getSerializationFunction(200, 'application/json')).toEqualTypeOf<
        ((payload: { [key: string]: unknown }) => string) | undefined
      >()
      expectTypeOf(reply.getSerializationFunction({ type: 'object' })).toEqualTypeOf<
        ((payload: { [key: string]: unknown }) => string) | undefined
      >()
      expectTypeOf(reply.compileSerializationSchema({ type: 'object' }, '201')).toEqualTypeOf<
        (payload: { [key: string]: unknown }) => string
      >()
      expectTypeOf(reply.serializeInput({ a: 1 }, { type: 'object' })).toEqualTypeOf<string>()
      expectTypeOf(
        reply.serializeInput({ a: 1 }, '200', 'application/json'),
      ).toEqualTypeOf<string>()
    }
    expectTypeOf(check).toBeFunction()
    expectTypeOf<FastifyRequest['validateInput']>().toBeFunction()
  })
})

describe('schemas by content type', () => {
  it('type the body and the reply as the union of their media types', () => {
    const app = framework()
    app.post(
      '/',
      {
        schema: {
          body: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' } },
                  required: ['name'],
                  additionalProperties: false,
                },
              },
              'text/plain': { schema: { type: 'string' } },
            },
          },
          response: {
            200: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'integer' } } },
                },
              },
            },
          },
        } as const,
      },
      (request, reply) => {
        expectTypeOf(request.body).toEqualTypeOf<{ name: string } | string>()
        reply.send({ id: 1 })
        // @ts-expect-error: not what the response schema describes
        reply.send({ id: 'x' })
      },
    )
  })
})
