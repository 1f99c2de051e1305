import { describe, expect, it } from 'vitest'
import { badRequest, itBoth, makeApp } from './helpers'

// Specification 2.5: shared schemas, their scope and every `$ref` form, in validation and
// serialization.
describe('[2.5] shared schemas', () => {
  it('[2.5] addSchema adds an object with $id; getSchema returns it; getSchemas lists them', async () => {
    const app = makeApp()
    const a = { $id: 'a', type: 'string' }
    const b = { $id: 'b', type: 'integer' }
    app.addSchema(a)
    app.addSchema(b)
    expect(app.getSchema('a')).toEqual(a)
    expect(app.getSchema('b')).toEqual(b)
    expect(app.getSchema('nope')).toBeUndefined()
    expect(app.getSchemas()).toEqual({ a, b })
  })

  it('[2.5] addSchema refuses a schema without a string $id', () => {
    const app = makeApp()
    expect(() => app.addSchema({ type: 'string' })).toThrow(/\$id/)
  })

  it('[2.5] scope is encapsulated: a context sees its own and its ancestors’ schemas', async () => {
    const app = makeApp()
    app.addSchema({ $id: 'root', type: 'string' })
    const seen: Record<string, string[]> = {}
    app.register(async (child: any) => {
      child.addSchema({ $id: 'child', type: 'string' })
      seen.child = Object.keys(child.getSchemas()).sort()
      seen.childGetsRoot = [child.getSchema('root') ? 'root' : 'none']
      child.register(async (grandchild: any) => {
        grandchild.addSchema({ $id: 'grandchild', type: 'string' })
        seen.grandchild = Object.keys(grandchild.getSchemas()).sort()
      })
    })
    app.register(async (sibling: any) => {
      seen.sibling = Object.keys(sibling.getSchemas()).sort()
      seen.siblingGetsChild = [sibling.getSchema('child') ? 'child' : 'none']
    })
    await app.ready()
    expect(Object.keys(app.getSchemas())).toEqual(['root'])
    expect(app.getSchema('child')).toBeUndefined()
    expect(seen.child).toEqual(['child', 'root'])
    expect(seen.childGetsRoot).toEqual(['root'])
    expect(seen.grandchild).toEqual(['child', 'grandchild', 'root'])
    expect(seen.sibling).toEqual(['root'])
    expect(seen.siblingGetsChild).toEqual(['none'])
  })

  it('[2.5] a route cannot $ref a schema of a sibling context', async () => {
    const app = makeApp()
    app.register(async (a: any) => {
      a.addSchema({ $id: 'private', type: 'object' })
    })
    app.register(async (b: any) => {
      b.post('/sibling-ref', { schema: { body: { $ref: 'private#' } } }, async () => 'x')
    })
    await expect(app.ready()).rejects.toThrow(/private#/)
  })
})

const shared = {
  $id: 'http://example.com/shared.json',
  type: 'object',
  definitions: {
    name: { type: 'string', maxLength: 5 },
    age: { $id: '#age', type: 'integer', minimum: 0 },
  },
  properties: { name: { type: 'string' } },
  required: ['name'],
}

const refForms: Array<{ form: string; body: object; good: object; bad: object; message: string }> =
  [
    {
      form: '#<id> (an $id inside the current schema)',
      body: {
        type: 'object',
        properties: {
          age: { $ref: '#age' },
        },
        definitions: { age: { $id: '#age', type: 'integer', minimum: 0 } },
      },
      good: { age: 3 },
      bad: { age: -1 },
      message: 'body/age should be >= 0',
    },
    {
      form: '#/definitions/<name> (inside the current schema)',
      body: {
        type: 'object',
        properties: { age: { $ref: '#/definitions/age' } },
        definitions: { age: { type: 'integer', minimum: 0 } },
      },
      good: { age: 3 },
      bad: { age: -1 },
      message: 'body/age should be >= 0',
    },
    {
      form: '<schema_id># (a shared schema)',
      body: { $ref: 'http://example.com/shared.json#' },
      good: { name: 'ok' },
      bad: {},
      message: "body should have required property 'name'",
    },
    {
      form: '<schema_id>#/definitions/<name> (definitions of a shared schema)',
      body: {
        type: 'object',
        properties: { name: { $ref: 'http://example.com/shared.json#/definitions/name' } },
      },
      good: { name: 'short' },
      bad: { name: 'far too long' },
      message: 'body/name should NOT have more than 5 characters',
    },
    {
      form: '<schema_id>#<id> (an $id inside a shared schema)',
      body: {
        type: 'object',
        properties: { age: { $ref: 'http://example.com/shared.json#age' } },
      },
      good: { age: 3 },
      bad: { age: -1 },
      message: 'body/age should be >= 0',
    },
  ]

describe('[2.5] $ref resolution in validation', () => {
  for (const { form, body, good, bad, message } of refForms) {
    itBoth(`[2.5] the validator resolves ${form}`, async ({ send }) => {
      const app = makeApp()
      app.addSchema(shared)
      app.post('/ref', { schema: { body } }, async (request: any) => request.body)
      const ok = await send(app, { method: 'POST', url: '/ref', payload: good })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual(good)
      const res = await send(app, { method: 'POST', url: '/ref', payload: bad })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(badRequest(message))
    })
  }

  itBoth('[2.5] a shared schema may itself refer to another shared schema', async ({ send }) => {
    const app = makeApp()
    app.addSchema({
      $id: 'address',
      type: 'object',
      required: ['city'],
      properties: { city: { type: 'string' } },
    })
    app.addSchema({
      $id: 'person',
      type: 'object',
      required: ['home'],
      properties: { home: { $ref: 'address#' } },
    })
    app.post(
      '/person',
      { schema: { body: { $ref: 'person#' } } },
      async (request: any) => request.body,
    )
    const ok = await send(app, {
      method: 'POST',
      url: '/person',
      payload: { home: { city: 'Oslo' } },
    })
    expect(ok.json()).toEqual({ home: { city: 'Oslo' } })
    const bad = await send(app, { method: 'POST', url: '/person', payload: { home: {} } })
    expect(bad.json()).toEqual(badRequest("body/home should have required property 'city'"))
  })

  itBoth('[2.5] a route uses the shared schemas of its own context', async ({ send }) => {
    const app = makeApp()
    app.addSchema({ $id: 'rootSchema', type: 'object', properties: { r: { type: 'integer' } } })
    app.register(async (child: any) => {
      child.addSchema({
        $id: 'childSchema',
        type: 'object',
        properties: { c: { type: 'integer' } },
      })
      child.post(
        '/both',
        {
          schema: {
            body: {
              type: 'object',
              properties: { root: { $ref: 'rootSchema#' }, child: { $ref: 'childSchema#' } },
            },
          },
        },
        async (request: any) => request.body,
      )
    })
    const ok = await send(app, {
      method: 'POST',
      url: '/both',
      payload: { root: { r: '1' }, child: { c: '2' } },
    })
    expect(ok.json()).toEqual({ root: { r: 1 }, child: { c: 2 } })
  })
})

describe('[2.5] $ref resolution in serialization', () => {
  const responseForms: Array<{ form: string; schema: object; payload: object; body: string }> = [
    {
      form: '#<id> (an $id inside the current schema)',
      schema: {
        type: 'object',
        properties: { item: { $ref: '#item' } },
        definitions: {
          item: { $id: '#item', type: 'object', properties: { a: { type: 'integer' } } },
        },
      },
      payload: { item: { a: '1', drop: true }, drop: true },
      body: '{"item":{"a":1}}',
    },
    {
      form: '#/definitions/<name> (inside the current schema)',
      schema: {
        type: 'object',
        properties: { item: { $ref: '#/definitions/item' } },
        definitions: { item: { type: 'object', properties: { a: { type: 'integer' } } } },
      },
      payload: { item: { a: '1', drop: true }, drop: true },
      body: '{"item":{"a":1}}',
    },
    {
      form: '<schema_id># (a shared schema)',
      schema: { $ref: 'http://example.com/shared.json#' },
      payload: { name: 'n', drop: true },
      body: '{"name":"n"}',
    },
    {
      form: '<schema_id>#/definitions/<name> (definitions of a shared schema)',
      schema: {
        type: 'object',
        properties: { name: { $ref: 'http://example.com/shared.json#/definitions/name' } },
      },
      payload: { name: 'n', drop: true },
      body: '{"name":"n"}',
    },
    {
      form: '<schema_id>#<id> (an $id inside a shared schema)',
      schema: {
        type: 'object',
        properties: { age: { $ref: 'http://example.com/shared.json#age' } },
      },
      payload: { age: '42', drop: true },
      body: '{"age":42}',
    },
  ]
  for (const { form, schema, payload, body } of responseForms) {
    itBoth(`[2.5] the serializer resolves ${form}`, async ({ send }) => {
      const app = makeApp()
      app.addSchema(shared)
      app.get('/out', { schema: { response: { 200: schema } } }, async () => payload)
      const res = await send(app, { url: '/out' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(body)
    })
  }

  itBoth(
    '[2.5] the serializer follows a shared schema that refers to another',
    async ({ send }) => {
      const app = makeApp()
      app.addSchema({ $id: 'inner', type: 'object', properties: { v: { type: 'integer' } } })
      app.addSchema({ $id: 'outer', type: 'object', properties: { inner: { $ref: 'inner#' } } })
      app.get('/nested', { schema: { response: { 200: { $ref: 'outer#' } } } }, async () => ({
        inner: { v: 1, no: 1 },
        no: 2,
      }))
      expect((await send(app, { url: '/nested' })).body).toBe('{"inner":{"v":1}}')
    },
  )
})

describe('[2.5] serialization with the shared schemas of the route context', () => {
  itBoth(
    '[2.5] a child route serializes with the child’s and the root’s shared schemas',
    async ({ send }) => {
      const app = makeApp()
      app.addSchema({ $id: 'money', type: 'object', properties: { amount: { type: 'integer' } } })
      app.register(async (child: any) => {
        child.addSchema({
          $id: 'invoice',
          type: 'object',
          properties: { total: { $ref: 'money#' }, number: { type: 'string' } },
        })
        child.get(
          '/invoice',
          { schema: { response: { 200: { $ref: 'invoice#' } } } },
          async () => ({
            number: 7,
            total: { amount: '12', currency: 'EUR' },
            internal: 'x',
          }),
        )
      })
      const res = await send(app, { url: '/invoice' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('{"total":{"amount":12},"number":"7"}')
    },
  )
})
