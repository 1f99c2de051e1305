import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { ValidatorCompiler } from './index.js'

const userBody = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }

describe('[4.2] request validation', () => {
  it('[4.2.1] validates params, body, querystring (alias query) and headers', async () => {
    const { app } = createApp()
    app.post(
      '/users/:id',
      {
        schema: {
          params: { id: { type: 'integer' } },
          body: userBody,
          query: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } },
          headers: { type: 'object', required: ['x-token'] },
        },
      },
      async (request) => ({
        params: request.params,
        body: request.body,
        limit: request.query.limit,
      }),
    )
    const ok = {
      method: 'POST',
      url: '/users/1?limit=5',
      headers: { 'x-token': 't' },
      payload: { name: 'a' },
    }
    expect((await app.inject(ok)).json()).toEqual({
      params: { id: 1 },
      body: { name: 'a' },
      limit: 5,
    })
    const failures = [
      [{ ...ok, url: '/users/x' }, 'params/id should be integer'],
      [{ ...ok, payload: {} }, "body should have required property 'name'"],
      [{ ...ok, url: '/users/1?limit=500' }, 'querystring/limit should be <= 100'],
      [{ ...ok, headers: {} }, "headers should have required property 'x-token'"],
    ] as const
    for (const [request, message] of failures) {
      const response = await app.inject(request)
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { statusCode: 400, error: 'Bad Request', message },
      ])
    }
  })

  it('answers a failed validation with the same 400 whether or not anything sees its Error', async () => {
    const lines: unknown[] = []
    const logger = {
      level: 'info',
      info: (object: { err?: Error }, message: string) =>
        lines.push([object.err?.message, message]),
      error: () => {},
      warn: () => {},
      debug: () => {},
      trace: () => {},
      fatal: () => {},
      child() {
        return logger
      },
    }
    const seen: unknown[] = []
    const plain = createApp().app
    const hooked = createApp().app
    hooked.addHook('onError', async (_request, _reply, error) => {
      seen.push([error.message, (error as { validationContext?: unknown }).validationContext])
    })
    const logged = createApp({ logger }).app
    const payloads: unknown[] = []
    for (const app of [plain, hooked, logged]) {
      app.addHook('onSend', async (_request, reply, payload) => {
        payloads.push([reply.statusCode, reply.getHeader('content-type'), payload])
      })
      app.post('/users', { schema: { body: userBody } }, async () => 'never')
    }
    const message = "body should have required property 'name'"
    for (const app of [plain, hooked, logged]) {
      const response = await app.inject({ method: 'POST', url: '/users', payload: {} })
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { statusCode: 400, error: 'Bad Request', message },
      ])
    }
    const body = JSON.stringify({ statusCode: 400, error: 'Bad Request', message })
    expect(payloads).toEqual(Array(3).fill([400, 'application/json; charset=utf-8', body]))
    expect(seen).toEqual([[message, 'body']])
    expect(lines).toEqual([[message, message]])
  })

  it('checks the parts in the order params, body, querystring, headers; the first failure ends validation', async () => {
    const { app } = createApp()
    const calls: string[] = []
    app.setValidatorCompiler(({ httpPart }) => () => {
      calls.push(httpPart)
      return httpPart === 'body' ? { error: new Error(`${httpPart} failed`) } : true
    })
    app.post(
      '/',
      { schema: { headers: {}, querystring: {}, body: {}, params: {} } },
      async () => 'x',
    )
    const response = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(response.json().message).toBe('body failed')
    expect(calls).toEqual(['params', 'body'])
  })

  it('awaits a validator that answers a promise, then checks the parts after it', async () => {
    const { app } = createApp()
    const calls: string[] = []
    app.setValidatorCompiler(({ httpPart }) => (data: unknown) => {
      calls.push(httpPart)
      if (httpPart === 'body')
        return Promise.resolve({ value: { ...(data as object), seen: true } })
      if (httpPart === 'querystring' && (data as { fail?: string }).fail !== undefined) {
        return Promise.resolve({ error: new Error('querystring failed') })
      }
      return true
    })
    app.post(
      '/',
      { schema: { querystring: {}, body: {}, params: {} } },
      async (request) => request.body,
    )
    const ok = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    expect([ok.statusCode, ok.json()]).toEqual([200, { a: 1, seen: true }])
    expect(calls).toEqual(['params', 'body', 'querystring'])
    const failed = await app.inject({ method: 'POST', url: '/?fail=1', payload: { a: 1 } })
    expect([failed.statusCode, failed.json().message]).toEqual([400, 'querystring failed'])
  })

  it('[4.2.2] validates the body for POST, PUT and PATCH only', async () => {
    const { app, compilers } = createApp()
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/',
      schema: { body: userBody },
      handler: async (request) => request.method,
    })
    await app.ready()
    expect(compilers.log.validatorInputs.map((input) => input.method)).toEqual([
      'POST',
      'PUT',
      'PATCH',
    ])
    for (const method of ['POST', 'PUT', 'PATCH']) {
      expect((await app.inject({ method, url: '/', payload: {} })).statusCode).toBe(400)
    }
    expect((await app.inject({ method: 'DELETE', url: '/', payload: {} })).statusCode).toBe(200)
  })

  it('refuses a GET or HEAD route with a body schema at declaration', () => {
    const { app } = createApp()
    for (const method of ['GET', 'HEAD', ['POST', 'GET']]) {
      expect(() =>
        app.route({
          method: method as never,
          url: '/',
          schema: { body: userBody },
          handler: async () => 'x',
        }),
      ).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED',
          message: `Body validation schema for ${method === 'HEAD' ? 'HEAD' : 'GET'}:/ route is not supported!`,
        }),
      )
    }
  })

  it('validates a missing body as null: a nullable schema accepts it, a required object answers 400', async () => {
    const { app } = createApp()
    app.post('/nullable', { schema: { body: { type: ['object', 'null'] } } }, async (request) => ({
      body: request.body ?? 'undefined',
    }))
    app.post('/required', { schema: { body: userBody } }, async () => 'x')
    expect((await app.inject({ method: 'POST', url: '/nullable' })).json()).toEqual({
      body: 'undefined',
    })
    const required = await app.inject({ method: 'POST', url: '/required' })
    expect([required.statusCode, required.json().message]).toEqual([400, 'body should be object'])
  })

  it('[4.2.7] reads custom results: { value } replaces the part, { error } fails it, promises are awaited', async () => {
    const { app } = createApp()
    app.get(
      '/value',
      {
        schema: { querystring: {} },
        validatorCompiler: () => () => ({ value: { replaced: true } }),
      },
      async (request) => request.query,
    )
    app.get(
      '/error',
      {
        schema: { querystring: {} },
        validatorCompiler: () => () => ({
          error: [
            {
              keyword: 'x',
              instancePath: '/q',
              schemaPath: '',
              params: {},
              message: 'must be nice',
            },
          ],
        }),
      },
      async () => 'x',
    )
    app.get(
      '/async',
      {
        schema: { querystring: {} },
        validatorCompiler: () => async () => ({ error: new Error('checked later') }),
      },
      async () => 'x',
    )
    app.get(
      '/joi-style',
      {
        schema: { querystring: {} },
        validatorCompiler: () => () => ({ value: { v: 1 }, error: undefined }),
      },
      async (request) => request.query,
    )
    expect((await app.inject('/value')).json()).toEqual({ replaced: true })
    // A custom compiler's wording is kept ("should" is the default validator's).
    expect((await app.inject('/error')).json().message).toBe('querystring/q must be nice')
    expect((await app.inject('/async')).json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'checked later',
    })
    expect((await app.inject('/joi-style')).json()).toEqual({ v: 1 })
  })

  it('[2.7] builds the error with statusCode 400, validation and validationContext', async () => {
    const { app } = createApp()
    const errors: Array<Record<string, unknown>> = []
    app.setErrorHandler((error, _request, reply) => {
      errors.push({
        statusCode: error.statusCode,
        context: error.validationContext,
        validation: error.validation,
      })
      reply.code(422).send({ custom: error.validationContext })
    })
    app.get('/q', { schema: { querystring: { type: 'object', required: ['a'] } } }, async () => 'x')
    const response = await app.inject('/q')
    expect([response.statusCode, response.json()]).toEqual([422, { custom: 'query' }])
    expect(errors).toEqual([
      {
        statusCode: 400,
        context: 'query',
        validation: [
          {
            keyword: 'required',
            instancePath: '',
            schemaPath: '#/required',
            params: { missingProperty: 'a' },
            message: "must have required property 'a'",
          },
        ],
      },
    ])
  })

  it('[7.3] with attachValidation the handler runs with request.validationError', async () => {
    const { app } = createApp()
    app.post(
      '/',
      { attachValidation: true, schema: { body: userBody } },
      async (request, reply) => {
        const error = request.validationError
        if (error)
          return reply.code(400).send({ attached: error.message, context: error.validationContext })
        return 'valid'
      },
    )
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json()).toEqual({
      attached: "body should have required property 'name'",
      context: 'body',
    })
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })).body).toBe(
      'valid',
    )
  })

  it("calls the function behind a default validator's schemaEnv.validate; the route's shows its errors", async () => {
    const calls: string[] = []
    // A validator built on first use, as the default compiler makes one: a wrapper of the function
    // it compiles (Ajv's `schemaEnv.validate`), whose `errors` it reads through.
    const wrapperOf = (name: string) => {
      const compiled = Object.assign(
        (data: { name?: unknown }) => {
          calls.push(`${name}: compiled`)
          const valid = typeof data?.name === 'string'
          compiled.errors = valid
            ? null
            : [{ keyword: 'required', instancePath: '', schemaPath: '#/required', params: {} }]
          return valid
        },
        { errors: null as unknown },
      )
      const wrapper = (data: { name?: unknown }) => {
        calls.push(`${name}: wrapper`)
        return compiled(data)
      }
      Object.defineProperty(wrapper, 'errors', { get: () => compiled.errors })
      return Object.assign(wrapper, { schema: userBody, schemaEnv: { validate: compiled } })
    }
    const { app } = createApp({ validatorCompiler: () => () => wrapperOf('default') as never })
    const handler = async (request: {
      getValidationFunction(part: string): { errors?: unknown }
    }) => request.getValidationFunction('body').errors ?? 'none'
    app.post('/default', { attachValidation: true, schema: { body: userBody } }, handler as never)
    // A compiler of the application's own is called as it is, wrapper and all.
    app.post(
      '/custom',
      {
        attachValidation: true,
        schema: { body: userBody },
        validatorCompiler: () => wrapperOf('custom') as never,
      },
      handler as never,
    )
    const missing = [
      { keyword: 'required', instancePath: '', schemaPath: '#/required', params: {} },
    ]
    for (const url of ['/default', '/custom']) {
      const failed = await app.inject({ method: 'POST', url, payload: {} })
      expect(failed.json()).toEqual(missing)
      expect((await app.inject({ method: 'POST', url, payload: { name: 'n' } })).body).toBe('none')
      expect((await app.inject({ method: 'POST', url, payload: [] })).json()).toEqual(missing)
    }
    expect(calls).toEqual([
      ...Array(3).fill('default: compiled'),
      ...Array(3).fill(['custom: wrapper', 'custom: compiled']).flat(),
    ])
  })

  it('[3.1][3.2] validation completes before preHandler; a failure answers 400 before the handler', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.addHook('preValidation', async () => void events.push('preValidation'))
    app.addHook('preHandler', async () => void events.push('preHandler'))
    app.post('/', { schema: { body: userBody } }, async () => {
      events.push('handler')
      return 'x'
    })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).statusCode).toBe(400)
    expect(events).toEqual(['preValidation'])
  })

  it('answers 415 to a non-JSON body on a route that validates its body, even with a parser', async () => {
    const { app } = createApp()
    const causes: unknown[] = []
    app.setErrorHandler((error: Error, _request, reply) => {
      causes.push((error.cause as Error).message)
      reply.send(error)
    })
    app.post('/', { schema: { body: userBody } }, async () => 'x')
    const response = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    })
    expect([response.statusCode, response.json()]).toEqual([
      415,
      {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Unsupported Media Type',
        code: 'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
      },
    ])
    // Why, for the error handler and the log: the body came from the built-in text/plain parser.
    expect(causes).toEqual([
      'text/plain: POST / validates its body, send JSON or a type with a registered parser',
    ])
    const json = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: '{"name":"x"}',
    })
    expect(json.statusCode).toBe(200)
  })
})

describe('validator compilers', () => {
  it('[4.1] passes { schema, method, url, httpPart }, shorthand expanded, query as querystring', async () => {
    const { app, compilers } = createApp()
    app.register(
      async (child) => {
        child.put(
          '/:id',
          { schema: { query: { q: { type: 'string' } }, params: { type: 'object' } } },
          async () => 'x',
        )
      },
      { prefix: '/items' },
    )
    await app.ready()
    expect(compilers.log.validatorInputs).toEqual([
      { schema: { type: 'object' }, method: 'PUT', url: '/items/:id', httpPart: 'params' },
      {
        schema: { type: 'object', properties: { q: { type: 'string' } } },
        method: 'PUT',
        url: '/items/:id',
        httpPart: 'querystring',
      },
    ])
  })

  it('a compiler that returns no function (undefined, or an object) leaves that part unvalidated', async () => {
    const { app } = createApp()
    app.setValidatorCompiler(({ httpPart }) =>
      httpPart === 'params' ? ({ error: 'not a validator' } as never) : (undefined as never),
    )
    app.get(
      '/:id',
      { schema: { params: { id: { type: 'integer' } }, querystring: {} } },
      async (request) => ({
        params: request.params,
      }),
    )
    await app.ready()
    const response = await app.inject('/abc')
    expect([response.statusCode, response.json()]).toEqual([200, { params: { id: 'abc' } }])
  })

  it('takes the route option, else the nearest setValidatorCompiler, else the default', async () => {
    const { app, compilers } = createApp()
    const named =
      (name: string): ValidatorCompiler =>
      () =>
      () => ({ error: new Error(name) })
    app.get('/default', { schema: { querystring: {} } }, async () => 'default passes')
    app.register(async (child) => {
      child.setValidatorCompiler(named('context'))
      child.get('/context', { schema: { querystring: {} } }, async () => 'x')
      child.get(
        '/route',
        { schema: { querystring: {} }, validatorCompiler: named('route') },
        async () => 'x',
      )
      child.register(async (grand) => {
        grand.get('/inherited', { schema: { querystring: {} } }, async () => 'x')
      })
    })
    expect((await app.inject('/default')).body).toBe('default passes')
    expect((await app.inject('/context')).json().message).toBe('context')
    expect((await app.inject('/route')).json().message).toBe('route')
    expect((await app.inject('/inherited')).json().message).toBe('context')
    expect(compilers.log.factoryCalls).toHaveLength(1)
  })

  it('builds the default compiler once per set of shared schemas, with the schemas visible there', async () => {
    const { app, compilers } = createApp()
    app.addSchema({ $id: 'user', ...userBody })
    for (const url of ['/a', '/b', '/c'])
      app.post(url, { schema: { body: { $ref: 'user#' } } }, async (request) => request.body)
    app.register(async (child) => {
      child.post('/same-set', { schema: { body: { $ref: 'user#' } } }, async () => 'x')
      child.register(async (grand) => {
        grand.addSchema({ $id: 'extra', type: 'string' })
        grand.post('/other-set', { schema: { body: { $ref: 'user#' } } }, async () => 'x')
      })
    })
    await app.ready()
    expect(compilers.log.factoryCalls.map((shared) => Object.keys(shared))).toEqual([
      ['user'],
      ['user', 'extra'],
    ])
    expect((await app.inject({ method: 'POST', url: '/a', payload: {} })).json().message).toBe(
      "body should have required property 'name'",
    )
    expect(
      (await app.inject({ method: 'POST', url: '/a', payload: { name: 'n' } })).json(),
    ).toEqual({ name: 'n' })
  })

  it('fails ready() with an error naming the route, the part and the reason', async () => {
    const { app } = createApp()
    app.post('/users', { schema: { body: { invalid: true, type: 'object' } } }, async () => 'x')
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_SCH_VALIDATION_BUILD')
    expect(error.message).toBe(
      'Failed building the validation schema for POST: /users, due to error schema is marked invalid (httpPart: body)',
    )
    expect(error.cause.message).toBe('schema is marked invalid')
  })

  it('keeps a coded compiler error that already names the route', async () => {
    const { app } = createApp()
    const { createError } = await import('@framework/error-formatter')
    const coded = createError('FRM_ERR_SCHEMA_ASYNC', 'The body schema of POST /a')
    app.post(
      '/a',
      {
        schema: { body: {} },
        validatorCompiler: () => {
          throw coded
        },
      },
      async () => 'x',
    )
    await expect(app.ready()).rejects.toBe(coded)
  })
})

describe('schema error formatters', () => {
  it('[7.4] takes the route option, else the context one, else the factory one; dataVar is querystring for the query; this is the instance', async () => {
    let self: unknown
    const { app } = createApp({
      schemaErrorFormatter(errors, dataVar) {
        self = this
        return new Error(`factory ${dataVar} ${errors.length}`)
      },
    })
    const schema = { querystring: { type: 'object', required: ['a'] } }
    app.get('/factory', { schema }, async () => 'x')
    app.register(async (child) => {
      child.setSchemaErrorFormatter((_errors, dataVar) => new Error(`context ${dataVar}`))
      child.get('/context', { schema }, async () => 'x')
      child.get(
        '/route',
        { schema, schemaErrorFormatter: (_e, dataVar) => new Error(`route ${dataVar}`) },
        async () => 'x',
      )
    })
    expect((await app.inject('/factory')).json().message).toBe('factory querystring 1')
    expect(self).toBe(app)
    expect((await app.inject('/context')).json().message).toBe('context querystring')
    expect((await app.inject('/route')).json().message).toBe('route querystring')
  })

  it('answers 500 when a formatter does not return an Error', async () => {
    const { app } = createApp({ schemaErrorFormatter: () => 'oops' as never })
    app.get('/', { schema: { querystring: { type: 'object', required: ['a'] } } }, async () => 'x')
    const response = await app.inject('/')
    expect([response.statusCode, response.json().code]).toEqual([
      500,
      'FRM_ERR_SCHEMA_ERROR_FORMATTER',
    ])
  })
})

describe('validation error stacks', () => {
  it("the default formatter's error carries its message and no stack frames; Error.stackTraceLimit is restored", async () => {
    const { app } = createApp()
    const limit = Error.stackTraceLimit
    let stack: string | undefined
    app.post('/', { attachValidation: true, schema: { body: userBody } }, async (request) => {
      stack = request.validationError?.stack
      return 'ran'
    })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).body).toBe('ran')
    expect(stack).toBe("Error: body should have required property 'name'")
    expect(Error.stackTraceLimit).toBe(limit)
  })

  it("a custom formatter's error keeps its stack frames", async () => {
    const { app } = createApp()
    let stack: string | undefined
    app.setSchemaErrorFormatter((errors, dataVar) => new Error(`${dataVar}: ${errors.length}`))
    app.post('/', { attachValidation: true, schema: { body: userBody } }, async (request) => {
      stack = request.validationError?.stack
      return 'ran'
    })
    await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(stack?.startsWith('Error: body: 1\n    at ')).toBe(true)
  })
})

describe("a schema part declared without a schema (Fastify's FSTWRN001)", () => {
  it('warns once per part and route, naming both, and serves the route unvalidated', async () => {
    const warnings: Array<{ name: string; code?: string; message: string }> = []
    const listen = (warning: Error & { code?: string }) =>
      warnings.push({ name: warning.name, code: warning.code, message: warning.message })
    process.on('warning', listen)
    try {
      const { app } = createApp()
      app.post('/:id', {
        schema: { headers: undefined, querystring: null as never, params: { type: 'object' } },
        handler: async (request) => request.params,
      })
      app.post('/plain', { schema: { body: { type: 'object' } }, handler: async () => 'ok' })
      const response = await app.inject({ method: 'POST', url: '/123' })
      expect([response.statusCode, response.json()]).toEqual([200, { id: '123' }])
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.filter((warning) => warning.code === 'FSTWRN001')).toEqual([
        {
          name: 'FastifyWarning',
          code: 'FSTWRN001',
          message:
            'The querystring schema of POST /:id is null: give it a schema, or leave the key out',
        },
        {
          name: 'FastifyWarning',
          code: 'FSTWRN001',
          message:
            'The headers schema of POST /:id is undefined: give it a schema, or leave the key out',
        },
      ])
    } finally {
      process.off('warning', listen)
    }
  })
})
