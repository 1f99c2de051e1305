import S from 'fluent-json-schema'
import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { expectValidOpenApi } from '../test/check-document.js'
import { openapi } from './openapi.js'

type App = ReturnType<typeof framework>

/** An app with the plugin (routes declared by `declare`), ready, and its checked document. */
async function documentOf(declare: (app: App) => void): Promise<Record<string, any>> {
  const app = framework()
  app.register(openapi, { openapi: { info: { title: 'Test', version: '1.0.0' } } })
  declare(app)
  await app.ready()
  const document = app.openapi() as unknown as Record<string, any>
  await expectValidOpenApi(document)
  return document
}

const user = {
  $id: 'user',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string', minLength: 1 } },
  required: ['name'],
} as const

const badRequest = { $ref: '#/components/responses/FrameworkBadRequest' }
const tooLarge = { $ref: '#/components/responses/FrameworkPayloadTooLarge' }
const unsupported = { $ref: '#/components/responses/FrameworkUnsupportedMediaType' }
const json = (schema: unknown) => ({ 'application/json': { schema } })

describe('buildDocument through the plugin', () => {
  it('documents a small app exactly: components by $id, refs kept, parameters, body, responses', async () => {
    const document = await documentOf((app) => {
      app.addSchema(user)
      app.get(
        '/users/:id',
        {
          schema: {
            summary: 'One user',
            tags: ['users'],
            params: { id: { type: 'integer', description: 'The user id' } },
            response: { 200: { $ref: 'user#' } },
          },
        },
        async () => ({ name: 'a' }),
      )
      app.post(
        '/users',
        { schema: { body: { $ref: 'user#' }, response: { 201: { $ref: 'user#' } } } },
        async () => ({ name: 'a' }),
      )
      app.get('/health', async () => 'ok')
    })
    expect(document).toEqual({
      openapi: '3.1.0',
      info: { title: 'Test', version: '1.0.0' },
      paths: {
        '/users/{id}': {
          get: {
            operationId: 'getUsersById',
            summary: 'One user',
            tags: ['users'],
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                description: 'The user id',
                schema: { type: 'integer', description: 'The user id' },
              },
            ],
            responses: {
              200: { description: 'OK', content: json({ $ref: '#/components/schemas/user' }) },
              400: badRequest,
            },
          },
        },
        '/users': {
          post: {
            operationId: 'postUsers',
            requestBody: { required: true, content: json({ $ref: '#/components/schemas/user' }) },
            responses: {
              201: { description: 'Created', content: json({ $ref: '#/components/schemas/user' }) },
              400: badRequest,
              413: tooLarge,
              415: unsupported,
            },
          },
        },
        '/health': { get: { operationId: 'getHealth', responses: { 200: { description: 'OK' } } } },
      },
      components: {
        schemas: {
          user: {
            type: 'object',
            properties: { id: { type: 'integer' }, name: { type: 'string', minLength: 1 } },
            required: ['name'],
          },
        },
        responses: {
          FrameworkBadRequest: {
            description: 'The request failed validation (params, body, querystring or headers)',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['statusCode', 'error', 'message'],
                  properties: {
                    statusCode: { type: 'integer', const: 400 },
                    error: { type: 'string', const: 'Bad Request' },
                    message: { type: 'string' },
                  },
                },
                example: {
                  statusCode: 400,
                  error: 'Bad Request',
                  message: "body should have required property 'name'",
                },
              },
            },
          },
          FrameworkPayloadTooLarge: {
            description: 'The request body is larger than the body limit',
            content: json({
              type: 'object',
              required: ['statusCode', 'error', 'message'],
              properties: {
                statusCode: { type: 'integer', const: 413 },
                error: { type: 'string', const: 'Payload Too Large' },
                message: { type: 'string' },
                code: { type: 'string' },
              },
            }),
          },
          FrameworkUnsupportedMediaType: {
            description:
              'The request body is not JSON (or has a Content-Encoding other than identity)',
            content: json({
              type: 'object',
              required: ['statusCode', 'error', 'message'],
              properties: {
                statusCode: { type: 'integer', const: 415 },
                error: { type: 'string', const: 'Unsupported Media Type' },
                message: { type: 'string' },
                code: { type: 'string' },
              },
            }),
          },
        },
      },
    })
  })

  it('the 400 body is one shared component, whatever the number of validating routes', async () => {
    const document = await documentOf((app) => {
      for (const path of ['/a', '/b', '/c']) {
        app.get(path, { schema: { querystring: { q: { type: 'string' } } } }, async () => 'x')
      }
    })
    for (const path of ['/a', '/b', '/c']) {
      expect(document.paths[path].get.responses['400']).toEqual(badRequest)
    }
    expect(Object.keys(document.components.responses)).toEqual(['FrameworkBadRequest'])
    expect(document.components.schemas).toBeUndefined()
  })

  it('a route that declares its own 400 (or 4xx, or default) keeps it, and no framework response is added for it', async () => {
    const document = await documentOf((app) => {
      const error = { type: 'object', properties: { message: { type: 'string' } } }
      app.post(
        '/own',
        { schema: { body: { type: 'object' }, response: { 400: error } } },
        async () => 'x',
      )
      app.post(
        '/class',
        { schema: { body: { type: 'object' }, response: { '4xx': error } } },
        async () => 'x',
      )
    })
    expect(Object.keys(document.paths['/own'].post.responses)).toEqual(['200', '400', '413', '415'])
    expect(document.paths['/own'].post.responses['400']).toEqual({
      description: 'Bad Request',
      content: json(error()),
    })
    expect(Object.keys(document.paths['/class'].post.responses)).toEqual(['200', '4XX'])
    function error() {
      return { type: 'object', properties: { message: { type: 'string' } } }
    }
  })

  it('keeps JSON pointer references into shared schemas as references to the component', async () => {
    const document = await documentOf((app) => {
      app.addSchema(user)
      app.get(
        '/name',
        { schema: { response: { 200: { $ref: 'user#/properties/name' } } } },
        async () => 'a',
      )
      app.get(
        '/list',
        { schema: { response: { 200: { type: 'array', items: { $ref: 'user' } } } } },
        async () => [],
      )
    })
    expect(document.paths['/name'].get.responses['200'].content).toEqual(
      json({ $ref: '#/components/schemas/user/properties/name' }),
    )
    expect(document.paths['/list'].get.responses['200'].content).toEqual(
      json({ type: 'array', items: { $ref: '#/components/schemas/user' } }),
    )
    expect(Object.keys(document.components.schemas)).toEqual(['user'])
  })

  it('includes only referenced shared schemas, transitively, and never names one def-N', async () => {
    const document = await documentOf((app) => {
      app.addSchema({ $id: 'address', type: 'object', properties: { city: { type: 'string' } } })
      app.addSchema({
        $id: 'customer',
        type: 'object',
        properties: { address: { $ref: 'address#' }, self: { $ref: '#/properties/address' } },
      })
      app.addSchema({ $id: 'unused', type: 'string' })
      app.get('/c', { schema: { response: { 200: { $ref: 'customer#' } } } }, async () => ({}))
    })
    expect(document.components.schemas).toEqual({
      address: { type: 'object', properties: { city: { type: 'string' } } },
      customer: {
        type: 'object',
        properties: {
          address: { $ref: '#/components/schemas/address' },
          self: { $ref: '#/components/schemas/customer/properties/address' },
        },
      },
    })
    expect(JSON.stringify(document)).not.toMatch(/def-\d/)
  })

  it('makes $ids safe component names, with a suffix only on a collision', async () => {
    const document = await documentOf((app) => {
      app.addSchema({ $id: 'https://example.com/schemas/item.json', type: 'string' })
      app.addSchema({ $id: 'a@b', type: 'integer' })
      app.addSchema({ $id: 'a_b', type: 'boolean' })
      app.get(
        '/x',
        {
          schema: {
            response: {
              200: {
                type: 'object',
                properties: {
                  item: { $ref: 'https://example.com/schemas/item.json#' },
                  one: { $ref: 'a@b#' },
                  two: { $ref: 'a_b#' },
                },
              },
            },
          },
        },
        async () => ({}),
      )
    })
    expect(document.components.schemas).toEqual({
      'https_example.com_schemas_item.json': { type: 'string' },
      a_b: { type: 'integer' },
      a_b_2: { type: 'boolean' },
    })
    expect(document.paths['/x'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        item: { $ref: '#/components/schemas/https_example.com_schemas_item.json' },
        one: { $ref: '#/components/schemas/a_b' },
        two: { $ref: '#/components/schemas/a_b_2' },
      },
    })
  })

  it('sibling contexts with different schemas under one $id get two components; equal ones share one', async () => {
    /** A plugin with its own `thing` (the given type) and an equal `same`, and a route using both. */
    const sibling = (url: string, thingType: string) => async (child: App) => {
      child.addSchema({ $id: 'thing', type: thingType })
      child.addSchema({ $id: 'same', type: 'null' })
      child.get(
        url,
        {
          schema: {
            response: {
              200: {
                type: 'array',
                items: [{ $ref: 'thing#' }, { $ref: 'same#' }],
                minItems: 2,
                maxItems: 2,
              },
            },
          },
        },
        async () => [],
      )
    }
    const document = await documentOf((app) => {
      app.register(sibling('/a', 'string'))
      app.register(sibling('/b', 'integer'))
    })
    expect(document.components.schemas).toEqual({
      same: { type: 'null' },
      thing: { type: 'string' },
      thing_2: { type: 'integer' },
    })
    const schemaOf = (path: string) =>
      document.paths[path].get.responses['200'].content['application/json'].schema
    expect(schemaOf('/a')).toEqual({
      type: 'array',
      prefixItems: [{ $ref: '#/components/schemas/thing' }, { $ref: '#/components/schemas/same' }],
      minItems: 2,
      maxItems: 2,
    })
    expect(schemaOf('/b').prefixItems[0]).toEqual({ $ref: '#/components/schemas/thing_2' })
  })

  it('documents parameters from $ref querystring, params and headers, required as declared', async () => {
    const document = await documentOf((app) => {
      app.addSchema({
        $id: 'paging',
        type: 'object',
        properties: { limit: { type: 'integer', maximum: 50 }, 'page size': { type: 'integer' } },
        required: ['limit'],
      })
      app.addSchema({ $id: 'idParams', type: 'object', properties: { id: { type: 'string' } } })
      app.get(
        '/things/:id',
        {
          schema: {
            params: { $ref: 'idParams#' },
            querystring: { $ref: 'paging#' },
            headers: {
              type: 'object',
              properties: { 'x-token': { type: 'string' } },
              required: ['x-token'],
            },
          },
        },
        async () => 'x',
      )
    })
    expect(document.paths['/things/{id}'].get.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { $ref: '#/components/schemas/idParams/properties/id' },
      },
      {
        name: 'limit',
        in: 'query',
        required: true,
        schema: { $ref: '#/components/schemas/paging/properties/limit' },
      },
      {
        name: 'page size',
        in: 'query',
        required: false,
        schema: { $ref: '#/components/schemas/paging/properties/page%20size' },
      },
      { name: 'x-token', in: 'header', required: true, schema: { type: 'string' } },
    ])
    expect(Object.keys(document.components.schemas)).toEqual(['idParams', 'paging'])
  })

  it('documents undeclared path parameters as strings and converts find-my-way syntax', async () => {
    const document = await documentOf((app) => {
      app.get('/files/:dir(^[a-z]+)/:from-:to', async () => 'x')
      app.get('/static/*', async () => 'x')
    })
    expect(
      document.paths['/files/{dir}/{from}-{to}'].get.parameters.map((p: any) => p.name),
    ).toEqual(['dir', 'from', 'to'])
    expect(document.paths['/static/{*}'].get).toEqual({
      operationId: 'getStaticWildcard',
      parameters: [{ name: '*', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'OK' } },
    })
  })

  it('normalises the shorthand (contract syntax) of request parts and responses to full schemas', async () => {
    const document = await documentOf((app) => {
      app.post(
        '/short',
        {
          schema: {
            body: { name: { type: 'string' }, required: ['name'] },
            response: { 200: { ok: { type: 'boolean' } } },
          },
        },
        async () => ({ ok: true }),
      )
    })
    const operation = document.paths['/short'].post
    expect(operation.requestBody.content).toEqual(
      json({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }),
    )
    expect(operation.responses['200'].content).toEqual(
      json({ type: 'object', properties: { ok: { type: 'boolean' } } }),
    )
  })

  it('turns 2xx into 2XX and describes every response (its own description, else the status text)', async () => {
    const document = await documentOf((app) => {
      app.get(
        '/r',
        {
          schema: {
            response: {
              '2xx': { type: 'string' },
              404: { description: 'No such thing', type: 'object' },
              '5xx': { type: 'string' },
              default: { type: 'string' },
            },
          },
        },
        async () => 'x',
      )
    })
    const responses = document.paths['/r'].get.responses
    expect(Object.keys(responses)).toEqual(['404', '2XX', '5XX', 'default'])
    expect(
      Object.fromEntries(Object.entries(responses).map(([k, v]: any) => [k, v.description])),
    ).toEqual({
      '2XX': 'Successful response',
      404: 'No such thing',
      '5XX': 'Server error',
      default: 'Default response',
    })
  })

  it('honours summary, description, tags, deprecated and hide', async () => {
    const document = await documentOf((app) => {
      app.get(
        '/old',
        { schema: { summary: 'S', description: 'D', tags: ['a', 'b'], deprecated: true } },
        async () => 'x',
      )
      app.get('/secret', { schema: { hide: true } }, async () => 'x')
    })
    expect(document.paths['/old'].get).toEqual({
      operationId: 'getOld',
      summary: 'S',
      description: 'D',
      tags: ['a', 'b'],
      deprecated: true,
      responses: { 200: { description: 'OK' } },
    })
    expect(document.paths['/secret']).toBeUndefined()
  })

  it('gives stable unique operationIds: the route option first, derived ones suffixed on a clash', async () => {
    const document = await documentOf((app) => {
      app.get('/a-b', async () => 'x')
      app.get('/a/b', async () => 'x')
      app.get('/x', { schema: { operationId: 'getAB' } }, async () => 'x')
      app.get('/y', { schema: { operationId: 'custom' } }, async () => 'x')
      app.get('/z', { schema: { operationId: 'custom' } }, async () => 'x')
      app.route({ method: ['GET', 'POST'], url: '/', handler: async () => 'x' })
    })
    const ids = Object.entries(document.paths).flatMap(([path, item]: any) =>
      Object.entries(item).map(([method, op]: any) => `${method} ${path} ${op.operationId}`),
    )
    expect(ids).toEqual([
      'get /a-b getAB_2',
      'get /a/b getAB_3',
      'get /x getAB',
      'get /y custom',
      'get /z custom_2',
      'get / getRoot',
      'post / postRoot',
    ])
  })

  it('rewrites Draft 7 forms into 2020-12 (tuple items, dependencies, nullable) and drops $schema', async () => {
    const document = await documentOf((app) => {
      app.post(
        '/d7',
        {
          schema: {
            body: {
              $schema: 'http://json-schema.org/draft-07/schema#',
              type: 'object',
              properties: {
                pair: {
                  type: 'array',
                  items: [{ type: 'string' }, { type: 'integer' }],
                  minItems: 2,
                  additionalItems: false,
                },
                maybe: { type: 'string', nullable: true },
              },
              dependencies: {
                a: ['b'],
                c: { properties: { d: { type: 'string' } }, required: ['d'] },
              },
            },
          },
        },
        async () => 'x',
      )
    })
    expect(document.paths['/d7'].post.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string' }, { type: 'integer' }],
          minItems: 2,
          items: false,
        },
        maybe: { type: ['string', 'null'] },
      },
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { properties: { d: { type: 'string' } }, required: ['d'] } },
    })
  })

  it('an inline schema with other local references becomes a component, so #/ keeps its meaning', async () => {
    const document = await documentOf((app) => {
      app.post(
        '/alias',
        {
          schema: {
            body: {
              type: 'object',
              properties: { name: { type: 'string' }, alias: { $ref: '#/properties/name' } },
            },
          },
        },
        async () => 'x',
      )
    })
    expect(document.paths['/alias'].post.requestBody.content).toEqual(
      json({ $ref: '#/components/schemas/postAlias_body' }),
    )
    expect(document.components.schemas.postAlias_body).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        alias: { $ref: '#/components/schemas/postAlias_body/properties/name' },
      },
    })
  })

  it('lifts the definitions an inline schema references into components (recursive ones too)', async () => {
    const document = await documentOf((app) => {
      app.post(
        '/tree',
        {
          schema: {
            body: {
              definitions: {
                node: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    children: { type: 'array', items: { $ref: '#/definitions/node' } },
                  },
                },
              },
              $ref: '#/definitions/node',
            },
          },
        },
        async () => 'x',
      )
    })
    expect(document.paths['/tree'].post.requestBody.content).toEqual(
      json({ $ref: '#/components/schemas/node' }),
    )
    expect(document.components.schemas.node).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/node' } },
      },
    })
  })

  it('an embedded shared schema (an $id inside another) becomes a component of its own', async () => {
    const document = await documentOf((app) => {
      app.addSchema({
        $id: 'order',
        type: 'object',
        properties: {
          customer: { $id: 'customer', type: 'object', properties: { n: { type: 'string' } } },
        },
      })
      app.get('/o', { schema: { response: { 200: { $ref: 'order#' } } } }, async () => ({}))
      app.get('/c', { schema: { response: { 200: { $ref: 'customer#' } } } }, async () => ({}))
    })
    expect(document.components.schemas).toEqual({
      customer: { type: 'object', properties: { n: { type: 'string' } } },
      order: {
        type: 'object',
        properties: { customer: { $ref: '#/components/schemas/customer' } },
      },
    })
  })

  it('the same routes give a byte-identical document on every run', async () => {
    const declare = (app: App) => {
      app.addSchema(user)
      app.addSchema({ $id: 'b', type: 'string' })
      app.addSchema({ $id: 'a', type: 'string' })
      app.register(
        async (child) => {
          child.get('/b', { schema: { response: { 200: { $ref: 'b#' } } } }, async () => 'x')
          child.post('/u', { schema: { body: { $ref: 'user#' } } }, async () => 'x')
        },
        { prefix: '/v1' },
      )
      app.get('/a', { schema: { response: { 200: { $ref: 'a#' } } } }, async () => 'x')
    }
    const first = JSON.stringify(await documentOf(declare))
    const second = JSON.stringify(await documentOf(declare))
    expect(second).toBe(first)
    expect(Object.keys(JSON.parse(first).components.schemas)).toEqual(['a', 'b', 'user'])
  })

  it('turns anchor references (user#name, Draft 7 $id: "#name") into JSON pointers', async () => {
    const document = await documentOf((app) => {
      app.addSchema({
        $id: 'person',
        type: 'object',
        properties: { name: { $id: '#name', type: 'string', minLength: 1 } },
      })
      app.get('/n', { schema: { response: { 200: { $ref: 'person#name' } } } }, async () => 'a')
    })
    expect(document.paths['/n'].get.responses['200'].content).toEqual(
      json({ $ref: '#/components/schemas/person/properties/name' }),
    )
    expect(document.components.schemas.person).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
    })
  })

  it('documents 200 routes quickly, and the document is valid', async () => {
    const app = framework()
    app.register(openapi)
    app.addSchema(user)
    for (let i = 0; i < 200; i++) {
      app.post(
        `/r${i}/items/:id`,
        {
          schema: {
            params: { id: { type: 'integer' } },
            querystring: { verbose: { type: 'boolean' } },
            body: {
              type: 'object',
              properties: { owner: { $ref: 'user#' }, [`n${i}`]: { type: 'string' } },
            },
            response: { 201: { $ref: 'user#' } },
          },
        },
        async () => ({ name: 'x' }),
      )
    }
    await app.ready()
    const started = performance.now()
    const document = app.openapi() as unknown as Record<string, any>
    // A few ms on a quiet machine (see bench/src/openapi.mjs); the bound only catches a blow-up.
    expect(performance.now() - started).toBeLessThan(1000)
    expect(Object.keys(document.paths)).toHaveLength(200)
    expect(Object.keys(document.components.schemas)).toEqual(['user'])
    await expectValidOpenApi(document)
  })

  it('documents fluent-json-schema builders through their JSON', async () => {
    const document = await documentOf((app) => {
      app.post(
        '/fluent',
        {
          schema: {
            body: S.object().prop('name', S.string().minLength(1)).required(['name']),
            querystring: S.object().prop('page', S.integer()),
          },
        },
        async () => 'x',
      )
    })
    const operation = document.paths['/fluent'].post
    expect(operation.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    })
    expect(operation.parameters).toEqual([
      { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
    ])
  })
})
