import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Response validation": `responseValidation: true` (factory or route option).

/** A pino-shaped logger that keeps what is logged at error level. */
function capturingLogger() {
  const errors: Array<{ err?: any; message?: string }> = []
  const noop = () => {}
  const logger: any = {
    level: 'info',
    fatal: noop,
    error: (object: any, message?: string) => errors.push({ err: object?.err, message }),
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    child: () => logger,
  }
  return { logger, errors }
}

const account = {
  type: 'object',
  required: ['id', 'role'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, role: { type: 'string', default: 'user' } },
}

describe('response validation of JSON Schema replies', () => {
  itBoth(
    'a reply that only coercion would fix answers 500 with the default body',
    async ({ send }) => {
      const { logger, errors } = capturingLogger()
      const app = makeApp({ responseValidation: true, logger })
      app.get('/account', { schema: { response: { 200: account } } }, async () => ({
        id: '5',
        role: 'a',
      }))
      const res = await send(app, { url: '/account' })
      expect(res.statusCode).toBe(500)
      expect(res.body).toBe(
        '{"statusCode":500,"error":"Internal Server Error","message":"Response validation failed for GET /account (status 200): /id must be integer","code":"FRM_ERR_RESPONSE_VALIDATION"}',
      )
      expect(errors).toHaveLength(1)
      expect(errors[0]!.message).toBe(
        'Response validation failed for GET /account (status 200): /id must be integer',
      )
      expect(errors[0]!.err.validation).toEqual([
        expect.objectContaining({
          instancePath: '/id',
          keyword: 'type',
          message: 'must be integer',
        }),
      ])
    },
  )

  itBoth(
    'without it, the same reply is coerced by the serializer (the hot path as before)',
    async ({ send }) => {
      const app = makeApp()
      app.get('/account', { schema: { response: { 200: account } } }, async () => ({
        id: '5',
        extra: 1,
      }))
      const res = await send(app, { url: '/account' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('{"id":5,"role":"user"}')
    },
  )

  itBoth('properties are neither removed nor defaulted before the check', async ({ send }) => {
    const app = makeApp({ responseValidation: true })
    app.get('/extra', { schema: { response: { 200: account } } }, async () => ({
      id: 1,
      role: 'a',
      extra: 1,
    }))
    app.get('/missing', { schema: { response: { 200: account } } }, async () => ({ id: 1 }))
    app.get('/good', { schema: { response: { 200: account } } }, async () => ({ id: 1, role: 'a' }))
    const extra = await send(app, { url: '/extra' })
    expect(extra.statusCode).toBe(500)
    expect(extra.json().message).toBe(
      'Response validation failed for GET /extra (status 200): / must NOT have additional properties',
    )
    const missing = await send(app, { url: '/missing' })
    expect(missing.statusCode).toBe(500)
    expect(missing.json().message).toBe(
      "Response validation failed for GET /missing (status 200): / must have required property 'role'",
    )
    const good = await send(app, { url: '/good' })
    expect(good.statusCode).toBe(200)
    expect(good.body).toBe('{"id":1,"role":"a"}')
  })

  itBoth('shared schemas are reachable by $ref, and the status key is named', async ({ send }) => {
    const app = makeApp({ responseValidation: true })
    app.addSchema({
      $id: 'item',
      type: 'object',
      required: ['n'],
      properties: { n: { type: 'number' } },
    })
    app.post(
      '/items',
      { schema: { response: { '2xx': { type: 'array', items: { $ref: 'item#' } } } } },
      async (_request: any, reply: any) => {
        reply.code(201)
        return [{ n: 1 }, { n: 'two' }]
      },
    )
    const res = await send(app, { method: 'POST', url: '/items' })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe(
      'Response validation failed for POST /items (status 2xx): /1/n must be number',
    )
  })
})

describe('response validation of Standard Schema replies', () => {
  itBoth(
    'validate() checks the reply; a failure logs route, status and paths',
    async ({ send }) => {
      const { logger, errors } = capturingLogger()
      const app = makeApp({ responseValidation: true, logger })
      app.get(
        '/users',
        { schema: { response: { 200: z.array(z.object({ name: z.string().min(2) })) } } },
        async (request: any) => [{ name: 'ada' }, { name: request.query.short ? 'x' : 'bob' }],
      )
      const ok = await send(app, { url: '/users' })
      expect(ok.statusCode).toBe(200)
      expect(ok.body).toBe('[{"name":"ada"},{"name":"bob"}]')
      const bad = await send(app, { url: '/users?short=1' })
      expect(bad.statusCode).toBe(500)
      expect(bad.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message:
          'Response validation failed for GET /users (status 200): /1/name Too small: expected string to have >=2 characters',
        code: 'FRM_ERR_RESPONSE_VALIDATION',
      })
      expect(errors.map((entry) => entry.message)).toEqual([bad.json().message])
      expect(errors[0]!.err.validation).toEqual([
        { instancePath: '/1/name', message: 'Too small: expected string to have >=2 characters' },
      ])
    },
  )

  itBoth('a failing Valibot reply never echoes the payload to the client', async ({ send }) => {
    const app = makeApp({ responseValidation: true })
    app.get(
      '/me',
      { schema: { response: { 200: v.object({ email: v.pipe(v.string(), v.email()) }) } } },
      async () => ({ email: 'hunter2-secret' }),
    )
    const res = await send(app, { url: '/me' })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('hunter2')
    expect(res.json().message).toBe(
      'Response validation failed for GET /me (status 200): /email Invalid email',
    )
  })
})

describe('the route option', () => {
  itBoth('turns response validation on for one route, or off for one route', async ({ send }) => {
    const off = makeApp()
    off.get(
      '/checked',
      { responseValidation: true, schema: { response: { 200: account } } },
      async () => ({ id: 'x1', role: 'a' }),
    )
    off.get('/free', { schema: { response: { 200: account } } }, async () => ({ id: 3 }))
    expect((await send(off, { url: '/checked' })).json().message).toBe(
      'Response validation failed for GET /checked (status 200): /id must be integer',
    )
    expect((await send(off, { url: '/free' })).body).toBe('{"id":3,"role":"user"}')

    const on = makeApp({ responseValidation: true })
    on.get(
      '/exempt',
      { responseValidation: false, schema: { response: { 200: account } } },
      async () => ({ id: 3 }),
    )
    expect((await send(on, { url: '/exempt' })).body).toBe('{"id":3,"role":"user"}')
  })

  it('refuses a factory option that is not a boolean', () => {
    expect(() => makeApp({ responseValidation: 'yes' })).toThrow(
      "Option 'responseValidation' is not valid: expected true or false, received string",
    )
  })
})

describe('JSON Schema response checks refused at ready', () => {
  it('names the response status when a response schema uses $async', async () => {
    const app = makeApp({ responseValidation: true })
    app.get(
      '/async',
      {
        schema: {
          response: {
            200: { $async: true, type: 'object', properties: { a: { type: 'string' } } },
          },
        },
      },
      async () => ({ a: 'x' }),
    )
    await expect(app.ready()).rejects.toThrow(
      'The response 200 schema of GET /async uses $async, which is refused',
    )
  })
})
