import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Standard Schema": a response schema given as Standard Schema is converted to JSON Schema
// and serialized by the default serializer (fast-json-stringify).

const user = {
  id: 1,
  name: 'ada',
  password: 'hunter2',
  tags: [{ label: 'a', internal: true }],
}

describe('Standard Schema response schemas', () => {
  itBoth('fields outside the schema are dropped, for each library', async ({ send }) => {
    const app = makeApp()
    const schemas = {
      zod: z.object({
        id: z.number().int(),
        name: z.string(),
        tags: z.array(z.object({ label: z.string() })),
      }),
      valibot: v.object({
        id: v.pipe(v.number(), v.integer()),
        name: v.string(),
        tags: v.array(v.object({ label: v.string() })),
      }),
      arktype: type({
        id: 'number.integer',
        name: 'string',
        tags: type({ label: 'string' }).array(),
      }),
      json: {
        type: 'object',
        required: ['id', 'name', 'tags'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          tags: {
            type: 'array',
            items: {
              type: 'object',
              required: ['label'],
              properties: { label: { type: 'string' } },
            },
          },
        },
      },
    }
    for (const [library, schema] of Object.entries(schemas)) {
      app.get(`/${library}`, { schema: { response: { 200: schema } } }, async () => user)
    }
    for (const library of Object.keys(schemas)) {
      const res = await send(app, { url: `/${library}` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body).toBe('{"id":1,"name":"ada","tags":[{"label":"a"}]}')
    }
  })

  itBoth(
    'defaults fill missing values; status classes and default keys apply',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/things',
        {
          schema: {
            response: {
              '2xx': z.object({ name: z.string(), role: z.string().default('user') }),
              default: v.object({ statusCode: v.number(), message: v.string() }),
            },
          },
        },
        async (request: any, reply: any) => {
          if (request.query.fail) throw Object.assign(new Error('nope'), { statusCode: 409 })
          reply.code(201)
          return { name: 'ada', extra: true }
        },
      )
      const created = await send(app, { method: 'POST', url: '/things' })
      expect(created.statusCode).toBe(201)
      expect(created.body).toBe('{"name":"ada","role":"user"}')
      const failed = await send(app, { method: 'POST', url: '/things?fail=1' })
      expect(failed.statusCode).toBe(409)
      expect(failed.body).toBe('{"statusCode":409,"message":"nope"}')
    },
  )

  itBoth('a payload missing a required field is a 500, as with JSON Schema', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/broken',
      { schema: { response: { 200: z.object({ id: z.number() }) } } },
      async () => ({}),
    )
    const res = await send(app, { url: '/broken' })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toContain('GET /broken')
  })
})

describe('a response schema that cannot be converted fails ready()', () => {
  const cases = [
    {
      library: 'zod',
      schema: z.object({ at: z.date().transform((date) => date.toISOString()) }),
      reason: 'Transforms cannot be represented in JSON Schema',
    },
    {
      library: 'valibot',
      schema: v.object({ n: v.pipe(v.string(), v.transform(Number)) }),
      reason: 'The "transform" action cannot be converted to JSON Schema',
    },
    {
      library: 'arktype',
      schema: type({ n: type('string').pipe((text) => text.length) }),
      reason: '{ code: "morph"',
    },
  ]
  for (const { library, schema, reason } of cases) {
    it(`names the route, the status and the library (${library})`, async () => {
      const app = makeApp()
      app.get('/report', { schema: { response: { 201: schema } } }, async () => ({}))
      const error: any = await app.ready().then(
        () => undefined,
        (failure: unknown) => failure,
      )
      expect(error?.code).toBe('FRM_ERR_STANDARD_SCHEMA_CONVERSION')
      expect(error.message).toMatch(
        new RegExp(
          `^The ${library} schema of GET /report, response 201 cannot be converted to JSON Schema: `,
        ),
      )
      expect(error.message).toContain(reason)
    })
  }

  it('gives the whole message for a Zod transform', async () => {
    const app = makeApp()
    app.post(
      '/users',
      { schema: { response: { 200: z.object({ n: z.string().transform(Number) }) } } },
      async () => ({}),
    )
    await expect(app.ready()).rejects.toThrow(
      "The zod schema of POST /users, response 200 cannot be converted to JSON Schema: Transforms cannot be represented in JSON Schema. Write it without transforms or other parts JSON Schema cannot describe (transform in the handler instead), or give a converter for 'zod'",
    )
  })

  it('accepts a transform in a request slot: only responses are converted', async () => {
    const app = makeApp()
    app.post(
      '/n',
      { schema: { body: z.object({ n: z.string().transform(Number) }) } },
      async (request: any) => request.body,
    )
    const res = await app.inject({ method: 'POST', url: '/n', payload: { n: '4' } })
    expect(res.json()).toEqual({ n: 4 })
  })
})
