import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf, rawBody, rawExchange } from './helpers'

// Issue 12 / API.md "Security defaults", headers: what a request carries must never crash the
// process when a handler, hook or error handler echoes it into the reply's head.

const INVALID_HEADER = {
  statusCode: 500,
  error: 'Internal Server Error',
  code: 'FRM_ERR_REPLY_INVALID_HEADER',
}

/** An app whose routes echo query values into header names and values in every way there is. */
function echoApp() {
  const app = makeApp()
  app.get('/value', async (request: any, reply: any) => {
    reply.header('x-echo', request.query.value)
    return { ok: true }
  })
  app.get('/name', async (request: any, reply: any) => {
    reply.header(request.query.name, 'v')
    return { ok: true }
  })
  app.get('/bulk', async (request: any, reply: any) => {
    reply.headers({ 'x-fine': 'yes', 'x-echo': request.query.value })
    return { ok: true }
  })
  app.get('/list', async (request: any, reply: any) => {
    reply.header('set-cookie', ['a=1', `b=${request.query.value}`])
    return { ok: true }
  })
  app.get('/redirect', async (request: any, reply: any) => {
    return reply.redirect(`/to/${request.query.value}`)
  })
  app.get('/health', async () => ({ ok: true }))
  return app
}

const hostileValues = [
  ['NUL', 'abc%00def'],
  ['characters above U+00FF', '%C4%8D%C4%8A'],
  ['CR LF', 'a%0D%0ASet-Cookie:%20evil=1'],
  ['a control character', 'a%01b'],
] as const

describe('[security] headers: hostile values from the request', () => {
  for (const [what, value] of hostileValues) {
    itBoth(`reply.header() with ${what} answers 500 and the server lives on`, async ({ send }) => {
      const app = echoApp()
      for (const path of ['/value', '/bulk', '/list', '/redirect']) {
        const response = await send(app, { url: `${path}?value=${value}` })
        expect(response.statusCode).toBe(500)
        expect(response.json()).toMatchObject(INVALID_HEADER)
        expect(response.headers['x-echo']).toBeUndefined()
        expect(response.headers['set-cookie']).toBeUndefined()
      }
      const after = await send(app, { url: '/health' })
      expect(after.statusCode).toBe(200)
    })
  }

  itBoth('a header name that is not an HTTP token answers 500', async ({ send }) => {
    const app = echoApp()
    for (const name of ['x%20y', 'x:y', '%C3%A9', 'x%00', '']) {
      const response = await send(app, { url: `/name?name=${name}` })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toMatchObject(INVALID_HEADER)
    }
    expect((await send(app, { url: '/name?name=x-ok' })).statusCode).toBe(200)
  })

  itBoth(
    'names already accepted are remembered only up to a bound: past it names are still checked',
    async ({ send }) => {
      const app = echoApp()
      // More distinct names than the check remembers (512), then a bad one and a new good one.
      for (let i = 0; i < 520; i++) {
        expect((await send(app, { url: `/name?name=x-seen-${i}` })).statusCode).toBe(200)
      }
      const bad = await send(app, { url: '/name?name=x%20late' })
      expect(bad.statusCode).toBe(500)
      expect(bad.json()).toMatchObject(INVALID_HEADER)
      const good = await send(app, { url: '/name?name=x-late' })
      expect(good.statusCode).toBe(200)
      expect(good.headers['x-late']).toBe('v')
      expect((await send(app, { url: '/name?name=x-seen-3' })).headers['x-seen-3']).toBe('v')
    },
  )

  itBoth(
    'latin-1 and tab in a value are allowed, as HTTP and Node allow them',
    async ({ send }) => {
      const app = echoApp()
      const response = await send(app, { url: '/value?value=caf%C3%A9%09ok' })
      expect(response.statusCode).toBe(200)
    },
  )

  itBoth('the error goes through the error handler, which sees its code', async ({ send }) => {
    const app = echoApp()
    const seen: string[] = []
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      seen.push(error.code)
      reply.code(500).send({ handled: error.code })
    })
    const response = await send(app, { url: '/value?value=abc%00def' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ handled: 'FRM_ERR_REPLY_INVALID_HEADER' })
    expect(seen).toEqual(['FRM_ERR_REPLY_INVALID_HEADER'])
  })

  itBoth('a bad header set in an onSend hook answers 500', async ({ send }) => {
    const app = makeApp()
    app.addHook('onSend', async (request: any, reply: any, payload: unknown) => {
      reply.header('x-echo', request.query.value)
      return payload
    })
    app.get('/', async () => ({ ok: true }))
    const response = await send(app, { url: '/?value=%C4%8D' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject(INVALID_HEADER)
    expect(response.headers['x-echo']).toBeUndefined()
    expect((await send(app, { url: '/?value=fine' })).statusCode).toBe(200)
  })

  itBoth('a bad header set by an error handler answers 500', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((error: any, request: any, reply: any) => {
      reply.header('x-echo', request.query.value)
      reply.code(400).send({ message: error.message })
    })
    app.get('/', async () => {
      throw new Error('boom')
    })
    const response = await send(app, { url: '/?value=a%00b' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject(INVALID_HEADER)
    const fine = await send(app, { url: '/?value=ok' })
    expect(fine.statusCode).toBe(400)
    expect(fine.headers['x-echo']).toBe('ok')
  })

  itBoth(
    'a bad header in a child error handler falls back to the parent handler',
    async ({ send }) => {
      const app = makeApp()
      app.setErrorHandler((error: any, _request: any, reply: any) => {
        reply.code(503).send({ parent: error.code })
      })
      app.register(async (child: any) => {
        child.setErrorHandler((_error: any, request: any, reply: any) => {
          reply.header(request.query.name, 'v').send({ child: true })
        })
        child.get('/child', async () => {
          throw new Error('boom')
        })
      })
      const response = await send(app, { url: '/child?name=bad%20name' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ parent: 'FRM_ERR_REPLY_INVALID_HEADER' })
    },
  )
})

describe('[security] only HTTP/1.0 and HTTP/1.1 are served (505)', () => {
  for (const [version, line] of [
    ['HTTP/2.0', 'GET /health HTTP/2.0'],
    ['HTTP/3.0', 'GET /health HTTP/3.0'],
    ['HTTP/1.2', 'GET /health HTTP/1.2'],
  ] as const) {
    it(`${version} is answered 505`, async () => {
      const app = echoApp()
      let ran = false
      app.addHook('onRequest', async () => {
        ran = true
      })
      const port = await portOf(app)
      const result = await rawExchange(port, [`${line}\r\nHost: x\r\nConnection: close\r\n\r\n`])
      expect(result.data).toMatch(/^HTTP\/1\.1 505 HTTP Version Not Supported\r\n/)
      expect(JSON.parse(rawBody(result.data))).toEqual({
        statusCode: 505,
        error: 'HTTP Version Not Supported',
        message: `HTTP version ${version.slice(5)} is not supported: send HTTP/1.1 or HTTP/1.0`,
        code: 'FRM_ERR_HTTP_VERSION_NOT_SUPPORTED',
      })
      expect(ran).toBe(false)
    })
  }

  it('an HTTP/0.9 request line (no version) is not answered 200', async () => {
    const app = echoApp()
    const port = await portOf(app)
    const result = await rawExchange(port, ['GET /health\r\n\r\n'])
    expect(result.data).not.toMatch(/^HTTP\/1\.[01] 200/)
    expect(result.data).toMatch(/^HTTP\/1\.1 (505|400) /)
  })

  it('HTTP/1.0 and HTTP/1.1 are still served', async () => {
    const app = echoApp()
    const port = await portOf(app)
    for (const version of ['1.0', '1.1']) {
      const result = await rawExchange(port, [
        `GET /health HTTP/${version}\r\nHost: x\r\nConnection: close\r\n\r\n`,
      ])
      expect(result.status).toBe(200)
    }
  })
})

describe('[7.4] schemaErrorFormatter must be synchronous', () => {
  it('an async formatter is refused at creation, naming the option', async () => {
    const { default: framework } = await import('framework')
    let caught: any
    try {
      framework({ schemaErrorFormatter: async () => new Error('x') } as any)
    } catch (error) {
      caught = error
    }
    expect(caught?.code).toBe('FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN')
    expect(caught.message).toBe(
      "schemaErrorFormatter option should be a non async function. Instead got 'function'.",
    )
  })

  it('setSchemaErrorFormatter and the route option refuse an async formatter too', () => {
    const app = makeApp()
    expect(() => app.setSchemaErrorFormatter(async () => new Error('x'))).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN' }),
    )
    expect(() =>
      app.get('/', { schemaErrorFormatter: async () => new Error('x') }, async () => 'x'),
    ).toThrow(expect.objectContaining({ code: 'FRM_ERR_ROUTE_INVALID' }))
    expect(() => app.setSchemaErrorFormatter(() => new Error('x'))).not.toThrow()
  })
})

describe('[errors] a status set with reply.code() inside an error handler is kept', () => {
  itBoth("reply.code(422).send(new Error('validation failed')) answers 422", async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((_error: any, _request: any, reply: any) => {
      reply.code(422).send(new Error('validation failed'))
    })
    app.post('/', { schema: { body: { type: 'object', required: ['name'] } } }, async () => 'x')
    const response = await send(app, { method: 'POST', url: '/', payload: {} })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'validation failed',
    })
  })

  itBoth('an Error sent by an error handler without reply.code() answers 500', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((_error: any, _request: any, reply: any) => {
      reply.send(new Error('handler failed'))
    })
    app.get('/', async () => {
      const error: any = new Error('teapot')
      error.statusCode = 418
      throw error
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'handler failed',
    })
  })

  itBoth('an error handler that throws after reply.code(409) answers 409', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler((_error: any, _request: any, reply: any) => {
      reply.code(409)
      throw new Error('conflict')
    })
    app.get('/', async () => {
      throw new Error('first')
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ statusCode: 409, message: 'conflict' })
  })
})
