import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { JsonSchema, SchemaBucket, ValidatorCompiler } from './index.js'

/** A validator builder that records its inputs and accepts only `{ ok: true }` bodies. */
function recordingBuilder(calls: unknown[][]) {
  return (schemas: Record<string, JsonSchema>, options: unknown): ValidatorCompiler => {
    calls.push([Object.keys(schemas), options])
    return () => (data) => (data as { ok?: unknown })?.ok === true
  }
}

describe('schemaController', () => {
  it('builds the default compilers with compilersFactory, given the shared schemas and the options', async () => {
    const calls: unknown[][] = []
    const { app } = createApp({
      schemaController: {
        compilersFactory: {
          buildValidator: recordingBuilder(calls),
          buildSerializer: (schemas, options) => {
            calls.push(['serializer', Object.keys(schemas), options])
            return () => (data) => `custom:${JSON.stringify(data)}`
          },
        },
      },
      compilerOptions: {
        validator: { customOptions: { allErrors: true } },
        serializer: { rounding: 'ceil' },
      },
    })
    app.addSchema({ $id: 'thing', type: 'object' })
    app.post(
      '/',
      { schema: { body: { $ref: 'thing#' }, response: { 200: { type: 'object' } } } },
      async () => ({ done: 1 }),
    )
    const ok = await app.inject({ method: 'POST', url: '/', payload: { ok: true } })
    expect(ok.body).toBe('custom:{"done":1}')
    const bad = await app.inject({ method: 'POST', url: '/', payload: { ok: false } })
    expect(bad.statusCode).toBe(400)
    expect(calls).toEqual([
      [['thing'], { customOptions: { allErrors: true } }],
      ['serializer', ['thing'], { rounding: 'ceil' }],
    ])
  })

  it('keeps shared schemas in the bucket; each new context gets one seeded with its parent schemas', async () => {
    const opened: unknown[] = []
    const bucket = (parentSchemas?: Record<string, JsonSchema>): SchemaBucket => {
      const store: Record<string, JsonSchema> = { ...parentSchemas }
      opened.push(Object.keys(store))
      return {
        add: (schema: { $id: string }) => {
          store[schema.$id] = schema
        },
        getSchema: (id) => store[id],
        getSchemas: () => ({ ...store }),
      }
    }
    const calls: unknown[][] = []
    const { app } = createApp({
      schemaController: { bucket, compilersFactory: { buildValidator: recordingBuilder(calls) } },
    })
    app.addSchema({ $id: 'a', type: 'string' })
    app.register(async (child) => {
      child.addSchema({ $id: 'b', type: 'string' })
      expect(Object.keys(child.getSchemas())).toEqual(['a', 'b'])
      expect(child.getSchema('b')).toEqual({ $id: 'b', type: 'string' })
      child.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
    })
    await app.ready()
    expect(Object.keys(app.getSchemas())).toEqual(['a'])
    expect(opened).toEqual([[], ['a']])
    expect(calls).toEqual([[['a', 'b'], undefined]])
  })

  it('setSchemaController applies to its context and descendants only, before ready', async () => {
    const calls: unknown[][] = []
    const { app } = createApp()
    const schema = { body: { type: 'object', properties: { n: { type: 'integer' } } } }
    app.post('/root', { schema }, async () => 'root')
    app.register(async (child) => {
      child.setSchemaController({ compilersFactory: { buildValidator: recordingBuilder(calls) } })
      child.register(async (grandchild) => {
        grandchild.post('/deep', { schema }, async () => 'deep')
      })
    })
    // The root keeps the application's compiler (fake: validates the type).
    expect(
      (await app.inject({ method: 'POST', url: '/root', payload: { n: 'x' } })).statusCode,
    ).toBe(400)
    expect((await app.inject({ method: 'POST', url: '/deep', payload: { n: 1 } })).statusCode).toBe(
      400,
    )
    expect((await app.inject({ method: 'POST', url: '/deep', payload: { ok: true } })).body).toBe(
      'deep',
    )
    expect(calls).toHaveLength(1)
    expect(() => app.setSchemaController({})).toThrow(
      'Fastify instance is already listening. Cannot call "setSchemaController"!',
    )
  })

  it('refuses a bucket or builder that is not a function', () => {
    expect(() => createApp({ schemaController: { bucket: 'no' as never } })).toThrow(
      "schemaController.bucket option should be a function, instead got 'string'",
    )
    const { app } = createApp()
    expect(() =>
      app.setSchemaController({ compilersFactory: { buildSerializer: 1 as never } }),
    ).toThrow("Option 'setSchemaController.compilersFactory.buildSerializer' is not valid")
  })
})
