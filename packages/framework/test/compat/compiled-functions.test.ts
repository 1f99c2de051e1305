import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4.3's compiled-function surface (issue 31, item 1): request.getValidationFunction,
// compileValidationSchema, validateInput; reply.getSerializationFunction,
// compileSerializationSchema, serializeInput.

const idParams = {
  type: 'object',
  properties: { id: { type: 'integer' } },
  required: ['id'],
}
const userResponse = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
}

describe('[compat] request validation functions', () => {
  itBoth(
    'getValidationFunction(part) returns the route validator of that part',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/items/:id',
        { schema: { params: idParams, body: { type: 'object', required: ['name'] } } },
        (request: any) => {
          const params = request.getValidationFunction('params')
          const body = request.getValidationFunction('body')
          return {
            params: [params({ id: '12' }), params({ id: 'x' })],
            body: [body({ name: 'a' }), body({})],
            bodyErrors: body.errors.map((error: any) => error.message),
            querystring: request.getValidationFunction('querystring') ?? 'none',
            unknown: request.getValidationFunction('nope') ?? 'none',
          }
        },
      )
      const response = await send(app, { method: 'POST', url: '/items/3', payload: { name: 'n' } })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        params: [true, false],
        body: [true, false],
        bodyErrors: ["must have required property 'name'"],
        querystring: 'none',
        unknown: 'none',
      })
    },
  )

  itBoth(
    "getValidationFunction(part).errors are those of the route's own last validation",
    async ({ send }) => {
      const app = makeApp()
      const messages = (errors: any) => errors?.map((error: any) => error.message) ?? null
      app.post(
        '/users',
        {
          attachValidation: true,
          schema: {
            body: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string' }, age: { type: 'integer' } },
            },
          },
          // What the part's validator shows before this request's validation: the last one's.
          preValidation: (request: any, _reply: any, done: () => void) => {
            request.before = messages(request.getValidationFunction('body').errors)
            done()
          },
        },
        (request: any) => ({
          before: request.before,
          after: messages(request.getValidationFunction('body').errors),
          // The attached error's `validation` is that same errors array.
          attached:
            request.validationError === undefined
              ? null
              : request.validationError.validation === request.getValidationFunction('body').errors,
        }),
      )
      const post = (payload: unknown) => send(app, { method: 'POST', url: '/users', payload })
      // The first request compiles the validator, and fails.
      expect((await post({ age: 'x' })).json()).toEqual({
        before: null,
        after: ["must have required property 'name'"],
        attached: true,
      })
      expect((await post({ name: 'a', age: 3 })).json()).toEqual({
        before: ["must have required property 'name'"],
        after: null,
        attached: null,
      })
      expect((await post({ name: 'a', age: 'x' })).json()).toEqual({
        before: null,
        after: ['must be integer'],
        attached: true,
      })
    },
  )

  itBoth('compileValidationSchema compiles once per schema object and route', async ({ send }) => {
    const app = makeApp()
    const schema = { type: 'string', maxLength: 3 }
    const seen: unknown[] = []
    app.get('/', (request: any) => {
      const first = request.compileValidationSchema(schema)
      const again = request.compileValidationSchema(schema)
      seen.push(first)
      return {
        same: first === again,
        cached: request.getValidationFunction(schema) === first,
        results: [first('abc'), first('abcd')],
      }
    })
    const one = await send(app, { url: '/' })
    const two = await send(app, { url: '/' })
    expect(one.json()).toEqual({ same: true, cached: true, results: [true, false] })
    expect(two.json()).toEqual(one.json())
    // Cached on the route: the second request got the function compiled for the first.
    expect(seen[0]).toBe(seen[1])
  })

  itBoth('validateInput uses the route part or a schema, and refuses neither', async ({ send }) => {
    const app = makeApp()
    app.get('/:id', { schema: { params: idParams } }, (request: any) => {
      let refused: unknown
      try {
        request.validateInput({}, 'body')
      } catch (error: any) {
        refused = [error.code, error.statusCode]
      }
      return {
        byPart: [request.validateInput({ id: 1 }, 'params'), request.validateInput({}, 'params')],
        bySchema: request.validateInput(5, { type: 'integer', minimum: 10 }),
        // A part the route validates wins over the schema given with it.
        partWins: request.validateInput({ id: 2 }, { type: 'string' }, 'params'),
        refused,
      }
    })
    const response = await send(app, { url: '/7' })
    expect(response.json()).toEqual({
      byPart: [true, false],
      bySchema: false,
      partWins: true,
      refused: ['FRM_ERR_REQ_INVALID_VALIDATION_INVOCATION', 500],
    })
  })

  it('compileValidationSchema uses the route validatorCompiler, then the context one', async () => {
    const app = makeApp()
    const inputs: any[] = []
    app.register(async (child: any) => {
      child.setValidatorCompiler((input: any) => {
        inputs.push({ where: 'context', httpPart: input.httpPart, method: input.method })
        return () => true
      })
      child.get('/context', (request: any) =>
        request.compileValidationSchema({ type: 'x' }, 'body')(1),
      )
      child.get(
        '/route',
        {
          validatorCompiler: (input: any) => {
            inputs.push({ where: 'route', url: input.url })
            return () => false
          },
        },
        (request: any) => request.compileValidationSchema({ type: 'y' })(1),
      )
    })
    expect((await app.inject('/context')).body).toBe('true')
    expect((await app.inject('/route?x=1')).body).toBe('false')
    expect(inputs).toEqual([
      { where: 'context', httpPart: 'body', method: 'GET' },
      { where: 'route', url: '/route?x=1' },
    ])
  })
})

describe('[compat] reply serialization functions', () => {
  itBoth('getSerializationFunction(status) returns the route serializer', async ({ send }) => {
    const app = makeApp()
    app.get('/', { schema: { response: { 200: userResponse } } }, (_request: any, reply: any) => {
      const serialize = reply.getSerializationFunction(200)
      const text = serialize({ name: 'Ann', age: 3, secret: 'x' })
      // 202: no response schema, so the report goes out as it is.
      reply.code(202)
      return { text, missing: reply.getSerializationFunction('404') ?? 'none' }
    })
    const response = await send(app, { url: '/' })
    expect(response.json()).toEqual({ text: '{"name":"Ann","age":3}', missing: 'none' })
  })

  itBoth('compileSerializationSchema and serializeInput with a schema', async ({ send }) => {
    const app = makeApp()
    const schema = { type: 'object', properties: { id: { type: 'integer' } } }
    app.get('/', (_request: any, reply: any) => {
      const fn = reply.compileSerializationSchema(schema)
      return {
        same: reply.compileSerializationSchema(schema) === fn,
        cached: reply.getSerializationFunction(schema) === fn,
        text: fn({ id: '4', other: true }),
        input: reply.serializeInput({ id: 5, other: 1 }, schema),
      }
    })
    const response = await send(app, { url: '/' })
    expect(response.json()).toEqual({
      same: true,
      cached: true,
      text: '{"id":4}',
      input: '{"id":5}',
    })
  })

  itBoth(
    'serializeInput with a status: the route serializer, or a coded error',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/',
        {
          schema: {
            response: {
              200: userResponse,
              201: {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { a: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
        (_request: any, reply: any) => {
          const errors: string[] = []
          for (const call of [
            () => reply.serializeInput({}, 500),
            () => reply.serializeInput({}, '201', 'text/html'),
          ]) {
            try {
              call()
            } catch (error: any) {
              errors.push(`${error.code}: ${error.message}`)
            }
          }
          reply.code(202)
          return {
            byStatus: reply.serializeInput({ name: 'B', x: 1 }, 200),
            byType: reply.serializeInput({ a: 'z', b: 2 }, 201, 'application/json'),
            errors,
          }
        },
      )
      const response = await send(app, { url: '/' })
      expect(response.json()).toEqual({
        byStatus: '{"name":"B"}',
        byType: '{"a":"z"}',
        errors: [
          'FRM_ERR_MISSING_SERIALIZATION_FN: Missing serialization function. Key "500"',
          'FRM_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN: Missing serialization function. Key "201:text/html"',
        ],
      })
    },
  )

  it('compileSerializationSchema uses the route serializerCompiler with status and type', async () => {
    const app = makeApp()
    const inputs: any[] = []
    app.get(
      '/',
      {
        serializerCompiler: (input: any) => {
          inputs.push({ httpStatus: input.httpStatus, contentType: input.contentType })
          return (data: unknown) => `custom:${JSON.stringify(data)}`
        },
      },
      (_request: any, reply: any) =>
        reply.compileSerializationSchema({ type: 'object' }, '201', 'application/json')({ a: 1 }),
    )
    const response = await app.inject('/')
    expect(response.body).toBe('custom:{"a":1}')
    expect(inputs).toEqual([{ httpStatus: '201', contentType: 'application/json' }])
  })
})
