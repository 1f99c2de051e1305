import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

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
    for (const schema of [
      { body: { content: { 'application/json': {} } } },
      { response: { 200: { content: { 'text/plain': { description: 'x' } } } } },
    ]) {
      const app = makeApp()
      app.post('/', { schema }, async () => 'x')
      const error = await app.ready().then(
        () => null,
        (e: any) => e,
      )
      const type = 'body' in schema ? 'application/json' : 'text/plain'
      expect([error?.code, error?.message]).toEqual([
        'FRM_ERR_SCH_CONTENT_MISSING_SCHEMA',
        `Schema is missing for the content type '${type}'`,
      ])
    }
  })

  itBoth('an empty content map declares no body schema: any body reaches the handler', async ({ send }) => {
    const app = makeApp()
    app.post('/', { schema: { body: { content: {} } } }, async (request: any) => request.body)
    const res = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'AAAA',
    })
    expect([res.statusCode, res.body]).toEqual([200, 'AAAA'])
  })

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
      { schema: { querystring: app.getSchema('second'), response: { 200: app.getSchema('second') } } },
      async (request: any) => request.query,
    )
    const ok = await send(app, { url: '/?first=1&second=2&other=3' })
    expect([ok.statusCode, ok.json()]).toEqual([200, { first: 1, second: 2 }])
    const bad = await send(app, { url: '/?first=x' })
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'querystring/first should be number'])
  })
})
