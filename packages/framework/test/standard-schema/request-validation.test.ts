import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect } from 'vitest'
import { z } from 'zod'
import { itBoth, makeApp, sleep } from '../spec/helpers'

// API.md "Standard Schema": request parts validated by a Standard Schema value (Zod 4, Valibot 1,
// ArkType 2), through inject and over a real socket.

const zodItems = z.object({ items: z.array(z.object({ name: z.string() })) })
const valibotItems = v.object({ items: v.array(v.object({ name: v.string() })) })
const arktypeItems = type({ items: type({ name: 'string' }).array() })

describe('Standard Schema in request slots', () => {
  itBoth(
    'a Zod body, a JSON Schema querystring and a Valibot response in one route',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/users',
        {
          schema: {
            body: z.object({ name: z.string() }),
            querystring: { type: 'object', properties: { limit: { type: 'integer' } } },
            response: { 200: v.object({ name: v.string(), limit: v.number() }) },
          },
        },
        async (request: any) => ({ ...request.body, limit: request.query.limit, secret: 'x' }),
      )
      const ok = await send(app, {
        method: 'POST',
        url: '/users?limit=5',
        payload: { name: 'ada' },
      })
      expect(ok.statusCode).toBe(200)
      expect(ok.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(ok.body).toBe('{"name":"ada","limit":5}')
      const bad = await send(app, { method: 'POST', url: '/users?limit=5', payload: { name: 7 } })
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toBe(
        '{"statusCode":400,"error":"Bad Request","message":"body/name Invalid input: expected string, received number"}',
      )
      const query = await send(app, {
        method: 'POST',
        url: '/users?limit=x',
        payload: { name: 'a' },
      })
      expect(query.json().message).toBe('querystring/limit should be integer')
    },
  )

  itBoth("the validator's output replaces the part (transforms and defaults)", async ({ send }) => {
    const app = makeApp()
    app.post(
      '/zod/:id',
      {
        schema: {
          params: type({ id: 'string.numeric.parse' }),
          querystring: v.object({ page: v.pipe(v.string(), v.transform(Number)) }),
          body: z.object({
            name: z.string().transform((name) => name.toUpperCase()),
            tags: z.array(z.string()).default([]),
          }),
        },
      },
      async (request: any) => ({
        id: request.params.id,
        idType: typeof request.params.id,
        page: request.query.page,
        pageType: typeof request.query.page,
        body: request.body,
      }),
    )
    const res = await send(app, { method: 'POST', url: '/zod/12?page=3', payload: { name: 'ada' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: 12,
      idType: 'number',
      page: 3,
      pageType: 'number',
      body: { name: 'ADA', tags: [] },
    })
  })

  itBoth('an asynchronous validate is awaited before the preHandler hooks', async ({ send }) => {
    const app = makeApp()
    const events: string[] = []
    // A hand-written Standard Schema value: only the `~standard` shape counts.
    const body = {
      '~standard': {
        version: 1,
        vendor: 'hand-written',
        validate: async (value: any) => {
          await sleep(20)
          events.push(`validated ${value?.code}`)
          if (value?.code === 'taken') {
            return { issues: [{ message: 'is taken', path: [{ key: 'code' }] }] }
          }
          return { value: { code: String(value.code).toUpperCase() } }
        },
      },
    }
    app.post(
      '/codes',
      {
        schema: { body },
        preHandler: async (request: any) => {
          events.push(`preHandler ${request.body.code}`)
        },
      },
      async (request: any) => {
        events.push('handler')
        return { code: request.body.code }
      },
    )
    const ok = await send(app, { method: 'POST', url: '/codes', payload: { code: 'free' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('{"code":"FREE"}')
    expect(events).toEqual(['validated free', 'preHandler FREE', 'handler'])
    events.length = 0
    const taken = await send(app, { method: 'POST', url: '/codes', payload: { code: 'taken' } })
    expect(taken.statusCode).toBe(400)
    expect(taken.body).toBe(
      '{"statusCode":400,"error":"Bad Request","message":"body/code is taken"}',
    )
    expect(events).toEqual(['validated taken'])
  })

  itBoth('a Zod schema with an asynchronous refinement is awaited too', async ({ send }) => {
    const app = makeApp()
    const body = z.object({ code: z.string() }).refine(async (value) => {
      await sleep(10)
      return value.code !== 'taken'
    }, 'code is taken')
    const seen: unknown[] = []
    app.post(
      '/codes',
      { schema: { body }, preHandler: async (request: any) => void seen.push(request.body) },
      async (request: any) => request.body,
    )
    const ok = await send(app, { method: 'POST', url: '/codes', payload: { code: 'free', x: 1 } })
    expect(ok.body).toBe('{"code":"free"}')
    expect(seen).toEqual([{ code: 'free' }])
    const taken = await send(app, { method: 'POST', url: '/codes', payload: { code: 'taken' } })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().message).toBe('body code is taken')
    expect(seen).toHaveLength(1)
  })

  itBoth(
    'the 400 names the part and the JSON pointer of each issue, per library',
    async ({ send }) => {
      const app = makeApp()
      app.post('/zod', { schema: { body: zodItems } }, async () => 'never')
      app.post('/valibot', { schema: { body: valibotItems } }, async () => 'never')
      app.post('/arktype', { schema: { body: arktypeItems } }, async () => 'never')
      const payload = { items: [{ name: 'ok' }, { name: 1 }] }
      const messages: Record<string, string> = {}
      for (const library of ['zod', 'valibot', 'arktype']) {
        const res = await send(app, { method: 'POST', url: `/${library}`, payload })
        expect(res.statusCode).toBe(400)
        expect(Object.keys(res.json())).toEqual(['statusCode', 'error', 'message'])
        messages[library] = res.json().message
      }
      expect(messages).toEqual({
        zod: 'body/items/1/name Invalid input: expected string, received number',
        valibot: 'body/items/1/name Invalid type: Expected string',
        arktype: 'body/items/1/name should be a string',
      })
    },
  )

  itBoth(
    'several issues are joined by ", " and a missing body is validated as null',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/pair',
        { schema: { body: z.object({ a: z.string(), b: z.number() }) } },
        async () => 1,
      )
      const two = await send(app, { method: 'POST', url: '/pair', payload: { a: 1, b: 'x' } })
      expect(two.json().message).toBe(
        'body/a Invalid input: expected string, received number, body/b Invalid input: expected number, received string',
      )
      const none = await send(app, { method: 'POST', url: '/pair' })
      expect(none.statusCode).toBe(400)
      expect(none.json().message).toBe('body Invalid input: expected object, received null')
    },
  )

  itBoth('params, headers and querystring fail with their own dataVar', async ({ send }) => {
    const app = makeApp()
    app.get(
      '/items/:id',
      {
        schema: {
          params: z.object({ id: z.string().regex(/^\d+$/, 'must be digits') }),
          headers: type({ 'x-token': 'string' }),
          querystring: v.object({ sort: v.picklist(['asc', 'desc']) }),
        },
      },
      async () => 'ok',
    )
    const params = await send(app, { url: '/items/abc?sort=asc', headers: { 'x-token': 't' } })
    expect(params.json().message).toBe('params/id should be digits')
    const headers = await send(app, { url: '/items/1?sort=asc' })
    expect(headers.json().message).toBe('headers/x-token should be a string')
    const query = await send(app, { url: '/items/1?sort=up', headers: { 'x-token': 't' } })
    expect(query.json().message).toBe('querystring/sort Invalid type: Expected ("asc" | "desc")')
    const ok = await send(app, { url: '/items/1?sort=asc', headers: { 'x-token': 't' } })
    expect(ok.body).toBe('ok')
  })
})

describe('Standard Schema failures reach the error machinery unchanged', () => {
  itBoth(
    'error.validation holds { instancePath, message } per issue for error handlers',
    async ({ send }) => {
      const app = makeApp()
      app.setErrorHandler((error: any, _request: any, reply: any) => {
        reply.code(422).send({
          context: error.validationContext,
          validation: error.validation,
          message: error.message,
        })
      })
      app.post('/v', { schema: { body: valibotItems } }, async () => 'never')
      const res = await send(app, { method: 'POST', url: '/v', payload: { items: [{ name: 5 }] } })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        context: 'body',
        validation: [{ instancePath: '/items/0/name', message: 'Invalid type: Expected string' }],
        message: 'body/items/0/name Invalid type: Expected string',
      })
    },
  )

  itBoth('schemaErrorFormatter receives the issues and the dataVar', async ({ send }) => {
    const seen: unknown[] = []
    const app = makeApp({
      schemaErrorFormatter: (errors: any[], dataVar: string) => {
        seen.push({ errors, dataVar })
        return new Error(`${dataVar}: ${errors.map((e) => e.instancePath).join(' ')}`)
      },
    })
    app.get(
      '/q',
      { schema: { querystring: z.object({ n: z.coerce.number().max(10) }) } },
      async () => 1,
    )
    const res = await send(app, { url: '/q?n=99' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe('{"statusCode":400,"error":"Bad Request","message":"querystring: /n"}')
    expect(seen).toEqual([
      {
        errors: [{ instancePath: '/n', message: 'Too big: expected number to be <=10' }],
        dataVar: 'querystring',
      },
    ])
  })

  itBoth('attachValidation runs the handler with request.validationError', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/attach',
      { schema: { body: arktypeItems }, attachValidation: true },
      async (request: any) => ({
        message: request.validationError.message,
        statusCode: request.validationError.statusCode,
        validation: request.validationError.validation,
      }),
    )
    const res = await send(app, { method: 'POST', url: '/attach', payload: { items: 'no' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      message: 'body/items should be an array',
      statusCode: 400,
      validation: [{ instancePath: '/items', message: 'must be an array' }],
    })
  })

  itBoth(
    'no rejected input value reaches the client, whatever the library quotes',
    async ({ send }) => {
      const app = makeApp()
      const errors: unknown[] = []
      app.addHook('onError', async (_request: any, _reply: any, error: any) => {
        errors.push(error.validation)
      })
      app.post(
        '/valibot',
        {
          schema: {
            body: v.object({
              email: v.pipe(v.string(), v.email()),
              pick: v.picklist(['x']),
              long: v.pipe(v.string(), v.minLength(50)),
              count: v.number(),
            }),
          },
        },
        async () => 'never',
      )
      app.post(
        '/arktype',
        { schema: { body: type({ pick: "'x'|'y'", n: 'number > 3', mail: 'string.email' }) } },
        async () => 'never',
      )
      app.post(
        '/zod',
        { schema: { body: z.object({ mail: z.email(), pick: z.enum(['x']), n: z.number() }) } },
        async () => 'never',
      )
      const secret = 'hunter2-secret'
      const sent = [
        { url: '/valibot', payload: { email: secret, pick: secret, long: secret, count: secret } },
        { url: '/arktype', payload: { pick: secret, n: 2, mail: secret } },
        { url: '/zod', payload: { mail: secret, pick: secret, n: secret } },
      ]
      for (const { url, payload } of sent) {
        const res = await send(app, { method: 'POST', url, payload })
        expect(res.statusCode).toBe(400)
        expect(res.body).not.toContain('hunter2')
      }
      expect(errors).toHaveLength(3)
      expect(JSON.stringify(errors)).not.toContain('hunter2')
      for (const validation of errors as Array<Array<Record<string, unknown>>>) {
        for (const issue of validation)
          expect(Object.keys(issue)).toEqual(['instancePath', 'message'])
      }
    },
  )

  itBoth(
    'params are validated before the body: the first failing part ends validation',
    async ({ send }) => {
      const app = makeApp()
      app.put(
        '/things/:id',
        { schema: { params: z.object({ id: z.uuid() }), body: z.object({ a: z.string() }) } },
        async () => 'never',
      )
      const res = await send(app, { method: 'PUT', url: '/things/nope', payload: {} })
      expect(res.json().message).toBe('params/id Invalid UUID')
    },
  )
})
