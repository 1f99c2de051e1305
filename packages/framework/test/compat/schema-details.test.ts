import { describe, expect, it } from 'vitest'
import { Ajv, itBoth, makeApp } from '../spec/helpers'

// Fastify 5's schema details: the compilers read back from an instance, the route schemas it
// refuses at ready, and route schemas that embed a shared schema.

describe('[compat] schema details', () => {
  it('validatorCompiler and serializerCompiler stay undefined when the routes bring their own', async () => {
    const app = makeApp()
    app.post(
      '/',
      {
        schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } },
        validatorCompiler: () => () => true,
        serializerCompiler: () => (data: unknown) => JSON.stringify(data),
      },
      async () => ({ ok: 1 }),
    )
    await app.ready()
    expect(app.validatorCompiler).toBe(undefined)
    expect(app.serializerCompiler).toBe(undefined)
  })

  it('a context reads back the default compilers its routes (or its ancestors) use, once loaded', async () => {
    const app = makeApp()
    app.get('/a', { schema: { querystring: { type: 'object' } } }, async () => 'a')
    const seen: Record<string, unknown> = {}
    let child: any
    let own: any
    app.register(async (instance: any) => {
      child = instance
      seen.whileLoading = instance.validatorCompiler
    })
    app.register(async (instance: any) => {
      own = instance
      instance.addSchema({ $id: 'own', type: 'object' })
      instance.post('/b', { schema: { body: { $ref: 'own#' } } }, async () => 'b')
    })
    await app.ready()
    expect(seen.whileLoading).toBe(undefined)
    expect(typeof app.validatorCompiler).toBe('function')
    // No route here: the parent's compiler; no response schema anywhere: no serializer compiler.
    expect(child.validatorCompiler).toBe(app.validatorCompiler)
    expect(app.serializerCompiler).toBe(undefined)
    // Other shared schemas: a compiler of its own.
    expect(typeof own.validatorCompiler).toBe('function')
    expect(own.validatorCompiler).not.toBe(app.validatorCompiler)
  })

  it('refuses a route schema with both query and querystring (FRM_ERR_SCH_DUPLICATE)', async () => {
    const app = makeApp()
    app.get(
      '/',
      { schema: { query: { type: 'object' }, querystring: { type: 'object' } } },
      async () => 'x',
    )
    const error = await app.ready().then(
      () => null,
      (e: any) => e,
    )
    expect([error?.code, error?.message]).toEqual([
      'FRM_ERR_SCH_DUPLICATE',
      "Schema with 'querystring' already present!",
    ])
  })

  it('refuses a content map whose media type has no schema (FRM_ERR_SCH_CONTENT_MISSING_SCHEMA)', async () => {
    for (const [type, schema] of [
      ['application/json', { body: { content: { 'application/json': {} } } }],
      ['text/plain', { response: { 200: { content: { 'text/plain': { description: 'x' } } } } }],
      [
        'type',
        {
          response: {
            200: {
              content: { 'application/json': { schema: { type: 'object' } }, type: 'string' },
            },
          },
        },
      ],
    ] as const) {
      const app = makeApp()
      app.post('/', { schema }, async () => 'x')
      const error = await app.ready().then(
        () => null,
        (e: any) => e,
      )
      expect([error?.code, error?.message]).toEqual([
        'FRM_ERR_SCH_CONTENT_MISSING_SCHEMA',
        `Schema is missing for the content type '${type}'`,
      ])
    }
  })

  itBoth(
    'an empty content map declares no body schema: any body reaches the handler',
    async ({ send }) => {
      const app = makeApp()
      app.post('/', { schema: { body: { content: {} } } }, async (request: any) => request.body)
      const res = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/plain' },
        payload: 'AAAA',
      })
      expect([res.statusCode, res.body]).toEqual([200, 'AAAA'])
    },
  )

  itBoth('a route schema may embed a shared schema, $id included (getSchema)', async ({ send }) => {
    const app = makeApp()
    app.addSchema({ $id: 'first', type: 'object', properties: { first: { type: 'number' } } })
    app.addSchema({
      $id: 'second',
      type: 'object',
      allOf: [
        { type: 'object', properties: { second: { type: 'number' } } },
        app.getSchema('first'),
      ],
    })
    app.get(
      '/',
      {
        schema: {
          querystring: app.getSchema('second'),
          response: { 200: app.getSchema('second') },
        },
      },
      async (request: any) => request.query,
    )
    const ok = await send(app, { url: '/?first=1&second=2&other=3' })
    expect([ok.statusCode, ok.json()]).toEqual([200, { first: 1, second: 2 }])
    const bad = await send(app, { url: '/?first=x' })
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'querystring/first should be number',
    ])
  })
})

describe('[compat] response schema keys', () => {
  it('refuses a response schema not keyed by status (FRM_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX)', async () => {
    const app = makeApp()
    app.get('/', { schema: { response: { type: 'array' } } }, async () => [])
    const error = await app.ready().then(
      () => null,
      (e: any) => e,
    )
    expect([error?.code, error?.message]).toEqual([
      'FRM_ERR_SCH_SERIALIZATION_BUILD',
      'Failed building the serialization schema for GET: /, due to error response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }',
    ])
  })

  itBoth('accepts codes, classes in either case and default', async ({ send }) => {
    const app = makeApp()
    const only = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } } })
    app.get(
      '/:code',
      { schema: { response: { 201: only('a'), '4XX': only('b'), default: only('c') } } },
      async (request: any, reply: any) => {
        reply.code(Number(request.params.code))
        return { a: 'a', b: 'b', c: 'c' }
      },
    )
    expect((await send(app, { url: '/201' })).body).toBe('{"a":"a"}')
    expect((await send(app, { url: '/404' })).body).toBe('{"b":"b"}')
    expect((await send(app, { url: '/500' })).body).toBe('{"c":"c"}')
  })
})

describe('[compat] custom validators', () => {
  itBoth(
    'a custom compiler keeps its wording; the default validator says "should"',
    async ({ send }) => {
      const app = makeApp()
      const body = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } }
      const custom = (data: any) => {
        const validate: any = (value: any) => {
          validate.errors = [{ keyword: 'type', instancePath: '/n', message: 'must be integer' }]
          return typeof value?.n === 'number'
        }
        return validate(data) ? true : { error: validate.errors }
      }
      app.post('/custom', { schema: { body }, validatorCompiler: () => custom }, async () => 'ok')
      app.post('/default', { schema: { body } }, async () => 'ok')
      const own = await send(app, { method: 'POST', url: '/custom', payload: { n: 'x' } })
      expect([own.statusCode, own.json().message]).toEqual([400, 'body/n must be integer'])
      const byDefault = await send(app, { method: 'POST', url: '/default', payload: { n: 'x' } })
      expect([byDefault.statusCode, byDefault.json().message]).toEqual([
        400,
        'body/n should be integer',
      ])
    },
  )

  itBoth(
    'a validation promise that rejects fails validation with its error (400)',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(() => async (data: any) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        if (data['x-key'] !== 'good') throw new Error('Invalid key (x-key)')
        return { value: { ...data, checked: 'yes' } }
      })
      app.get('/', { schema: { headers: { type: 'object' } } }, async (request: any) => ({
        checked: request.headers.checked,
      }))
      const ok = await send(app, { url: '/', headers: { 'x-key': 'good' } })
      expect([ok.statusCode, ok.json()]).toEqual([200, { checked: 'yes' }])
      const bad = await send(app, { url: '/', headers: { 'x-key': 'bad' } })
      expect([bad.statusCode, bad.json()]).toEqual([
        400,
        { statusCode: 400, error: 'Bad Request', message: 'Invalid key (x-key)' },
      ])
    },
  )

  it('the compiler is called for the automatic HEAD route too', async () => {
    const app = makeApp()
    const calls: string[] = []
    app.setValidatorCompiler(({ method, httpPart }: any) => {
      calls.push(`${method} ${httpPart}`)
      return () => true
    })
    app.get('/', { schema: { querystring: { type: 'object' } } }, async () => 'ok')
    await app.ready()
    expect(calls).toEqual(['GET querystring', 'HEAD querystring'])
  })
})

describe('[compat] validator plugins', () => {
  itBoth('ajv-formats given in validator.plugins replaces the default one', async ({ send }) => {
    const { default: addFormats } = await import('ajv-formats')
    const app = makeApp({ ajv: { plugins: [addFormats] } })
    app.post(
      '/',
      {
        schema: {
          body: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
        },
      },
      async (request: any) => request.body.id,
    )
    const id = '254381a5-888c-4b41-8116-e3b1a54980bd'
    const ok = await send(app, { method: 'POST', url: '/', payload: { id } })
    expect([ok.statusCode, ok.body]).toEqual([200, id])
    const bad = await send(app, { method: 'POST', url: '/', payload: { id: 'x' } })
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'body/id should match format "uuid"',
    ])
  })
})

describe('[compat] response schemas by content type', () => {
  itBoth("a media type without its own schema falls back to '*/*'", async ({ send }) => {
    const app = makeApp()
    const only = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } } })
    app.get(
      '/:type',
      {
        schema: {
          response: {
            200: {
              content: {
                'application/json': { schema: only('json') },
                '*/*': { schema: only('any') },
              },
            },
          },
        },
      },
      async (request: any, reply: any) => {
        reply.type(request.params.type === 'json' ? 'application/json' : 'application/vnd.x+json')
        return { json: 'j', any: 'a' }
      },
    )
    expect((await send(app, { url: '/json' })).body).toBe('{"json":"j"}')
    expect((await send(app, { url: '/other' })).body).toBe('{"any":"a"}')
  })
})

describe('[compat] root primitive coercion', () => {
  itBoth('a body schema whose root is a primitive coerces the body itself', async ({ send }) => {
    const app = makeApp()
    app.post('/', { schema: { body: { type: 'integer' } } }, async (request: any) => ({
      body: request.body,
      type: typeof request.body,
    }))
    const res = await send(app, {
      method: 'POST',
      url: '/',
      payload: '"42"',
      headers: { 'content-type': 'application/json' },
    })
    expect([res.statusCode, res.json()]).toEqual([200, { body: 42, type: 'number' }])
    const bad = await send(app, {
      method: 'POST',
      url: '/',
      payload: '"x"',
      headers: { 'content-type': 'application/json' },
    })
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'body should be integer'])
  })
})

describe('[compat] a body schema whose root is an object', () => {
  itBoth(
    'is validated in place: defaults filled and extra properties removed on the body itself',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/',
        {
          schema: {
            body: {
              type: 'object',
              additionalProperties: false,
              required: ['n'],
              properties: { n: { type: 'integer' }, on: { type: 'boolean', default: true } },
            },
          },
        },
        async (request: any) => request.body,
      )
      const res = await send(app, { method: 'POST', url: '/', payload: { n: '7', extra: 1 } })
      expect([res.statusCode, res.json()]).toEqual([200, { n: 7, on: true }])
      const bad = await send(app, { method: 'POST', url: '/', payload: { n: 'x' } })
      expect([bad.statusCode, bad.json().message]).toEqual([400, 'body/n should be integer'])
    },
  )

  itBoth(
    'that is nullable still has an empty string coerced to null on the request',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/',
        {
          schema: {
            body: { type: 'object', nullable: true, properties: { n: { type: 'integer' } } },
          },
        },
        async (request: any) => ({ body: request.body }),
      )
      const res = await send(app, {
        method: 'POST',
        url: '/',
        payload: '""',
        headers: { 'content-type': 'application/json' },
      })
      expect([res.statusCode, res.json()]).toEqual([200, { body: null }])
    },
  )
})

describe('[compat] $async through a custom compiler', () => {
  itBoth(
    'an Ajv $async schema compiled by the application answers 200 or 400',
    async ({ send }) => {
      const ajv = new Ajv({ coerceTypes: true })
      ajv.addKeyword({
        keyword: 'idExists',
        async: true,
        type: 'number',
        validate: async (_schema: unknown, id: unknown) => id === 42,
      })
      const app = makeApp()
      app.setValidatorCompiler(({ schema }: any) => ajv.compile(schema))
      const body = {
        $async: true,
        type: 'object',
        properties: { id: { type: 'integer', idExists: true } },
      }
      app.post('/', { schema: { body } }, async (request: any) => request.body)
      const ok = await send(app, { method: 'POST', url: '/', payload: { id: '42' } })
      expect([ok.statusCode, ok.json()]).toEqual([200, { id: 42 }])
      const bad = await send(app, { method: 'POST', url: '/', payload: { id: 1 } })
      expect([bad.statusCode, bad.json()]).toEqual([
        400,
        { statusCode: 400, error: 'Bad Request', message: 'validation failed' },
      ])
    },
  )
})
