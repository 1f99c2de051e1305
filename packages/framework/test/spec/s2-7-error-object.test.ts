import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from './helpers'

// Specification 2.7: what a validation error carries, and request.validationError.
describe('[2.7] error object additions', () => {
  const schema = {
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    body: { type: 'object', required: ['name'] },
    querystring: { type: 'object', properties: { q: { type: 'integer' } } },
    headers: { type: 'object', properties: { 'x-n': { type: 'integer' } } },
  }

  const cases: Array<{
    context: string
    url: string
    headers?: Record<string, string>
    payload: object
  }> = [
    { context: 'params', url: '/e/x', payload: { name: 'n' } },
    { context: 'body', url: '/e/1', payload: {} },
    { context: 'query', url: '/e/1?q=x', payload: { name: 'n' } },
    { context: 'headers', url: '/e/1', headers: { 'x-n': 'x' }, payload: { name: 'n' } },
  ]

  for (const { context, url, headers, payload } of cases) {
    itBoth(
      `[2.7] a ${context} failure has statusCode 400, validation and validationContext '${context}'`,
      async ({ send }) => {
        const app = makeApp()
        let caught: any
        app.setErrorHandler((error: any, _request: any, reply: any) => {
          caught = error
          reply.code(error.statusCode).send({ context: error.validationContext })
        })
        app.post('/e/:id', { schema }, async () => 'never')
        const res = await send(app, {
          method: 'POST',
          url,
          payload,
          ...(headers ? { headers } : {}),
        })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ context })
        expect(caught).toBeInstanceOf(Error)
        expect(caught.statusCode).toBe(400)
        expect(caught.validationContext).toBe(context)
        expect(Array.isArray(caught.validation)).toBe(true)
        expect(caught.validation).toHaveLength(1)
        expect(caught.validation[0]).toMatchObject({
          keyword: expect.any(String),
          instancePath: expect.any(String),
          schemaPath: expect.any(String),
          params: expect.any(Object),
        })
      },
    )
  }

  it('[2.7] validation holds the raw validator result (Ajv errors)', async () => {
    const app = makeApp()
    let caught: any
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      caught = error
      reply.code(400).send('x')
    })
    app.post('/raw', { schema: { body: { type: 'object', required: ['name'] } } }, async () => 'x')
    await app.inject({ method: 'POST', url: '/raw', payload: {} })
    expect(caught.validation).toEqual([
      {
        keyword: 'required',
        instancePath: '',
        schemaPath: '#/required',
        params: { missingProperty: 'name' },
        message: "must have required property 'name'",
      },
    ])
  })

  it('[2.7] validation holds the error a custom validator returned', async () => {
    const app = makeApp()
    let caught: any
    const custom = { reason: 'nope', details: [1, 2] }
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      caught = error
      reply.code(400).send('x')
    })
    app.post(
      '/custom',
      { schema: { body: { type: 'object' } }, validatorCompiler: () => () => ({ error: custom }) },
      async () => 'x',
    )
    await app.inject({ method: 'POST', url: '/custom', payload: {} })
    expect(caught.statusCode).toBe(400)
    expect(caught.validationContext).toBe('body')
    expect(caught.validation).toBe(custom)
  })

  itBoth(
    '[2.7] with attachValidation, request.validationError holds the error with the raw result',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/attach',
        { schema: { body: { type: 'object', required: ['name'] } }, attachValidation: true },
        async (request: any) => {
          const error = request.validationError
          return {
            isError: error instanceof Error,
            statusCode: error.statusCode,
            validationContext: error.validationContext,
            message: error.message,
            validation: error.validation,
          }
        },
      )
      const res = await send(app, { method: 'POST', url: '/attach', payload: {} })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        isError: true,
        statusCode: 400,
        validationContext: 'body',
        message: "body should have required property 'name'",
        validation: [
          {
            keyword: 'required',
            instancePath: '',
            schemaPath: '#/required',
            params: { missingProperty: 'name' },
            message: "must have required property 'name'",
          },
        ],
      })
    },
  )

  itBoth('[2.7] validationError is absent when validation passed', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/attach-ok',
      { schema: { body: { type: 'object', required: ['name'] } }, attachValidation: true },
      async (request: any) => ({ error: request.validationError ?? null }),
    )
    const res = await send(app, { method: 'POST', url: '/attach-ok', payload: { name: 'n' } })
    expect(res.json()).toEqual({ error: null })
  })
})
