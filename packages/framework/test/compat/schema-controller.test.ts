import { describe, expect, it } from 'vitest'
import { Ajv, itBoth, makeApp } from '../spec/helpers'

// Fastify's schemaController: compilersFactory builders in place of the default compilers, a
// bucket that stores the shared schemas, and setSchemaController for one context.

describe('[compat] schemaController', () => {
  itBoth(
    'compilersFactory builds the validator and serializer from the shared schemas',
    async ({ send }) => {
      const received: unknown[] = []
      const app = makeApp({
        validator: { customOptions: { removeAdditional: false } },
        serializerOpts: { rounding: 'floor' },
        schemaController: {
          compilersFactory: {
            buildValidator(externalSchemas: Record<string, object>, ajvOptions: any) {
              received.push(['validator', Object.keys(externalSchemas), ajvOptions])
              // As Fastify's documentation shows: an Ajv of one's own, with the shared schemas.
              const ajv = new Ajv({ ...ajvOptions.customOptions, allErrors: true })
              for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema)
              return ({ schema }: { schema: object }) => ajv.compile(schema)
            },
            buildSerializer(externalSchemas: Record<string, object>, serializerOpts: unknown) {
              received.push(['serializer', Object.keys(externalSchemas), serializerOpts])
              return () => (data: unknown) => `{"wrapped":${JSON.stringify(data)}}`
            },
          },
        },
      })
      app.addSchema({ $id: 'item', type: 'object', properties: { n: { type: 'integer' } } })
      app.post(
        '/',
        { schema: { body: { $ref: 'item#' }, response: { 200: { type: 'object' } } } },
        async (request: any) => request.body,
      )
      const ok = await send(app, { method: 'POST', url: '/', payload: { n: 1 } })
      expect([ok.statusCode, ok.body]).toEqual([200, '{"wrapped":{"n":1}}'])
      // No coercion here: the builder's own Ajv options apply.
      const bad = await send(app, { method: 'POST', url: '/', payload: { n: '1' } })
      expect(bad.statusCode).toBe(400)
      expect(received).toEqual([
        ['validator', ['item'], { customOptions: { removeAdditional: false }, plugins: [] }],
        ['serializer', ['item'], { rounding: 'floor' }],
      ])
    },
  )

  it('bucket stores the shared schemas: addSchema, getSchema and getSchemas go through it', async () => {
    const opened: string[][] = []
    const app = makeApp({
      schemaController: {
        bucket(parentSchemas: Record<string, object> = {}) {
          const store: Record<string, any> = { ...parentSchemas }
          opened.push(Object.keys(store))
          return {
            add(schema: { $id: string }) {
              store[schema.$id] = schema
            },
            getSchema: (id: string) => store[id],
            getSchemas: () => ({ ...store }),
          }
        },
      },
    })
    app.addSchema({ $id: 'a', type: 'object', properties: { n: { type: 'integer' } } })
    app.register(async (child: any) => {
      child.addSchema({ $id: 'b', type: 'string' })
      child.post('/', { schema: { body: { $ref: 'a#' } } }, async (request: any) => request.body)
      expect(Object.keys(child.getSchemas())).toEqual(['a', 'b'])
    })
    await app.ready()
    expect(opened).toEqual([[], ['a']])
    expect(app.getSchema('b')).toBeUndefined()
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })).statusCode).toBe(
      400,
    )
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: '2' } })).json()).toEqual({
      n: 2,
    })
  })

  it('setSchemaController in a plugin: its routes use the builder, the others the defaults', async () => {
    const app = makeApp()
    const schema = { querystring: { type: 'object', properties: { n: { type: 'integer' } } } }
    app.get('/default', { schema }, async (request: any) => request.query)
    app.register(async (child: any) => {
      child.setSchemaController({
        compilersFactory: {
          // A precompiled validator per route: accepts anything, marks the value.
          buildValidator: () => () => (data: any) => ({ value: { ...data, checked: 'custom' } }),
        },
      })
      child.get('/custom', { schema }, async (request: any) => request.query)
    })
    expect((await app.inject('/default?n=x')).statusCode).toBe(400)
    expect((await app.inject('/custom?n=x')).json()).toEqual({ n: 'x', checked: 'custom' })
    expect(() => app.setSchemaController({})).toThrow(
      'Fastify instance is already listening. Cannot call "setSchemaController"!',
    )
  })

  it("buildValidator receives Fastify's `ajv` option when it is given instead of `validator`", async () => {
    const plugin = (ajv: any) => ajv
    const received: unknown[] = []
    const app = makeApp({
      ajv: { customOptions: { coerceTypes: false }, plugins: [plugin] },
      schemaController: {
        compilersFactory: {
          buildValidator(_schemas: unknown, ajvOptions: unknown) {
            received.push(ajvOptions)
            return () => () => true
          },
        },
      },
    })
    app.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
    await app.ready()
    expect(received).toEqual([{ customOptions: { coerceTypes: false }, plugins: [plugin] }])
  })

  it('refuses a bucket that is not a function', () => {
    expect(() => makeApp({ schemaController: { bucket: {} } })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN',
        message: "schemaController.bucket option should be a function, instead got 'object'",
      }),
    )
  })
})
