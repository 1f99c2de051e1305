import ajvErrors from 'ajv-errors'
import { describe, expect, it } from 'vitest'
import { badRequest, itBoth, makeApp, sleep, withoutCode } from './helpers'

// Specification section 7 (errors), with API.md "Validation" and "Errors that are not validation
// errors".
const userSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
}

describe('[7.1] the 400 response', () => {
  itBoth(
    '[7.1] a failed validation answers 400 with exactly statusCode, error and message',
    async ({ send }) => {
      const app = makeApp()
      app.post('/users', { schema: { body: userSchema } }, async () => 'never')
      const res = await send(app, { method: 'POST', url: '/users', payload: { age: 3 } })
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body).toBe(
        `{"statusCode":400,"error":"Bad Request","message":"body should have required property 'name'"}`,
      )
    },
  )

  itBoth('[7.1] the message names the part and the path of the failing value', async ({ send }) => {
    const app = makeApp()
    app.post('/users', { schema: { body: userSchema } }, async () => 'never')
    app.get(
      '/list',
      {
        schema: {
          querystring: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } },
        },
      },
      async () => 'never',
    )
    const age = await send(app, {
      method: 'POST',
      url: '/users',
      payload: { name: 'n', age: 'old' },
    })
    expect(age.json()).toEqual(badRequest('body/age should be integer'))
    const limit = await send(app, { url: '/list?limit=101' })
    expect(limit.json()).toEqual(badRequest('querystring/limit should be <= 100'))
  })
})

describe('[7.2] every validation error carries statusCode 400', () => {
  itBoth('[7.2] a formatter returning a plain Error still answers 400', async ({ send }) => {
    const app = makeApp({ schemaErrorFormatter: () => new Error('plain') })
    app.post('/p', { schema: { body: userSchema } }, async () => 'never')
    const res = await send(app, { method: 'POST', url: '/p', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(badRequest('plain'))
  })

  it('[7.2] the error reaching a handler has statusCode 400', async () => {
    const app = makeApp()
    let status: unknown
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      status = error.statusCode
      reply.send(error)
    })
    app.post('/p', { schema: { body: userSchema } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/p', payload: {} })
    expect(status).toBe(400)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(badRequest("body should have required property 'name'"))
  })
})

describe('[7.3] attachValidation', () => {
  itBoth('[7.3] the handler runs and decides the response', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/attach',
      { schema: { body: userSchema }, attachValidation: true },
      async (request: any, reply: any) => {
        if (request.validationError) return reply.code(400).send(request.validationError)
        return { ok: true }
      },
    )
    const bad = await send(app, { method: 'POST', url: '/attach', payload: {} })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(badRequest("body should have required property 'name'"))
    const custom = makeApp()
    custom.post(
      '/attach',
      { schema: { body: userSchema }, attachValidation: true },
      async (request: any, reply: any) =>
        reply.code(418).send({ teapot: request.validationError.validationContext }),
    )
    const tea = await send(custom, { method: 'POST', url: '/attach', payload: {} })
    expect(tea.statusCode).toBe(418)
    expect(tea.json()).toEqual({ teapot: 'body' })
    const ok = await send(app, { method: 'POST', url: '/attach', payload: { name: 'n' } })
    expect(ok.json()).toEqual({ ok: true })
  })
})

describe('[7.4] schemaErrorFormatter', () => {
  itBoth(
    '[7.4] receives the errors array and dataVar params, body, querystring or headers',
    async ({ send }) => {
      const calls: Array<{ dataVar: string; keyword: string; isArray: boolean }> = []
      const app = makeApp({
        schemaErrorFormatter: (errors: any[], dataVar: string) => {
          calls.push({ dataVar, keyword: errors[0].keyword, isArray: Array.isArray(errors) })
          return new Error(`${dataVar}!`)
        },
      })
      app.post(
        '/f/:id',
        {
          schema: {
            params: { type: 'object', properties: { id: { type: 'integer' } } },
            body: userSchema,
            querystring: { type: 'object', properties: { q: { type: 'integer' } } },
            headers: { type: 'object', properties: { 'x-n': { type: 'integer' } } },
          },
        },
        async () => 'never',
      )
      const messages: string[] = []
      for (const req of [
        { url: '/f/x', payload: { name: 'n' } },
        { url: '/f/1', payload: {} },
        { url: '/f/1?q=x', payload: { name: 'n' } },
        { url: '/f/1', payload: { name: 'n' }, headers: { 'x-n': 'x' } },
      ]) {
        const res = await send(app, { method: 'POST', ...req })
        messages.push(res.json().message)
      }
      expect(messages).toEqual(['params!', 'body!', 'querystring!', 'headers!'])
      expect(calls).toEqual([
        { dataVar: 'params', keyword: 'type', isArray: true },
        { dataVar: 'body', keyword: 'required', isArray: true },
        { dataVar: 'querystring', keyword: 'type', isArray: true },
        { dataVar: 'headers', keyword: 'type', isArray: true },
      ])
    },
  )

  it('[7.4] given to the instance, this is the server instance', async () => {
    const app = makeApp()
    let self: any
    app.register(async (child: any) => {
      child.decorate('who', 'child-instance')
      child.setSchemaErrorFormatter(function (this: any) {
        self = this
        return new Error('x')
      })
      child.post('/this', { schema: { body: userSchema } }, async () => 'never')
    })
    await app.inject({ method: 'POST', url: '/this', payload: {} })
    expect(self?.who).toBe('child-instance')
  })

  itBoth(
    '[7.4] the route option schemaErrorFormatter wins over the context and factory ones',
    async ({ send }) => {
      const app = makeApp({ schemaErrorFormatter: () => new Error('factory') })
      app.register(async (child: any) => {
        child.setSchemaErrorFormatter(() => new Error('context'))
        child.post('/ctx', { schema: { body: userSchema } }, async () => 'never')
        child.post(
          '/route',
          { schema: { body: userSchema }, schemaErrorFormatter: () => new Error('route') },
          async () => 'never',
        )
      })
      app.post('/root', { schema: { body: userSchema } }, async () => 'never')
      expect((await send(app, { method: 'POST', url: '/root', payload: {} })).json().message).toBe(
        'factory',
      )
      expect((await send(app, { method: 'POST', url: '/ctx', payload: {} })).json().message).toBe(
        'context',
      )
      expect((await send(app, { method: 'POST', url: '/route', payload: {} })).json().message).toBe(
        'route',
      )
    },
  )

  itBoth(
    '[7.4] a formatter that does not synchronously return an Error is a 500',
    async ({ send }) => {
      const app = makeApp({
        // Not async (refused at creation): a plain function that returns a promise.
        schemaErrorFormatter: () => Promise.resolve(new Error('too late')),
      })
      app.post('/async-fmt', { schema: { body: userSchema } }, async () => 'never')
      const res = await send(app, { method: 'POST', url: '/async-fmt', payload: {} })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toMatchObject({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'FRM_ERR_SCHEMA_ERROR_FORMATTER',
      })
    },
  )
})

describe('[7.5] a custom error handler', () => {
  itBoth('[7.5] can answer 422 for error.validation, with another body', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validation) {
        reply
          .status(422)
          .send({ invalid: error.validationContext, details: error.validation.length })
        return
      }
      reply.send(error)
    })
    app.post('/422', { schema: { body: userSchema } }, async () => 'never')
    const res = await send(app, { method: 'POST', url: '/422', payload: {} })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ invalid: 'body', details: 1 })
  })

  itBoth(
    '[7.5] an error handler that throws falls back to its parent’s handler',
    async ({ send }) => {
      const app = makeApp()
      app.setErrorHandler((error: any, _request: any, reply: any) => {
        reply.code(409).send({ parent: error.message })
      })
      app.register(async (child: any) => {
        child.setErrorHandler(async (error: any) => {
          throw new Error(`child failed on ${error.message}`)
        })
        child.get('/throws', async () => {
          throw new Error('original')
        })
      })
      const res = await send(app, { url: '/throws' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ parent: 'child failed on original' })
    },
  )

  itBoth(
    '[7.5] an error handler only handles the routes of its context and descendants',
    async ({ send }) => {
      const app = makeApp()
      app.register(async (child: any) => {
        child.setErrorHandler((_error: any, _request: any, reply: any) => {
          reply.code(503).send({ by: 'child' })
        })
        child.get('/child', async () => {
          throw new Error('c')
        })
      })
      app.get('/root', async () => {
        throw new Error('r')
      })
      expect((await send(app, { url: '/child' })).json()).toEqual({ by: 'child' })
      const root = await send(app, { url: '/root' })
      expect(root.statusCode).toBe(500)
      expect(root.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'r' })
    },
  )
})

describe('[7.6] errorMessage through ajv-errors', () => {
  const options = {
    validator: { plugins: [ajvErrors], customOptions: { allErrors: true, jsonPointers: true } },
  }

  itBoth('[7.6] errorMessage as a string replaces the message', async ({ send }) => {
    const app = makeApp(options)
    app.post(
      '/adult',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              age: { type: 'integer', minimum: 18, errorMessage: 'needs to be an adult age' },
            },
          },
        },
      },
      async () => 'ok',
    )
    const res = await send(app, { method: 'POST', url: '/adult', payload: { age: 3 } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(badRequest('body/age needs to be an adult age'))
  })

  itBoth(
    '[7.6] errorMessage as an object keyed by keyword, with a nested required object',
    async ({ send }) => {
      const app = makeApp(options)
      app.post(
        '/person',
        {
          schema: {
            body: {
              type: 'object',
              required: ['name', 'age'],
              properties: { name: { type: 'string' }, age: { type: 'integer' } },
              errorMessage: {
                type: 'a person is an object',
                required: { name: 'name is needed', age: 'age is needed' },
              },
            },
          },
        },
        async () => 'ok',
      )
      const missing = await send(app, { method: 'POST', url: '/person', payload: {} })
      expect(missing.json()).toEqual(badRequest('body name is needed, body age is needed'))
      const array = await send(app, { method: 'POST', url: '/person', payload: [1] })
      expect(array.json()).toEqual(badRequest('body a person is an object'))
    },
  )

  it('[7.6] allErrors true logs one warning about the denial-of-service risk', async () => {
    const warnings: string[] = []
    const listener = (warning: Error) => warnings.push(warning.message)
    process.on('warning', listener)
    try {
      const app = makeApp(options)
      app.post('/a', { schema: { body: userSchema } }, async () => 'ok')
      app.post(
        '/b',
        { schema: { body: { type: 'object', properties: { x: { type: 'string' } } } } },
        async () => 'ok',
      )
      await app.ready()
      await sleep(20)
    } finally {
      process.off('warning', listener)
    }
    const allErrors = warnings.filter((message) => /allErrors/.test(message))
    expect(allErrors).toHaveLength(1)
    expect(allErrors[0]).toMatch(/denial.of.service/i)
  })
})

describe('[7.7] localized messages', () => {
  itBoth('[7.7] an error handler translates error.validation and replies 400', async ({ send }) => {
    const app = makeApp()
    const fr: Record<string, (e: any) => string> = {
      required: (e) => `la propriété '${e.params.missingProperty}' est requise`,
      type: (e) => `${e.instancePath.slice(1)} doit être de type ${e.params.type}`,
    }
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (!error.validation) return reply.send(error)
      const message = error.validation.map((e: any) => fr[e.keyword]!(e)).join('; ')
      reply.code(400).send({ statusCode: 400, error: 'Bad Request', message })
    })
    app.post('/fr', { schema: { body: userSchema } }, async () => 'ok')
    const res = await send(app, { method: 'POST', url: '/fr', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(badRequest("la propriété 'name' est requise"))
    const typed = await send(app, { method: 'POST', url: '/fr', payload: { name: 'n', age: 'x' } })
    expect(typed.json()).toEqual(badRequest('age doit être de type integer'))
  })
})

describe('[7.8] errors that are not validation errors', () => {
  itBoth(
    '[7.8] a thrown error without a status answers 500 with statusCode, error, message',
    async ({ send }) => {
      const app = makeApp()
      app.get('/boom', async () => {
        throw new Error('boom')
      })
      const res = await send(app, { url: '/boom' })
      expect(res.statusCode).toBe(500)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'boom',
      })
    },
  )

  itBoth('[7.8] a thrown error with a status and a code keeps both', async ({ send }) => {
    const app = makeApp()
    app.get('/teapot', async () => {
      throw Object.assign(new Error('short and stout'), { statusCode: 418, code: 'TEAPOT' })
    })
    const res = await send(app, { url: '/teapot' })
    expect(res.statusCode).toBe(418)
    expect(res.json()).toEqual({
      statusCode: 418,
      error: "I'm a Teapot",
      message: 'short and stout',
      code: 'TEAPOT',
    })
  })

  itBoth('[7.8] reply.send(error) takes the error path', async ({ send }) => {
    const app = makeApp()
    app.get('/sent-error', (_request: any, reply: any) => {
      reply.send(Object.assign(new Error('gone'), { statusCode: 410 }))
    })
    const res = await send(app, { url: '/sent-error' })
    expect(res.statusCode).toBe(410)
    expect(res.json()).toEqual({ statusCode: 410, error: 'Gone', message: 'gone' })
  })

  itBoth('[7.8] no matching route: 404 Route GET:/path not found', async ({ send }) => {
    const app = makeApp()
    app.get('/exists', async () => 'yes')
    const res = await send(app, { url: '/nope/deeper?x=1' })
    expect(res.statusCode).toBe(404)
    expect(withoutCode(res.json(), 'FRM_ERR_NOT_FOUND')).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/nope/deeper not found',
    })
    const post = await send(app, { method: 'POST', url: '/exists' })
    expect(post.statusCode).toBe(404)
    expect(post.json().message).toBe('Route POST:/exists not found')
  })

  itBoth('[7.8] malformed JSON is a 400 that does not echo a stack', async ({ send }) => {
    const app = makeApp()
    app.post('/j', async (request: any) => request.body)
    const res = await send(app, {
      method: 'POST',
      url: '/j',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'FRM_ERR_CTP_INVALID_JSON_BODY',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    })
    expect(res.body).not.toMatch(/\n\s+at /)
  })

  itBoth('[7.8] an empty body with a JSON content type is a 400', async ({ send }) => {
    const app = makeApp()
    app.post('/j', async (request: any) => ({ body: request.body ?? null }))
    const res = await send(app, {
      method: 'POST',
      url: '/j',
      headers: { 'content-type': 'application/json', 'content-length': '0' },
      payload: '',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'FRM_ERR_CTP_EMPTY_JSON_BODY',
    })
  })

  itBoth(
    '[7.8] __proto__ or constructor.prototype keys in a JSON body are a 400',
    async ({ send }) => {
      const app = makeApp()
      app.post('/j', async (request: any) => request.body)
      for (const payload of [
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        '{"nested":{"deeper":{"__proto__":{"admin":true}}}}',
      ]) {
        const res = await send(app, {
          method: 'POST',
          url: '/j',
          headers: { 'content-type': 'application/json' },
          payload,
        })
        expect(res.statusCode, payload).toBe(400)
        expect(res.json()).toMatchObject({
          statusCode: 400,
          code: 'FRM_ERR_CTP_FORBIDDEN_PROPERTY',
        })
      }
    },
  )

  itBoth('[7.8] a body over bodyLimit is a 413', async ({ send }) => {
    const app = makeApp({ bodyLimit: 100 })
    app.post('/big', async () => 'never')
    const res = await send(app, {
      method: 'POST',
      url: '/big',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(200) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
    })
  })

  itBoth('[7.8] a content type with no parser is a 415', async ({ send }) => {
    const app = makeApp()
    app.post('/any', async () => 'never')
    const res = await send(app, {
      method: 'POST',
      url: '/any',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'data',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Unsupported Media Type',
      code: 'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
    })
  })

  itBoth('[7.8] no stack trace ever reaches a client', async ({ send }) => {
    const app = makeApp()
    app.get('/deep', async () => {
      const error: any = new Error('with details')
      error.stack = 'Error: with details\n    at secret (/srv/app/secret.js:1:1)'
      throw error
    })
    app.get('/non-error', async () => {
      throw { message: 'not an Error', stack: 'at /srv/x.js' }
    })
    for (const url of ['/deep', '/non-error']) {
      const res = await send(app, { url })
      expect(res.statusCode).toBe(500)
      expect(res.body).not.toContain('/srv/')
      expect(res.body).not.toContain('stack')
    }
  })
})
