import { describe, expect, it } from 'vitest'
import { badRequest, itBoth, makeApp } from './helpers'

// Specification 2.6: the validator baseline options and how to change them.
describe('[2.6] validator baseline', () => {
  itBoth('[2.6] coerceTypes: data is converted to the declared type', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/coerce/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          querystring: {
            type: 'object',
            properties: { flag: { type: 'boolean' }, n: { type: 'number' } },
          },
          body: {
            type: 'object',
            properties: { count: { type: 'integer' }, label: { type: 'string' } },
          },
        },
      },
      async (request: any) => ({
        id: request.params.id,
        flag: request.query.flag,
        n: request.query.n,
        count: request.body.count,
        label: request.body.label,
        types: [
          typeof request.params.id,
          typeof request.query.flag,
          typeof request.query.n,
          typeof request.body.count,
          typeof request.body.label,
        ],
      }),
    )
    const res = await send(app, {
      method: 'POST',
      url: '/coerce/42?flag=true&n=1.5',
      payload: { count: '7', label: 12 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: 42,
      flag: true,
      n: 1.5,
      count: 7,
      label: '12',
      types: ['number', 'boolean', 'number', 'number', 'string'],
    })
  })

  itBoth(
    '[2.6] useDefaults: missing properties and items are filled from default',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/defaults',
        {
          schema: {
            querystring: { type: 'object', properties: { page: { type: 'integer', default: 1 } } },
            body: {
              type: 'object',
              properties: {
                role: { type: 'string', default: 'guest' },
                pair: {
                  type: 'array',
                  items: [{ type: 'string' }, { type: 'integer', default: 0 }],
                },
              },
            },
          },
        },
        async (request: any) => ({ page: request.query.page, body: request.body }),
      )
      const res = await send(app, { method: 'POST', url: '/defaults', payload: { pair: ['a'] } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ page: 1, body: { role: 'guest', pair: ['a', 0] } })
    },
  )

  itBoth('[2.6] removeAdditional: additional properties are removed', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/strip',
      {
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            properties: { keep: { type: 'string' } },
          },
        },
      },
      async (request: any) => request.body,
    )
    const res = await send(app, {
      method: 'POST',
      url: '/strip',
      payload: { keep: 'k', drop: 'd' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ keep: 'k' })
  })

  itBoth('[2.6] allErrors is false: validation stops at the first error', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/first',
      {
        schema: {
          body: { type: 'object', required: ['a', 'b'], properties: { c: { type: 'integer' } } },
        },
      },
      async () => 'never',
    )
    const res = await send(app, { method: 'POST', url: '/first', payload: { c: 'x' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(badRequest("body should have required property 'a'"))
  })

  it('[2.6] allErrors is false: the error handler sees exactly one validation error', async () => {
    const app = makeApp()
    let seen: any
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      seen = error.validation
      reply.code(400).send({ n: error.validation.length })
    })
    app.post(
      '/one',
      { schema: { body: { type: 'object', required: ['a', 'b', 'c'] } } },
      async () => 'x',
    )
    const res = await app.inject({ method: 'POST', url: '/one', payload: {} })
    expect(res.json()).toEqual({ n: 1 })
    expect(seen[0].keyword).toBe('required')
  })

  itBoth(
    '[2.6] validator.customOptions changes the baseline (allErrors true)',
    async ({ send }) => {
      const app = makeApp({ validator: { customOptions: { allErrors: true } } })
      app.post(
        '/all',
        { schema: { body: { type: 'object', required: ['a', 'b'] } } },
        async () => 'x',
      )
      const res = await send(app, { method: 'POST', url: '/all', payload: {} })
      expect(res.json()).toEqual(
        badRequest(
          "body should have required property 'a', body should have required property 'b'",
        ),
      )
    },
  )

  itBoth(
    '[2.6] validator.customOptions changes the baseline (coerceTypes false)',
    async ({ send }) => {
      const app = makeApp({ validator: { customOptions: { coerceTypes: false } } })
      app.get(
        '/strict',
        { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
        async (request: any) => request.query,
      )
      const res = await send(app, { url: '/strict?n=1' })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(badRequest('querystring/n should be integer'))
    },
  )

  itBoth(
    '[2.6] validator.customOptions changes the baseline (useDefaults false)',
    async ({ send }) => {
      const app = makeApp({ validator: { customOptions: { useDefaults: false } } })
      app.get(
        '/nodefault',
        {
          schema: {
            querystring: { type: 'object', properties: { page: { type: 'integer', default: 1 } } },
          },
        },
        async (request: any) => ({ hasPage: 'page' in request.query }),
      )
      expect((await send(app, { url: '/nodefault' })).json()).toEqual({ hasPage: false })
    },
  )

  it('[2.6] the baseline is changed by replacing the compiler', async () => {
    const app = makeApp()
    let inputs: any[] = []
    app.setValidatorCompiler((input: any) => {
      inputs.push(input)
      return (data: any) => data?.ok === 'yes'
    })
    app.post('/replaced', { schema: { body: { type: 'object' } } }, async () => ({ ran: true }))
    expect(
      (await app.inject({ method: 'POST', url: '/replaced', payload: { ok: 'yes' } })).statusCode,
    ).toBe(200)
    expect(
      (await app.inject({ method: 'POST', url: '/replaced', payload: { ok: 'no' } })).statusCode,
    ).toBe(400)
    inputs = inputs.filter((input) => input.httpPart === 'body')
    expect(inputs).toHaveLength(1)
  })

  itBoth(
    '[2.6] a query value that occurs once, with an array schema, becomes a one-item array',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/tags',
        {
          schema: {
            querystring: {
              type: 'object',
              properties: {
                tags: { type: 'array', items: { type: 'string' } },
                ids: { type: 'array', items: { type: 'integer' } },
              },
            },
          },
        },
        async (request: any) => request.query,
      )
      expect((await send(app, { url: '/tags?tags=a&ids=1' })).json()).toEqual({
        tags: ['a'],
        ids: [1],
      })
      expect((await send(app, { url: '/tags?tags=a&tags=b&ids=1&ids=2' })).json()).toEqual({
        tags: ['a', 'b'],
        ids: [1, 2],
      })
    },
  )
})
