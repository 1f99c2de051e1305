import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Custom route constraints (find-my-way's strategy interface), as Fastify 4 takes them: the
// `constraints` factory option and `addConstraintStrategy`.

/** Routes by the `x-tenant` header; a request naming an unknown tenant matches no route. */
function tenantStrategy(name = 'tenant') {
  return {
    name,
    mustMatchWhenDerived: true,
    storage() {
      const handlers = new Map<unknown, unknown>()
      return {
        get: (value: unknown) => handlers.get(value) ?? null,
        set: (value: unknown, store: unknown) => {
          handlers.set(value, store)
        },
      }
    },
    deriveConstraint: (req: { headers: Record<string, string | undefined> }) =>
      req.headers['x-tenant'],
    validate(value: unknown) {
      if (typeof value !== 'string') throw new TypeError('a tenant is a string')
    },
  }
}

describe('[compat] custom constraint strategies', () => {
  itBoth('the constraints factory option routes by the derived value', async ({ send }) => {
    const app = makeApp({ constraints: { tenant: tenantStrategy() } })
    app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
    app.get('/', { constraints: { tenant: 'globex' } }, async () => 'globex')
    app.get('/', async () => 'anyone')
    expect((await send(app, { url: '/', headers: { 'x-tenant': 'acme' } })).body).toBe('acme')
    expect((await send(app, { url: '/', headers: { 'x-tenant': 'globex' } })).body).toBe('globex')
    expect((await send(app, { url: '/' })).body).toBe('anyone')
    // mustMatchWhenDerived: a derived value no route declares is not served by the plain route.
    expect((await send(app, { url: '/', headers: { 'x-tenant': 'other' } })).statusCode).toBe(404)
    expect(app.hasConstraintStrategy('tenant')).toBe(true)
  })

  itBoth('addConstraintStrategy in a plugin; hasConstraintStrategy tells', async ({ send }) => {
    const app = makeApp()
    expect(app.hasConstraintStrategy('tenant')).toBe(false)
    app.register(async (child: any) => {
      child.addConstraintStrategy(tenantStrategy())
      child.get('/t', { constraints: { tenant: 'acme' } }, async () => 'acme')
    })
    await app.ready()
    expect(app.hasConstraintStrategy('tenant')).toBe(true)
    expect((await send(app, { url: '/t', headers: { 'x-tenant': 'acme' } })).body).toBe('acme')
    expect((await send(app, { url: '/t' })).statusCode).toBe(404)
  })

  it("refuses where it is declared a route whose constraint value the strategy's validate rejects (Fastify)", async () => {
    const app = makeApp({ constraints: { tenant: tenantStrategy() } })
    expect(() => app.get('/', { constraints: { tenant: 42 } }, async () => 'x')).toThrow(
      'a tenant is a string',
    )
    await expect(app.ready()).resolves.toBe(app)
  })

  itBoth(
    'an asynchronous strategy (deriveConstraint(req, ctx, done)) routes too',
    async ({ send }) => {
      const strategy = {
        ...tenantStrategy(),
        deriveConstraint(
          req: { headers: Record<string, string | undefined> },
          _ctx: unknown,
          done: any,
        ) {
          setImmediate(() => {
            if (req.headers['x-tenant'] === 'boom') done(new Error('tenant lookup failed'))
            else done(null, req.headers['x-tenant'])
          })
        },
      }
      const app = makeApp({ constraints: { tenant: strategy } })
      app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
      app.get('/', async () => 'anyone')
      expect((await send(app, { url: '/', headers: { 'x-tenant': 'acme' } })).body).toBe('acme')
      expect((await send(app, { url: '/' })).body).toBe('anyone')
      expect((await send(app, { url: '/', headers: { 'x-tenant': 'boom' } })).statusCode).toBe(500)
    },
  )

  itBoth(
    "a failing asynchronous strategy answers Fastify's 500 body, not the strategy's error",
    async ({ send }) => {
      const strategy = {
        ...tenantStrategy(),
        deriveConstraint(_req: unknown, _ctx: unknown, done: any) {
          setImmediate(() => done(new Error('database password rejected')))
        },
      }
      const app = makeApp({ constraints: { tenant: strategy } })
      app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
      const res = await send(app, { url: '/', headers: { 'x-tenant': 'acme' } })
      expect(res.statusCode).toBe(500)
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Unexpected error from async constraint',
      })
    },
  )

  itBoth('a strategy named version replaces the built-in semver one', async ({ send }) => {
    const exact = {
      ...tenantStrategy('version'),
      deriveConstraint: (req: { headers: Record<string, string | undefined> }) =>
        req.headers['x-api'],
    }
    const app = makeApp({ constraints: { version: exact } })
    app.get('/', { constraints: { version: 'v1' } }, async (request: any) => ({
      version: request.routeOptions.version ?? null,
    }))
    expect((await send(app, { url: '/', headers: { 'x-api': 'v1' } })).statusCode).toBe(200)
    expect((await send(app, { url: '/', headers: { 'x-api': 'v2' } })).statusCode).toBe(404)
  })

  itBoth("Fastify 4's versioning option is the version strategy", async ({ send }) => {
    const app = makeApp({
      versioning: {
        storage: tenantStrategy().storage,
        deriveVersion: (req: { headers: Record<string, string | undefined> }) =>
          req.headers['x-api'],
      },
    })
    app.get('/', { constraints: { version: 'v2' } }, async () => 'v2')
    expect((await send(app, { url: '/', headers: { 'x-api': 'v2' } })).body).toBe('v2')
    expect((await send(app, { url: '/', headers: { 'x-api': 'v3' } })).statusCode).toBe(404)
    expect(() => makeApp({ versioning: { storage: 1 } })).toThrow(
      "Option 'versioning' is not valid",
    )
  })

  itBoth(
    'refuses a version that is not a string where the route is declared (Fastify 4)',
    async ({ send }) => {
      const app = makeApp({
        versioning: {
          storage: tenantStrategy().storage,
          deriveVersion: (req: { headers: Record<string, string | undefined> }) =>
            req.headers['x-api'],
        },
      })
      app.get('/', { constraints: { version: 'v1' } }, async () => 'v1')
      let refused: any
      try {
        app.get('/', { constraints: { version: 2 } }, async () => 'v2')
      } catch (error) {
        refused = error
      }
      expect([refused?.code, refused?.message, refused instanceof TypeError]).toEqual([
        'FRM_ERR_VERSION_CONSTRAINT_NOT_STR',
        'Version constraint should be a string.',
        true,
      ])
      // The refused route left nothing behind: the application still starts and serves the other.
      expect((await send(app, { url: '/', headers: { 'x-api': 'v1' } })).body).toBe('v1')
      expect((await send(app, { url: '/', headers: { 'x-api': '2' } })).statusCode).toBe(404)
    },
  )
})
