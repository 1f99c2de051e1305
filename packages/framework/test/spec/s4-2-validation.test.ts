import mergePatch from 'ajv-merge-patch'
import Joi from 'joi'
import { describe, expect, it } from 'vitest'
import * as yup from 'yup'
import { Ajv, badRequest, itBoth, makeApp } from './helpers'

// Specification 4.2: request validation rules, with the decisions of API.md "Validation".
describe('[4.2.1] parts validated as declared', () => {
  const schema = {
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    querystring: { type: 'object', required: ['q'], properties: { q: { type: 'integer' } } },
    headers: { type: 'object', required: ['x-key'], properties: { 'x-key': { type: 'string' } } },
  }

  itBoth('[4.2.1] body, querystring, params and headers are validated', async ({ send }) => {
    const app = makeApp()
    app.post('/all/:id', { schema }, async (request: any) => ({
      id: request.params.id,
      q: request.query.q,
      name: request.body.name,
      key: request.headers['x-key'],
    }))
    const ok = await send(app, {
      method: 'POST',
      url: '/all/3?q=4',
      headers: { 'x-key': 'k' },
      payload: { name: 'n' },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 3, q: 4, name: 'n', key: 'k' })
  })

  itBoth(
    '[4.2.1] the parts are validated in order params, body, querystring, headers',
    async ({ send }) => {
      const app = makeApp()
      app.post('/all/:id', { schema }, async () => 'never')
      const steps: Array<{
        url: string
        headers?: Record<string, string>
        payload: object
        message: string
      }> = [
        { url: '/all/x?q=x', payload: {}, message: 'params/id should be integer' },
        { url: '/all/1?q=x', payload: {}, message: "body should have required property 'name'" },
        { url: '/all/1?q=x', payload: { name: 'n' }, message: 'querystring/q should be integer' },
        {
          url: '/all/1?q=1',
          payload: { name: 'n' },
          message: "headers should have required property 'x-key'",
        },
      ]
      for (const step of steps) {
        const res = await send(app, { method: 'POST', url: step.url, payload: step.payload })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual(badRequest(step.message))
      }
    },
  )
})

describe('[4.2.2] body validation for POST, PUT and PATCH only, JSON only', () => {
  itBoth('[4.2.2] body is validated for POST, PUT and PATCH only', async ({ send }) => {
    const app = makeApp()
    const schema = { body: { type: 'object', required: ['a'] } }
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/b',
      schema,
      handler: async () => 'ran',
    })
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const res = await send(app, { method, url: '/b', payload: { b: 1 } })
      expect(res.json(), method).toEqual(badRequest("body should have required property 'a'"))
    }
    const del = await send(app, { method: 'DELETE', url: '/b', payload: { b: 1 } })
    expect(del.statusCode).toBe(200)
    expect(del.body).toBe('ran')
    // A GET route with a body schema is refused at declaration (API.md "Routes").
    expect(() => makeApp().get('/b', { schema }, async () => 'ran')).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED' }),
    )
  })

  itBoth(
    '[4.2.2] a route with a body schema answers 415 to a body of another content type',
    async ({ send }) => {
      const app = makeApp()
      let ran = false
      app.post('/typed', { schema: { body: { type: 'object' } } }, async () => {
        ran = true
        return 'ran'
      })
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
        const res = await send(app, {
          method: 'POST',
          url: '/typed',
          headers: { 'content-type': type },
          payload: 'a=1',
        })
        expect(res.statusCode, type).toBe(415)
        expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' })
      }
      expect(ran).toBe(false)
    },
  )

  itBoth('[4.2.2] application/json with parameters and *+json are JSON', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/json',
      { schema: { body: { type: 'object', properties: { n: { type: 'integer' } } } } },
      async (request: any) => request.body,
    )
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/problem+json',
    ]) {
      const res = await send(app, {
        method: 'POST',
        url: '/json',
        headers: { 'content-type': type },
        payload: '{"n":"2"}',
      })
      expect(res.statusCode, type).toBe(200)
      expect(res.json()).toEqual({ n: 2 })
    }
  })

  itBoth('[4.2.2] a missing body is validated as null', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/required',
      { schema: { body: { type: 'object', required: ['a'] } } },
      async () => 'ran',
    )
    app.post(
      '/nullable',
      { schema: { body: { type: ['object', 'null'] } } },
      async (request: any) => ({ body: request.body ?? null }),
    )
    const required = await send(app, { method: 'POST', url: '/required' })
    expect(required.statusCode).toBe(400)
    expect(required.json()).toEqual(badRequest('body should be object'))
    const nullable = await send(app, { method: 'POST', url: '/nullable' })
    expect(nullable.statusCode).toBe(200)
    expect(nullable.json()).toEqual({ body: null })
  })
})

describe('[4.2.3] supported keywords', () => {
  const cases: Array<{
    keyword: string
    schema: object
    good: unknown
    bad: unknown
    message: string
  }> = [
    {
      keyword: 'type (array of types)',
      schema: { type: ['number', 'null'] },
      good: null,
      bad: 'x',
      message: 'body/v should be number,null',
    },
    {
      keyword: 'nullable',
      schema: { type: 'number', nullable: true },
      good: null,
      bad: 'x',
      message: 'body/v should be number',
    },
    {
      keyword: 'items',
      schema: { type: 'array', items: { type: 'integer' } },
      good: [1],
      bad: ['a'],
      message: 'body/v/0 should be integer',
    },
    {
      keyword: 'maxItems',
      schema: { type: 'array', maxItems: 2 },
      good: [1, 2],
      bad: [1, 2, 3],
      message: 'body/v should NOT have more than 2 items',
    },
    {
      keyword: 'maxLength',
      schema: { type: 'string', maxLength: 3 },
      good: 'abc',
      bad: 'abcd',
      message: 'body/v should NOT have more than 3 characters',
    },
    {
      keyword: 'minimum',
      schema: { type: 'integer', minimum: 1 },
      good: 1,
      bad: 0,
      message: 'body/v should be >= 1',
    },
    {
      keyword: 'enum',
      schema: { enum: ['a', 'b'] },
      good: 'a',
      bad: 'c',
      message: 'body/v should be equal to one of the allowed values',
    },
    {
      keyword: 'oneOf',
      schema: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
      good: -1,
      bad: 5,
      message: 'body/v should match exactly one schema in oneOf',
    },
    {
      keyword: 'not',
      schema: { type: 'string', not: { enum: ['forbidden'] } },
      good: 'allowed',
      bad: 'forbidden',
      message: 'body/v should NOT be valid',
    },
    {
      keyword: '$ref',
      schema: { $ref: '#/definitions/small' },
      good: 1,
      bad: 10,
      message: 'body/v should be <= 5',
    },
  ]
  for (const { keyword, schema, good, bad, message } of cases) {
    itBoth(`[4.2.3] keyword ${keyword}`, async ({ send }) => {
      const app = makeApp()
      app.post(
        '/kw',
        {
          schema: {
            body: {
              type: 'object',
              required: ['v'],
              properties: { v: schema },
              definitions: { small: { type: 'integer', maximum: 5 } },
            },
          },
        },
        async (request: any) => ({ v: request.body.v }),
      )
      const ok = await send(app, { method: 'POST', url: '/kw', payload: { v: good } })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ v: good })
      const res = await send(app, { method: 'POST', url: '/kw', payload: { v: bad } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(badRequest(message))
    })
  }

  itBoth('[4.2.3] keywords required, properties and default', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/rpd',
      {
        schema: {
          body: {
            type: 'object',
            required: ['a'],
            properties: { a: { type: 'string' }, b: { type: 'string', default: 'dflt' } },
          },
        },
      },
      async (request: any) => request.body,
    )
    expect((await send(app, { method: 'POST', url: '/rpd', payload: { a: 'x' } })).json()).toEqual({
      a: 'x',
      b: 'dflt',
    })
    expect((await send(app, { method: 'POST', url: '/rpd', payload: { b: 'y' } })).json()).toEqual(
      badRequest("body should have required property 'a'"),
    )
    expect((await send(app, { method: 'POST', url: '/rpd', payload: { a: {} } })).json()).toEqual(
      badRequest('body/a should be string'),
    )
  })
})

describe('[4.2.4] header schemas', () => {
  itBoth('[4.2.4] headers are named in lower case and may be required', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/hdr',
      {
        schema: {
          headers: {
            type: 'object',
            required: ['x-api-key'],
            properties: { 'x-api-key': { type: 'string', minLength: 3 } },
          },
        },
      },
      async (request: any) => ({ key: request.headers['x-api-key'] }),
    )
    expect((await send(app, { url: '/hdr', headers: { 'X-API-KEY': 'abcd' } })).json()).toEqual({
      key: 'abcd',
    })
    expect((await send(app, { url: '/hdr' })).json()).toEqual(
      badRequest("headers should have required property 'x-api-key'"),
    )
    expect((await send(app, { url: '/hdr', headers: { 'x-api-key': 'a' } })).json()).toEqual(
      badRequest('headers/x-api-key should NOT have fewer than 3 characters'),
    )
  })

  itBoth('[4.2.4] header names in schemas are matched case-insensitively', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/mixed',
      {
        schema: {
          headers: {
            type: 'object',
            required: ['X-Api-Key'],
            properties: { 'X-Api-Key': { type: 'integer' } },
          },
        },
      },
      async (request: any) => ({ key: request.headers['x-api-key'] }),
    )
    expect((await send(app, { url: '/mixed', headers: { 'x-api-key': '12' } })).json()).toEqual({
      key: 12,
    })
    const missing = await send(app, { url: '/mixed' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual(badRequest("headers should have required property 'x-api-key'"))
  })
})

describe('[4.2.5] coercion per part', () => {
  itBoth('[4.2.5] with the default compiler, types are coerced', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/co/:n',
      { schema: { params: { n: { type: 'number' } }, querystring: { b: { type: 'boolean' } } } },
      async (request: any) => ({ n: request.params.n, b: request.query.b }),
    )
    expect((await send(app, { url: '/co/2.5?b=false' })).json()).toEqual({ n: 2.5, b: false })
  })

  itBoth(
    '[4.2.5] a custom validator instance with coerceTypes false turns coercion off for that part only',
    async ({ send }) => {
      const app = makeApp()
      const coercing = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true })
      const strict = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true })
      app.setValidatorCompiler(({ schema, httpPart }: any) =>
        httpPart === 'body' ? strict.compile(schema) : coercing.compile(schema),
      )
      app.post(
        '/parts',
        {
          schema: {
            body: { type: 'object', properties: { n: { type: 'integer' } } },
            querystring: { type: 'object', properties: { n: { type: 'integer' } } },
          },
        },
        async (request: any) => ({ body: request.body.n, query: request.query.n }),
      )
      const ok = await send(app, { method: 'POST', url: '/parts?n=2', payload: { n: 1 } })
      expect(ok.json()).toEqual({ body: 1, query: 2 })
      const bad = await send(app, { method: 'POST', url: '/parts?n=2', payload: { n: '1' } })
      expect(bad.statusCode).toBe(400)
      // A custom validator's (its own Ajv's) wording is kept.
      expect(bad.json()).toEqual(badRequest('body/n must be integer'))
    },
  )
})

describe('[4.2] validators the default compiler builds on first use', () => {
  const money = {
    $id: 'money',
    type: 'object',
    required: ['amount'],
    properties: { amount: { type: 'number', minimum: 0 } },
  }
  const schema = () => ({
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    querystring: {
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
    },
    headers: { type: 'object', properties: { 'x-n': { type: 'integer', default: 0 } } },
    body: {
      type: 'object',
      required: ['price'],
      additionalProperties: false,
      properties: {
        price: { $ref: 'money#' },
        quantity: { type: 'integer', minimum: 1, default: 1 },
        when: { type: 'string', format: 'date' },
      },
    },
  })
  const appWith = (options?: Record<string, unknown>) => {
    const app = makeApp(options)
    app.addSchema(money)
    app.post('/orders/:id', { schema: schema() }, async (request: any) => ({
      id: request.params.id,
      tags: request.query.tags,
      n: request.headers['x-n'],
      body: request.body,
    }))
    return app
  }
  const requests = [
    {
      method: 'POST',
      url: '/orders/7?tags=a',
      headers: { 'x-n': '3' },
      payload: { price: { amount: '2.5' }, extra: true },
    },
    { method: 'POST', url: '/orders/7', payload: { price: { amount: -1 } } },
    { method: 'POST', url: '/orders/x', payload: { price: { amount: 1 } } },
    {
      method: 'POST',
      url: '/orders/7',
      headers: { 'x-n': 'many' },
      payload: { price: { amount: 1 } },
    },
    { method: 'POST', url: '/orders/7', payload: { price: {} } },
    { method: 'POST', url: '/orders/7', payload: { price: { amount: 1 }, when: 'soon' } },
  ]

  itBoth(
    '[4.2] a validator built by its first request coerces, defaults, removes and fails as one built at ready',
    async ({ send }) => {
      // The same options given explicitly: custom options, so every validator is built at ready().
      const atReady = appWith({
        ajv: { customOptions: { coerceTypes: 'array', useDefaults: true } },
      })
      const onFirstUse = appWith()
      await Promise.all([atReady.ready(), onFirstUse.ready()])
      const answers = []
      for (const request of requests) {
        const later = await send(onFirstUse, request)
        const now = await send(atReady, request)
        expect({ status: later.statusCode, body: later.json() }).toEqual({
          status: now.statusCode,
          body: now.json(),
        })
        answers.push(later.json())
      }
      expect(answers).toEqual([
        { id: 7, tags: ['a'], n: 3, body: { price: { amount: 2.5 }, quantity: 1 } },
        badRequest('body/price/amount should be >= 0'),
        badRequest('params/id should be integer'),
        badRequest('headers/x-n should be integer'),
        badRequest("body/price should have required property 'amount'"),
        badRequest('body/when should match format "date"'),
      ])
    },
  )

  it('[4.2] a schema Ajv refuses still fails ready(), naming the route and the part', async () => {
    const app = makeApp()
    app.post(
      '/orders',
      {
        schema: {
          body: { type: 'object', properties: { when: { type: 'string', format: 'soon' } } },
        },
      },
      async () => ({}),
    )
    await expect(app.ready()).rejects.toThrow(
      'Failed building the validation schema for POST: /orders, due to error unknown format "soon" ignored in schema at path "#/properties/when" (httpPart: body)',
    )
  })
})

describe('[4.2.6] validator plugins', () => {
  itBoth('[4.2.6] $merge (source, with) through the ajv-merge-patch plugin', async ({ send }) => {
    const app = makeApp({ validator: { plugins: [mergePatch] } })
    app.post(
      '/merge',
      {
        schema: {
          body: {
            $merge: {
              source: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              with: { properties: { b: { type: 'integer' } }, required: ['b'] },
            },
          },
        },
      },
      async (request: any) => request.body,
    )
    expect(
      (await send(app, { method: 'POST', url: '/merge', payload: { a: 'x', b: 1 } })).json(),
    ).toEqual({ a: 'x', b: 1 })
    const bad = await send(app, { method: 'POST', url: '/merge', payload: { a: 'x' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(
      badRequest(
        `body should have required property 'b', body should pass "$merge" keyword validation`,
      ),
    )
  })

  itBoth('[4.2.6] $patch (source, with) through the ajv-merge-patch plugin', async ({ send }) => {
    const app = makeApp({ validator: { plugins: [mergePatch] } })
    app.post(
      '/patch',
      {
        schema: {
          body: {
            $patch: {
              source: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              with: [
                { op: 'add', path: '/properties/b', value: { type: 'integer' } },
                { op: 'add', path: '/required/-', value: 'b' },
              ],
            },
          },
        },
      },
      async (request: any) => request.body,
    )
    expect(
      (await send(app, { method: 'POST', url: '/patch', payload: { a: 'x', b: 2 } })).json(),
    ).toEqual({ a: 'x', b: 2 })
    const bad = await send(app, { method: 'POST', url: '/patch', payload: { a: 'x' } })
    expect(bad.json()).toEqual(
      badRequest(
        `body should have required property 'b', body should pass "$patch" keyword validation`,
      ),
    )
  })

  it('[4.2.6] a plugin entry that is not a function is refused, naming its index', async () => {
    const start = async () => {
      const app = makeApp({ validator: { plugins: [mergePatch, 'nope'] } })
      app.post('/x', { schema: { body: { type: 'object' } } }, async () => 'x')
      await app.ready()
    }
    await expect(start()).rejects.toThrow(/validator\.plugins\[1\]/)
  })
})

describe('[4.2.7] custom validation libraries', () => {
  const joiCompiler =
    ({ schema }: any) =>
    (data: unknown) =>
      schema.validate(data)
  const yupCompiler =
    ({ schema }: any) =>
    (data: unknown) => {
      try {
        return { value: schema.validateSync(data, { stripUnknown: true, abortEarly: true }) }
      } catch (error) {
        return { error }
      }
    }

  itBoth(
    '[4.2.7] Joi through setValidatorCompiler: { value } on success, { error } on failure',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(joiCompiler)
      app.post(
        '/joi',
        {
          schema: {
            body: Joi.object({
              name: Joi.string().required(),
              age: Joi.number().integer().default(18),
            }),
          },
        },
        async (request: any) => request.body,
      )
      const ok = await send(app, { method: 'POST', url: '/joi', payload: { name: 'Ada' } })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ name: 'Ada', age: 18 })
      const bad = await send(app, { method: 'POST', url: '/joi', payload: {} })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual(badRequest('"name" is required'))
    },
  )

  itBoth('[4.2.7] yup through the route option validatorCompiler', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/yup',
      {
        schema: { body: yup.object({ name: yup.string().required(), n: yup.number().default(1) }) },
        validatorCompiler: yupCompiler,
      },
      async (request: any) => request.body,
    )
    const ok = await send(app, { method: 'POST', url: '/yup', payload: { name: 'Bo', other: 1 } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ name: 'Bo', n: 1 })
    const bad = await send(app, { method: 'POST', url: '/yup', payload: {} })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(badRequest('name is a required field'))
  })

  itBoth(
    '[4.2.7] the route option validatorCompiler wins over setValidatorCompiler',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(joiCompiler)
      app.get(
        '/route-wins',
        {
          schema: { querystring: yup.object({ n: yup.number().required() }) },
          validatorCompiler: yupCompiler,
        },
        async (request: any) => request.query,
      )
      expect((await send(app, { url: '/route-wins?n=3' })).json()).toEqual({ n: 3 })
    },
  )

  itBoth(
    '[4.2.7] a Joi error reaches the error handler with validation and context',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(joiCompiler)
      app.setErrorHandler((error: any, _request: any, reply: any) => {
        reply.code(422).send({
          context: error.validationContext,
          isJoi: error.validation?.isJoi === true,
          path: error.validation?.details?.[0]?.path,
        })
      })
      app.get(
        '/joi-q',
        { schema: { querystring: Joi.object({ page: Joi.number().required() }) } },
        async () => 'x',
      )
      const res = await send(app, { url: '/joi-q?page=abc' })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({ context: 'query', isJoi: true, path: ['page'] })
    },
  )
})

describe('[4.2.8] shared schemas and a custom validator instance', () => {
  itBoth('[4.2.8] shared schemas are added to the custom validator instance', async ({ send }) => {
    const app = makeApp()
    const ajv = new Ajv({ coerceTypes: false })
    ajv.addSchema({
      $id: 'item',
      type: 'object',
      required: ['sku'],
      properties: { sku: { type: 'string' } },
    })
    app.setValidatorCompiler(({ schema }: any) => ajv.compile(schema))
    app.post('/item', { schema: { body: { $ref: 'item#' } } }, async (request: any) => request.body)
    expect(
      (await send(app, { method: 'POST', url: '/item', payload: { sku: 'a' } })).json(),
    ).toEqual({ sku: 'a' })
    expect((await send(app, { method: 'POST', url: '/item', payload: {} })).json()).toEqual(
      badRequest("body must have required property 'sku'"),
    )
  })

  it('[4.2.8] addSchema does not reach a custom validator instance', async () => {
    const app = makeApp()
    const ajv = new Ajv()
    app.addSchema({ $id: 'onlyInFramework', type: 'object' })
    app.setValidatorCompiler(({ schema }: any) => ajv.compile(schema))
    app.post('/x', { schema: { body: { $ref: 'onlyInFramework#' } } }, async () => 'x')
    await expect(app.ready()).rejects.toThrow(/onlyInFramework/)
  })
})

describe('[4.2.9] messages of custom libraries', () => {
  itBoth(
    '[4.2.9] errors returned in the default structure get the default message, their wording kept',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(() => {
        const validate: any = (data: any) => {
          if (data && typeof data.name === 'string') return true
          validate.errors = [
            {
              keyword: 'required',
              instancePath: '',
              schemaPath: '#/required',
              params: { missingProperty: 'name' },
              message: "must have required property 'name'",
            },
          ]
          return false
        }
        return validate
      })
      app.post('/default-shape', { schema: { body: { type: 'object' } } }, async () => 'ok')
      const res = await send(app, { method: 'POST', url: '/default-shape', payload: {} })
      // A custom compiler's messages keep their wording: "should" is the default validator's.
      expect(res.json()).toEqual(badRequest("body must have required property 'name'"))
      const viaError = makeApp()
      viaError.setValidatorCompiler(() => () => ({
        error: [
          {
            keyword: 'type',
            instancePath: '/age',
            schemaPath: '#/properties/age/type',
            params: { type: 'integer' },
            message: 'must be integer',
          },
        ],
      }))
      viaError.post('/error-shape', { schema: { body: { type: 'object' } } }, async () => 'ok')
      const res2 = await send(viaError, { method: 'POST', url: '/error-shape', payload: {} })
      expect(res2.json()).toEqual(badRequest('body/age must be integer'))
    },
  )

  itBoth('[4.2.9] an error handler can read validation and validationContext', async ({ send }) => {
    const app = makeApp()
    app.setValidatorCompiler(() => () => ({ error: { problems: ['x is wrong'] } }))
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validation) {
        reply
          .code(400)
          .send({ where: error.validationContext, problems: error.validation.problems })
        return
      }
      reply.send(error)
    })
    app.get('/odd', { schema: { querystring: { type: 'object' } } }, async () => 'ok')
    const res = await send(app, { url: '/odd' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ where: 'query', problems: ['x is wrong'] })
  })
})
