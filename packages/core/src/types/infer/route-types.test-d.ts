import { Type } from '@sinclair/typebox'
import { describe, expectTypeOf, it } from 'vitest'
import type { Instance } from '../instance.js'
import type { Plugin } from '../plugin.js'
import type { FrameworkReply } from '../reply.js'
import type { RouteHandler } from '../route.js'

declare const app: Instance

/** A Standard Schema v1 value, written structurally: input `{ n: string }`, output `{ n: number }`. */
interface Coerced {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'test'
    readonly validate: (value: unknown) => { value: { n: number } }
    readonly types?: { readonly input: { n: string }; readonly output: { n: number } }
  }
}
declare const coerced: Coerced

/** What a body object adds to its declared properties: the others, readable as `unknown`. */
type Extra = { [key: string]: unknown }

const address = {
  $id: 'route-types.address',
  type: 'object',
  properties: { city: { type: 'string' }, zip: { type: 'string' } },
  required: ['city'],
} as const

declare module '../infer/shared-schemas.js' {
  interface SharedSchemas {
    'route-types.address': typeof address
  }
}

describe('request types inferred from the route schema', () => {
  it('types body, querystring, params and headers as the validator produces them', () => {
    app.post(
      '/users/:id',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              role: { enum: ['admin', 'user'] },
              age: { type: 'integer', nullable: true },
            },
            required: ['name'],
          },
          querystring: {
            type: 'object',
            properties: { limit: { type: 'integer', default: 10 }, full: { type: 'boolean' } },
          },
          params: { id: { type: 'integer' } },
          headers: {
            type: 'object',
            properties: { 'x-count': { type: 'number' } },
            required: ['x-count'],
          },
        },
      },
      async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<
          { name: string; role?: 'admin' | 'user'; age?: number | null } & Extra
        >()
        expectTypeOf(request.query).toEqualTypeOf<{ limit: number; full?: boolean }>()
        expectTypeOf(request.params).toEqualTypeOf<{ id?: number }>()
        expectTypeOf(request.headers['x-count']).toEqualTypeOf<number>()
        expectTypeOf(request.headers.host).toEqualTypeOf<string | undefined>()
        expectTypeOf(request.headers['x-other']).toEqualTypeOf<string | string[] | undefined>()
        // A property the body schema does not name is kept by the validator: readable, unknown.
        expectTypeOf(request.body.nmae).toBeUnknown()
      },
    )
  })

  it('closes a body object only with additionalProperties: false, nested objects included', () => {
    app.post(
      '/closed',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              tags: { type: 'object', properties: { a: { type: 'string' } } },
            },
            required: ['name'],
            additionalProperties: false,
          },
          querystring: { type: 'object', properties: { q: { type: 'string' } } },
        },
      },
      async (request) => {
        expectTypeOf(request.body.name).toEqualTypeOf<string>()
        // @ts-expect-error: additionalProperties: false, so the validator removes any other property
        request.body.other
        expectTypeOf(request.body.tags?.other).toBeUnknown()
        // @ts-expect-error: the rule is the body's; a querystring keeps its declared shape
        request.query.other
      },
    )
  })

  it('accepts the query alias, a schema variable written as const, and route()', () => {
    const query = {
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
    } as const
    app.get('/search', { schema: { query } }, async (request) => {
      expectTypeOf(request.query).toEqualTypeOf<{ q: string }>()
    })
    app.route({
      method: 'PUT',
      url: '/things',
      schema: { body: { type: 'array', items: { type: 'number' } } },
      handler: async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<number[]>()
      },
    })
    app.get('/opts', {
      schema: { params: { slug: { type: 'string' } } },
      handler: async (request) => {
        expectTypeOf(request.params).toEqualTypeOf<{ slug?: string }>()
      },
    })
  })

  it('reads TypeBox schemas and Standard Schema values', () => {
    app.post(
      '/tb',
      { schema: { body: Type.Object({ id: Type.Integer() }), querystring: coerced } },
      async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<{ id: number }>()
        expectTypeOf(request.query).toEqualTypeOf<{ n: number }>()
      },
    )
  })

  it('lets route generics win', () => {
    app.post<{ Body: { given: true } }>(
      '/generic',
      { schema: { body: { type: 'object', properties: { other: { type: 'string' } } } } },
      async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<{ given: true }>()
      },
    )
  })

  it('lets a handler typed on its own keep its types, schema or not (as Fastify)', () => {
    const typed: RouteHandler<{ Params: { slug: string } }> = async (request) => request.params.slug
    const params = { id: { type: 'integer' } } as const
    app.get('/by-slug/:slug', { schema: { params } }, typed)
    app.get('/by-slug-options/:slug', { schema: { params }, handler: typed })
    app.route({ method: 'GET', url: '/by-slug-route/:slug', schema: { params }, handler: typed })
    const fits: RouteHandler<{ Params: { id?: number } }> = async (request) => request.params.id
    app.get('/by-id/:id', { schema: { params } }, fits)
  })

  it('keeps the untyped defaults where the schema says nothing', () => {
    app.get('/plain', { schema: {} }, async (request) => {
      expectTypeOf(request.body).toBeUnknown()
      expectTypeOf(request.query).toEqualTypeOf<Record<string, any>>()
    })
  })
  it('refuses a schema that is no object, in every form that reads types from it', () => {
    // @ts-expect-error: a route schema is an object of request parts and responses
    app.get('/five', { schema: 5 }, async () => 'x')
    // @ts-expect-error: the same, with the handler among the options
    app.get('/text', { schema: 'body', handler: async () => 'x' })
    // @ts-expect-error: the same in route()
    app.route({ method: 'GET', url: '/five', schema: 5, handler: async () => 'x' })
  })

  it('reads required names and defaults together (present: required or defaulted)', () => {
    app.post(
      '/mixed',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              page: { type: 'integer', default: 1 },
              q: { type: 'string' },
              sort: { type: 'string' },
            },
            required: ['q'],
          },
        },
      },
      async (request) => {
        expectTypeOf(request.query).toEqualTypeOf<{ page: number; q: string; sort?: string }>()
      },
    )
  })
})

describe('replies checked against the response schema of their status', () => {
  const response = {
    200: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    '4xx': { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    default: { type: 'object', properties: { oops: { type: 'boolean' } }, required: ['oops'] },
  } as const

  it('checks the handler return value against 200', () => {
    app.get('/ok', { schema: { response } }, async () => ({ id: 1 }))
    // @ts-expect-error: misses the required id
    app.get('/missing', { schema: { response } }, async () => ({ name: 'x' }))
    app.get('/later', { schema: { response } }, async (_request, reply) => reply)
    app.get('/nothing', { schema: { response } }, async (_request, reply) => {
      reply.send({ id: 2 })
    })
  })

  it('checks what a handler with parameters returns, and still types its body', () => {
    app.get(
      '/wrong/:id',
      { schema: { params: { id: { type: 'integer' } }, response } },
      // @ts-expect-error: the 200 schema requires id
      async (request) => {
        expectTypeOf(request.params).toEqualTypeOf<{ id?: number }>()
        return { name: String(request.params.id) }
      },
    )
    app.route({
      method: 'GET',
      url: '/wrong-route',
      schema: { response },
      // @ts-expect-error: the 200 schema requires id
      handler: async (request) => ({ name: request.url }),
    })
  })

  it('checks the handler return value against 2xx, then default', () => {
    app.get(
      '/class',
      { schema: { response: { '2xx': { id: { type: 'string' } } } } },
      async () => ({
        id: 'x',
      }),
    )
    app.get(
      '/default',
      { schema: { response: { default: { type: 'string' } } } },
      // @ts-expect-error: default says string
      async () => 42,
    )
  })

  it('checks reply.code(n).send(x) against n, its class, then default', () => {
    app.get('/codes', { schema: { response } }, async (_request, reply) => {
      reply.send({ id: 1 })
      reply.code(404).send({ message: 'no' })
      reply.code(500).send({ oops: true })
      reply.code(201).send({ oops: true })
      reply.code(400).send(new Error('errors are always accepted'))
      // @ts-expect-error: 201 falls to default, which this payload does not match
      reply.code(201).send({ id: 1 })
      // @ts-expect-error: 404 takes the 4xx schema
      reply.status(404).send({ id: 1 })
      return reply
    })
  })

  it('checks a 201 reply against the 201 schema only', () => {
    const created = {
      201: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      200: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    } as const
    app.post('/create', { schema: { response: created } }, async (_request, reply) => {
      reply.code(201).send({ id: 1 })
      // @ts-expect-error: matches only the 200 schema
      reply.code(201).send({ ok: true })
    })
  })

  it('checks a Standard Schema response against its input type', () => {
    app.get('/std', { schema: { response: { 200: coerced } } }, async () => ({ n: 'text' }))
    // @ts-expect-error: the input type has a string
    app.get('/std-bad', { schema: { response: { 200: coerced } } }, async () => ({ n: 1 }))
  })

  it('checks nothing without a response schema', () => {
    app.get('/free', async (_request, reply) => {
      reply.code(201).send({ anything: true })
      return 42
    })
  })

  it('checks a returned value against the union of the declared responses (reply.code(404); return x)', () => {
    const found = {
      200: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      404: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    } as const
    app.get('/item/:id', { schema: { response: found } }, async (request, reply) => {
      if (request.url === '/item/0') {
        reply.code(404)
        return { message: 'not found' }
      }
      return { id: 1 }
    })
    app.get('/only-404', { schema: { response: { 404: found[404] } } }, async (_request, reply) => {
      reply.status(404)
      return { message: 'gone' }
    })
    app.route({
      method: 'GET',
      url: '/item-route',
      schema: { response: found },
      handler: async (_request, reply) => {
        reply.code(404)
        return { message: 'not found' }
      },
    })
    // @ts-expect-error: matches neither the 200 nor the 404 schema
    app.get('/neither', { schema: { response: found } }, async () => ({ other: true }))
    // @ts-expect-error: a message must be a string
    app.get('/bad-404', { schema: { response: found } }, async () => ({ message: 404 }))
    app.get(
      '/typebox/:id',
      {
        schema: {
          params: Type.Object({ id: Type.String() }),
          response: {
            200: Type.Object({ id: Type.String(), title: Type.String() }),
            404: Type.Object({ message: Type.String() }),
          },
        },
      },
      async (request, reply) => {
        if (request.params.id === 'missing') {
          reply.code(404)
          return { message: 'not found' }
        }
        return { id: request.params.id, title: 'found' }
      },
    )
    app.get(
      '/typebox-bad',
      { schema: { response: { 200: Type.Object({ id: Type.String() }) } } },
      // @ts-expect-error: id is a string in the only declared response
      async () => ({ id: 1 }),
    )
  })

  it('checks a returned value against a Reply written as a route generic', () => {
    app.get<{ Reply: { ok: true } | { message: string } }>('/generic', async (_request, reply) => {
      reply.code(404)
      return { message: 'not found' }
    })
    // @ts-expect-error: not one of the Reply types
    app.get<{ Reply: { ok: true } }>('/generic-bad', async () => ({ ok: false }))
  })

  it('keeps replies assignable to the plain reply type', () => {
    const helper = (reply: FrameworkReply) => reply.header('x', '1')
    app.get('/helper', { schema: { response } }, async (_request, reply) => {
      helper(reply)
      helper(reply.code(201))
    })
  })
})

describe('route generics written by hand, in every form of declaring a route', () => {
  interface Generic {
    Body: { name: string }
    Querystring: { page: number }
    Params: { id: string }
    Headers: { 'x-token': string }
  }
  type Parts = {
    body: { name: string }
    query: { page: number }
    params: { id: string }
    token: string
  }
  const read = (request: {
    body: { name: string }
    query: { page: number }
    params: { id: string }
    headers: { 'x-token': string }
  }): Parts => ({
    body: request.body,
    query: request.query,
    params: request.params,
    token: request.headers['x-token'],
  })

  it('types every request part from the generic: shorthand without and with options, options with the handler, route()', () => {
    app.get<Generic>('/a/:id', async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<{ name: string }>()
      expectTypeOf(request.query).toEqualTypeOf<{ page: number }>()
      expectTypeOf(request.params).toEqualTypeOf<{ id: string }>()
      expectTypeOf(request.headers['x-token']).toEqualTypeOf<string>()
      return read(request)
    })
    app.post<Generic>('/b/:id', { config: { public: true } }, (request) => {
      expectTypeOf(request.params.id).toEqualTypeOf<string>()
      return read(request)
    })
    app.put<Generic>('/c/:id', {
      schema: { body: { type: 'object', properties: { other: { type: 'integer' } } } },
      handler: async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<{ name: string }>()
        return read(request)
      },
    })
    app.route<Generic>({
      method: 'PATCH',
      url: '/d/:id',
      handler: (request) => {
        expectTypeOf(request.query).toEqualTypeOf<{ page: number }>()
        return read(request)
      },
    })
  })

  it('keeps the untyped defaults for the parts a generic does not name', () => {
    app.get<{ Params: { id: string } }>('/e/:id', (request) => {
      expectTypeOf(request.body).toBeUnknown()
      expectTypeOf(request.query).toEqualTypeOf<Record<string, any>>()
      expectTypeOf(request.params).toEqualTypeOf<{ id: string }>()
    })
  })

  it('checks reply.code(n).send(x) and the returned value against a Reply generic, sync and async', () => {
    app.get<{ Reply: { ok: boolean } }>('/f', (_request, reply) => {
      reply.code(201).send({ ok: true })
      // @ts-expect-error: not the Reply type
      reply.code(201).send({ ok: 'yes' })
    })
    app.route<{ Reply: { ok: boolean } }>({
      method: 'GET',
      url: '/g',
      handler: async (_request, reply) => reply.code(200).send({ ok: false }),
    })
    // @ts-expect-error: a sync handler returning what the Reply type refuses
    app.get<{ Reply: { ok: boolean } }>('/h', () => ({ ok: 1 }))
  })

  it('checks reply.code(n).send(x) against Responses written as a route generic', () => {
    app.post<{ Responses: { 201: { id: number }; 404: { message: string } } }>(
      '/i',
      async (_request, reply) => {
        reply.code(404).send({ message: 'gone' })
        // @ts-expect-error: the 201 response is { id: number }
        reply.code(201).send({ message: 'gone' })
        return reply.code(201).send({ id: 1 })
      },
    )
  })
})

describe('shared schemas', () => {
  const user = {
    $id: 'route-types.user',
    type: 'object',
    properties: { name: { type: 'string' }, address: { $ref: 'route-types.address#' } },
    required: ['name'],
  } as const
  /** A user as a body: every object keeps its undeclared properties. */
  type UserBody = { name: string; address?: { city: string; zip?: string } & Extra } & Extra

  it('addSchema returns an instance type that knows the schema by its $id', () => {
    const local = app.addSchema(user)
    local.post(
      '/users',
      {
        schema: {
          body: { $ref: 'route-types.user#' },
          params: { $ref: 'route-types.user#/properties/name' },
          response: { 201: { $ref: 'route-types.user' } },
        },
      },
      async (request, reply) => {
        expectTypeOf(request.body).toEqualTypeOf<UserBody>()
        expectTypeOf(request.params).toEqualTypeOf<string>()
        reply.code(201).send({ name: 'x' })
        // @ts-expect-error: name is required
        reply.code(201).send({ address: { city: 'c' } })
      },
    )
  })

  it('knows augmented SharedSchemas everywhere, and unknown ids are unknown', () => {
    app.post(
      '/addresses',
      { schema: { body: { $ref: 'route-types.address#' }, querystring: { $ref: 'nobody#' } } },
      async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<{ city: string; zip?: string } & Extra>()
        expectTypeOf(request.query).toBeUnknown()
      },
    )
  })

  it('survives register: inline plugins and Plugin<Opts> typed elsewhere', () => {
    const local = app.addSchema(user)
    local.register(async (child) => {
      child.get(
        '/me',
        { schema: { response: { 200: { $ref: 'route-types.user#' } } } },
        async () => ({
          name: 'me',
        }),
      )
      child.post('/me', { schema: { body: { $ref: 'route-types.user#' } } }, async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<UserBody>()
      })
    })
    const elsewhere: Plugin<{ prefix: string }> = async (instance) => {
      instance.post(
        '/a',
        { schema: { body: { $ref: 'route-types.address#' } } },
        async (request) => {
          expectTypeOf(request.body.city).toBeString()
        },
      )
    }
    local.register(elsewhere, { prefix: '/x' })
    app.register(elsewhere, { prefix: '/y' })
  })

  it('an instance that knows more stays an Instance, and takes route generics', () => {
    const local = app.addSchema(user)
    const plain: Instance = local
    const setup = (instance: Instance) => instance.get('/setup', async () => 'ok')
    setup(local)
    local.get<{ Querystring: { page: string } }>('/page', async (request) => {
      expectTypeOf(request.query).toEqualTypeOf<{ page: string }>()
    })
    expectTypeOf(plain.addSchema).toBeFunction()
  })

  it('withTypeProvider returns the same instance type', () => {
    const local = app.addSchema(user)
    expectTypeOf(local.withTypeProvider<{ anything: true }>()).toEqualTypeOf(local)
  })
})
