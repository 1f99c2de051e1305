import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Validation" → "Custom compilers".
describe('custom validator compilers, as Fastify 4 code writes them', () => {
  itBoth('a compiler that returns no function leaves that part unvalidated', async ({ send }) => {
    const app = makeApp()
    const parts: string[] = []
    app.setValidatorCompiler(({ httpPart }: any) => {
      parts.push(httpPart)
      if (httpPart === 'body') return undefined
      if (httpPart === 'querystring') return null
      return () => ({ error: new Error(`${httpPart} refused`) })
    })
    app.post(
      '/',
      {
        schema: {
          body: { type: 'object', required: ['never'] },
          querystring: { type: 'object', required: ['never'] },
        },
      },
      async (request: any) => ({ body: request.body, query: { ...request.query } }),
    )
    app.post(
      '/headers',
      { schema: { body: { type: 'object' }, headers: { type: 'object' } } },
      async () => 'not reached',
    )
    const response = await send(app, { method: 'POST', url: '/?a=1', payload: { b: 2 } })
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { body: { b: 2 }, query: { a: '1' } },
    ])
    const refused = await send(app, { method: 'POST', url: '/headers', payload: {} })
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { statusCode: 400, error: 'Bad Request', message: 'headers refused' },
    ])
    expect(parts.sort()).toEqual(['body', 'body', 'headers', 'querystring'])
  })

  itBoth(
    'an unvalidated body part accepts non-JSON bodies, as a route without one',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(() => undefined)
      app.post('/', { schema: { body: { type: 'object' } } }, async (request: any) => ({
        body: request.body,
      }))
      const response = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/plain' },
        payload: 'plain',
      })
      expect([response.statusCode, response.json()]).toEqual([200, { body: 'plain' }])
    },
  )

  itBoth(
    'an Error from a custom compiler keeps its own validationContext and status',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(({ httpPart }: any) => (data: any) => {
        if (httpPart === 'body' && data.kind === 'context') {
          return {
            error: Object.assign(new Error('custom context'), { validationContext: 'payload' }),
          }
        }
        if (httpPart === 'body' && data.kind === 'status') {
          return { error: Object.assign(new Error('too early'), { statusCode: 425 }) }
        }
        if (httpPart === 'body' && data.kind === 'plain') return { error: new Error('plain error') }
        return { value: data }
      })
      app.setErrorHandler((error: any, _request: any, reply: any) => {
        reply.code(error.statusCode).send({
          message: error.message,
          context: error.validationContext,
          validationIsError: error.validation === error,
        })
      })
      app.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
      const own = await send(app, { method: 'POST', url: '/', payload: { kind: 'context' } })
      expect([own.statusCode, own.json()]).toEqual([
        400,
        { message: 'custom context', context: 'payload', validationIsError: true },
      ])
      const status = await send(app, { method: 'POST', url: '/', payload: { kind: 'status' } })
      expect([status.statusCode, status.json()]).toEqual([
        425,
        { message: 'too early', context: 'body', validationIsError: true },
      ])
      const plain = await send(app, { method: 'POST', url: '/', payload: { kind: 'plain' } })
      expect([plain.statusCode, plain.json()]).toEqual([
        400,
        { message: 'plain error', context: 'body', validationIsError: true },
      ])
    },
  )

  itBoth(
    'the default formatter prints errors without instancePath as dataVar + message',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(({ httpPart }: any) => {
        const validate: any = (data: any) => {
          if (httpPart === 'querystring' && data.q === undefined) {
            validate.errors = [{ message: 'needs q' }, { instancePath: '/x', message: 'must be y' }]
            return false
          }
          return true
        }
        return validate
      })
      app.get('/', { schema: { querystring: { type: 'object' } } }, async () => 'ok')
      const response = await send(app, { url: '/' })
      expect([response.statusCode, response.json()]).toEqual([
        400,
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'querystring needs q, querystring/x must be y',
        },
      ])
    },
  )

  itBoth(
    '{ error } that is a list of messages without paths is formatted the same way',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(() => () => ({ error: [{ message: 'is not a valid thing' }] }))
      app.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
      const response = await send(app, { method: 'POST', url: '/', payload: {} })
      expect(response.json().message).toBe('body is not a valid thing')
    },
  )
})
