import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4's `frameworkErrors` factory option: the requests the router cannot take (a malformed
// URL, a failing asynchronous constraint strategy) are answered by the application's function.

/** A strategy whose lookup fails: every request on a route using it cannot be routed. */
const failingStrategy = {
  name: 'secret',
  storage() {
    const stores = new Map<unknown, unknown>()
    return {
      get: (value: unknown) => stores.get(value) ?? null,
      set: (value: unknown, store: unknown) => {
        stores.set(value, store)
      },
    }
  },
  deriveConstraint(_req: unknown, _ctx: unknown, done: (error: Error | null) => void) {
    done(new Error('kaboom'))
  },
}

/** Log lines written by the application's logger, parsed. */
function logLines() {
  const lines: Array<Record<string, unknown>> = []
  return { lines, stream: { write: (line: string) => lines.push(JSON.parse(line)) } }
}

describe('[compat] the frameworkErrors option', () => {
  itBoth('answers a malformed URL with the error, a request and a reply', async ({ send }) => {
    let self: unknown
    const app = makeApp({
      frameworkErrors(this: unknown, error: any, request: any, reply: any) {
        self = this
        reply.code(418).send(`${error.message} - ${error.code} - ${request.url}`)
      },
    })
    app.get('/test/:id', async () => 'routed')
    const response = await send(app, { url: '/test/%world' })
    expect(response.statusCode).toBe(418)
    expect(response.body).toBe(
      "'/test/%world' is not a valid url component - FRM_ERR_BAD_URL - /test/%world",
    )
    expect(self).toBe(app)
    expect((await send(app, { url: '/test/fine' })).body).toBe('routed')
  })

  itBoth(
    'gives a request no route matched no routerPath, as routeOptions.url (Fastify 4)',
    async ({ send }) => {
      const seen = (request: any) => `${request.routerPath}|${request.routeOptions.url}`
      const app = makeApp({
        frameworkErrors: (_error: unknown, request: any, reply: any) => {
          reply.code(400).send(`bad url: ${seen(request)}`)
        },
      })
      app.get('/test/:id', async (request: any) => `routed: ${seen(request)}`)
      app.setNotFoundHandler((request: any, reply: any) => {
        reply.code(404).send(`not found: ${seen(request)}`)
      })
      const results = []
      for (const url of ['/test/%world', '/nope', '/test/1']) {
        const response = await send(app, { url })
        results.push([response.statusCode, response.body])
      }
      expect(results).toEqual([
        [400, 'bad url: undefined|undefined'],
        [404, 'not found: undefined|undefined'],
        [200, 'routed: /test/:id|/test/:id'],
      ])
    },
  )

  itBoth('answers a failing asynchronous constraint strategy', async ({ send }) => {
    const app = makeApp({
      constraints: { secret: failingStrategy },
      frameworkErrors: (error: any, _request: any, reply: any) => {
        reply.code(503).send({ why: error.message, cause: error.cause.message })
      },
    })
    app.get('/', { constraints: { secret: 'alpha' } }, async () => 'alpha')
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      why: 'Unexpected error from async constraint',
      cause: 'kaboom',
    })
  })

  itBoth(
    'a throwing frameworkErrors hands its error to the root error handler',
    async ({ send }) => {
      const app = makeApp({
        frameworkErrors: () => {
          throw Object.assign(new Error('no answer here'), { statusCode: 422 })
        },
      })
      app.get('/test/:id', async () => 'routed')
      const response = await send(app, { url: '/test/%zz' })
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'no answer here',
      })
    },
  )

  it('logs the request as incoming first, with its id, when request logging is on', async () => {
    const { lines, stream } = logLines()
    const app = makeApp({
      logger: { level: 'info', stream },
      genReqId: () => 'REQ-1234',
      frameworkErrors: (_error: any, request: any, reply: any) => {
        reply.send(`handled ${request.id}`)
      },
    })
    app.get('/test/:id', async () => 'routed')
    const response = await app.inject('/test/%world')
    expect(response.body).toBe('handled REQ-1234')
    const incoming = lines.filter((line) => line.msg === 'incoming request')
    expect(incoming).toHaveLength(1)
    expect(incoming[0]).toMatchObject({ reqId: 'REQ-1234', req: { url: '/test/%world' } })
  })

  it('logs nothing of the request with disableRequestLogging', async () => {
    const { lines, stream } = logLines()
    const app = makeApp({
      logger: { level: 'info', stream },
      disableRequestLogging: true,
      frameworkErrors: (_error: any, _request: any, reply: any) => reply.send('handled'),
    })
    app.get('/test/:id', async () => 'routed')
    expect((await app.inject('/test/%world')).body).toBe('handled')
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([])
  })

  it('without the option, a malformed URL is the root error handler’s 400', async () => {
    const app = makeApp()
    app.get('/test/:id', async () => 'routed')
    const response = await app.inject('/test/%world')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'FRM_ERR_BAD_URL',
      error: 'Bad Request',
      message: "'/test/%world' is not a valid url component",
    })
  })
})
