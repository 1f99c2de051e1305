import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Standard Schema": addSchema(value) of a Standard Schema value, and $ref to it from JSON
// Schema slots.

const Address = z.object({ city: z.string() }).meta({ id: 'Address' })
const User = z.object({ name: z.string(), address: Address.optional() }).meta({ id: 'User' })

describe('addSchema with a Standard Schema value', () => {
  it("stores the JSON Schema under the id Zod's .meta({ id }) names", () => {
    const app = makeApp()
    app.addSchema(z.object({ name: z.string() }).meta({ id: 'Plain' }))
    expect(app.getSchema('Plain')).toEqual({
      $id: 'Plain',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
    expect(Object.keys(app.getSchemas())).toEqual(['Plain'])
  })

  it('takes the id from a $id in the converted JSON Schema', () => {
    const app = makeApp()
    const tagged = {
      '~standard': {
        version: 1,
        vendor: 'hand-written',
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: () => ({ $id: 'Tag', type: 'string' }),
          output: () => ({ $id: 'Tag', type: 'string' }),
        },
      },
    }
    app.addSchema(tagged)
    expect(app.getSchema('Tag')).toEqual({ $id: 'Tag', type: 'string' })
  })

  itBoth(
    "$ref: 'User#' from JSON Schema slots reaches it, nested definitions included",
    async ({ send }) => {
      const app = makeApp()
      app.addSchema(User)
      app.post(
        '/users',
        { schema: { body: { $ref: 'User#' }, response: { 200: { $ref: 'User#' } } } },
        async (request: any) => ({ ...request.body, password: 'x' }),
      )
      const ok = await send(app, {
        method: 'POST',
        url: '/users',
        payload: { name: 'ada', address: { city: 'london', zip: 1 } },
      })
      expect(ok.statusCode).toBe(200)
      expect(ok.body).toBe('{"name":"ada","address":{"city":"london"}}')
      const missing = await send(app, { method: 'POST', url: '/users', payload: { address: {} } })
      expect(missing.statusCode).toBe(400)
      expect(missing.body).toBe(
        `{"statusCode":400,"error":"Bad Request","message":"body should have required property 'name'"}`,
      )
      const nested = await send(app, {
        method: 'POST',
        url: '/users',
        payload: { name: 'ada', address: { city: { x: 1 } } },
      })
      expect(nested.json().message).toBe('body/address/city should be string')
    },
  )

  itBoth('the shared schema is encapsulated like any other', async ({ send }) => {
    const app = makeApp()
    app.register(async (child: any) => {
      child.addSchema(User)
      child.get('/inside', { schema: { response: { 200: { $ref: 'User#' } } } }, async () => ({
        name: 'in',
        secret: 1,
      }))
    })
    app.register(async (sibling: any) => {
      expect(sibling.getSchema('User')).toBeUndefined()
    })
    const res = await send(app, { url: '/inside' })
    expect(res.body).toBe('{"name":"in"}')
    expect(app.getSchema('User')).toBeUndefined()
  })

  it('refuses a value whose JSON Schema names no id, like a schema without $id', () => {
    const app = makeApp()
    for (const schema of [z.object({ name: z.string() }), v.object({ name: v.string() })]) {
      let error: any
      try {
        app.addSchema(schema)
      } catch (thrown) {
        error = thrown
      }
      expect(error?.code).toBe('FRM_ERR_SCH_MISSING_ID')
      expect(error.message).toBe('Missing schema $id property')
    }
  })

  it('refuses a value that cannot be converted, naming addSchema() and the library', () => {
    const app = makeApp()
    expect(() => app.addSchema(z.string().transform(Number).meta({ id: 'N' }))).toThrow(
      /^The zod schema of addSchema\(\) cannot be converted to JSON Schema: Transforms cannot be represented/,
    )
  })
})
