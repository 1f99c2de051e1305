import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { ConstraintStrategy } from './index.js'

/** A strategy that routes by the `x-tenant` header. */
function tenantStrategy(): ConstraintStrategy {
  return {
    name: 'tenant',
    storage() {
      const stores = new Map<unknown, unknown>()
      return {
        get: (value) => stores.get(value) ?? null,
        set: (value, store) => stores.set(value, store),
      }
    },
    deriveConstraint: (req: { headers: Record<string, unknown> }) => req.headers['x-tenant'],
  }
}

describe('request.routeOptions', () => {
  it('is a frozen view of the built route, config and schema as getters (Fastify 4.29)', async () => {
    const { app } = createApp()
    const schema = { querystring: { type: 'object' } }
    app.register(
      async (child) => {
        child.route({
          method: ['get', 'post'],
          url: '/',
          schema,
          config: { tier: 'gold' },
          bodyLimit: 10,
          attachValidation: true,
          logLevel: 'warn',
          prefixTrailingSlash: 'no-slash',
          exposeHeadRoute: false,
          handler: async (request) => {
            const options = request.routeOptions
            return {
              keys: Object.keys(options),
              frozen: Object.isFrozen(options),
              config: options.config,
              schema: options.schema === schema,
              method: options.method,
              url: options.url,
              bodyLimit: options.bodyLimit,
              attachValidation: options.attachValidation,
              logLevel: options.logLevel,
              exposeHeadRoute: options.exposeHeadRoute,
              prefixTrailingSlash: options.prefixTrailingSlash,
              version: options.version ?? null,
              routeConfig: request.routeConfig === options.config,
              contextConfig: request.context.config === options.config,
            }
          },
        })
      },
      { prefix: '/shop' },
    )
    const body = (await app.inject({ method: 'POST', url: '/shop' })).json()
    expect(body).toEqual({
      keys: [
        'method',
        'url',
        'bodyLimit',
        'handlerTimeout',
        'attachValidation',
        'logLevel',
        'exposeHeadRoute',
        'prefixTrailingSlash',
        'handler',
        'version',
      ],
      frozen: true,
      config: { tier: 'gold', url: '/shop', method: ['GET', 'POST'] },
      schema: true,
      method: ['GET', 'POST'],
      url: '/shop',
      bodyLimit: 10,
      attachValidation: true,
      logLevel: 'warn',
      exposeHeadRoute: false,
      prefixTrailingSlash: 'no-slash',
      version: null,
      routeConfig: true,
      contextConfig: true,
    })
    // 'no-slash': the route answers /shop only; exposeHeadRoute false: no HEAD.
    expect((await app.inject('/shop/')).statusCode).toBe(404)
    expect((await app.inject({ method: 'HEAD', url: '/shop' })).statusCode).toBe(404)
  })

  it('cannot be changed by a hook', async () => {
    const { app } = createApp()
    app.get('/', async (request) => {
      expect(() => {
        ;(request.routeOptions as { url: string }).url = '/other'
      }).toThrow(TypeError)
      return request.routeOptions.url
    })
    expect((await app.inject('/')).body).toBe('/')
  })

  it('has no url or method in a not-found handler, as in Fastify', async () => {
    const { app } = createApp()
    app.setNotFoundHandler(async (request) => ({
      url: request.routeOptions.url ?? null,
      method: request.routeOptions.method ?? null,
      config: request.routeOptions.config,
    }))
    expect((await app.inject('/nowhere')).json()).toEqual({ url: null, method: null, config: {} })
  })

  it('has no version while no route uses the version constraint', async () => {
    const { app } = createApp()
    app.get('/', async (request) => ({ version: request.routeOptions.version ?? null }))
    const plain = await app.inject({ url: '/', headers: { 'accept-version': '1.x' } })
    expect(plain.json()).toEqual({ version: null })
  })
})

describe('onRoute hooks change the route before it is built', () => {
  it('see Fastify 4.29 options and may swap the handler, add a schema, hooks and config', async () => {
    const { app } = createApp()
    const seen: Record<string, unknown>[] = []
    app.register(
      async (child) => {
        child.addHook('onRoute', (route) => {
          if (route.method !== 'GET') return
          seen.push({ ...route })
          const original = route.handler
          route.handler = async function (this: unknown, request, reply) {
            reply.header('x-wrapped', 'yes')
            return original.call(this as never, request, reply)
          }
          route.schema = { querystring: { type: 'object', properties: { n: { type: 'integer' } } } }
          const pre = route.preHandler
          route.preHandler = [
            ...(Array.isArray(pre) ? pre : pre === undefined ? [] : [pre]),
            async (_request, reply) => {
              reply.header('x-added', 'yes')
            },
          ]
          route.config = { ...route.config, limit: 2 }
        })
        child.get(
          '/items',
          {
            custom: 'kept',
            preHandler: async (
              _request: unknown,
              reply: { header(n: string, v: string): void },
            ) => {
              reply.header('x-own', 'yes')
            },
          } as never,
          async (request) => ({ query: request.query, config: request.routeOptions.config }),
        )
      },
      { prefix: '/api' },
    )
    const ok = await app.inject('/api/items?n=3')
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['x-wrapped']).toBe('yes')
    expect(ok.headers['x-own']).toBe('yes')
    expect(ok.headers['x-added']).toBe('yes')
    expect(ok.json()).toEqual({
      query: { n: 3 },
      config: { limit: 2, url: '/api/items', method: 'GET' },
    })
    expect((await app.inject('/api/items?n=x')).statusCode).toBe(400)
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/items',
      path: '/api/items',
      routePath: '/items',
      prefix: '/api',
      logLevel: '',
      attachValidation: false,
      custom: 'kept',
    })
  })

  it('run with this = the instance that declares the route, method upper-cased', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.addHook('onRoute', function (this: { prefix: string }, route) {
      seen.push([this.prefix, route.method])
    })
    app.register(
      async (child) => {
        child.route({ method: 'post', url: '/x', handler: async () => 'x' })
      },
      { prefix: '/child' },
    )
    await app.ready()
    expect(seen).toEqual([['/child', 'POST']])
  })

  it('see the route schema normalized in place at ready: query as querystring, shorthand expanded', async () => {
    const { app } = createApp()
    let kept: Record<string, any> | undefined
    app.addHook('onRoute', (route) => {
      if (route.method === 'GET') kept = route.schema as Record<string, any>
    })
    app.get(
      '/',
      {
        schema: {
          query: { q: { type: 'string' } },
          response: { 200: { ok: { type: 'boolean' } } },
          tags: ['x'],
        },
      },
      async () => ({ ok: true }),
    )
    await app.ready()
    expect(kept?.querystring).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
    expect(kept?.query).toEqual({ q: { type: 'string' } })
    expect(kept?.response[200]).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } } })
    expect(kept?.tags).toEqual(['x'])
  })

  it('may install a validator compiler; one returning no function leaves that part unvalidated', async () => {
    const { app } = createApp()
    app.addHook('onRoute', (route) => {
      if (route.config?.lenient === true) route.validatorCompiler = () => false as never
    })
    const schema = { querystring: { type: 'object', properties: { n: { type: 'integer' } } } }
    app.get('/strict', { schema }, async (request) => request.query)
    app.get('/lenient', { schema, config: { lenient: true } }, async (request) => request.query)
    app.get(
      '/object',
      { schema, validatorCompiler: () => ({ not: 'a function' }) as never },
      async (request) => request.query,
    )
    expect((await app.inject('/strict?n=x')).statusCode).toBe(400)
    expect((await app.inject('/lenient?n=x')).json()).toEqual({ n: 'x' })
    expect((await app.inject('/object?n=x')).json()).toEqual({ n: 'x' })
  })
})

describe('prefixed paths', () => {
  it("mounts '*' under a prefix as /prefix* and '/' as both /prefix and /prefix/", async () => {
    const { app, transport } = createApp()
    app.register(
      async (child) => {
        child.get('*', async () => 'star')
        child.get('/', async () => 'root')
        child.get('/only-slash', { prefixTrailingSlash: 'slash' }, async () => 'x')
        child.route({
          method: 'POST',
          url: '/',
          prefixTrailingSlash: 'slash',
          handler: async () => 'p',
        })
      },
      { prefix: '/api' },
    )
    await app.ready()
    const mounted = transport.table!.routes.map((route) => `${route.method} ${route.url}`)
    expect(mounted).toContain('GET /api*')
    expect(mounted).toContain('GET /api')
    expect(mounted).toContain('GET /api/')
    expect(mounted).toContain('POST /api/')
    expect(mounted).not.toContain('POST /api')
  })
})

describe('constraint strategies', () => {
  it('come from the constraints option and addConstraintStrategy, and reach the transport', async () => {
    const { app, transport } = createApp({ constraints: { tenant: tenantStrategy() } })
    const region = { ...tenantStrategy(), name: 'region' }
    expect(app.hasConstraintStrategy('tenant')).toBe(true)
    expect(app.hasConstraintStrategy('region')).toBe(false)
    app.addConstraintStrategy(region)
    expect(app.hasConstraintStrategy('region')).toBe(true)
    // Built-in ones count once a route uses them.
    expect(app.hasConstraintStrategy('version')).toBe(false)
    app.get('/', { constraints: { version: '1.0.0' } }, async () => 'v1')
    expect(app.hasConstraintStrategy('version')).toBe(true)
    await app.ready()
    expect(transport.table!.constraintStrategies!.map((strategy) => strategy.name)).toEqual([
      'tenant',
      'region',
    ])
  })

  it("throws a strategy's validate error where the route is declared, and keeps no trace of it", async () => {
    const strict: ConstraintStrategy = {
      ...tenantStrategy(),
      validate(value) {
        if (typeof value !== 'string')
          throw new TypeError(`tenant ${String(value)} is not a string`)
      },
    }
    const { app } = createApp({ constraints: { tenant: strict } })
    expect(() => app.get('/', { constraints: { tenant: 7 } }, async () => 'x')).toThrow(
      new TypeError('tenant 7 is not a string'),
    )
    app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
    const response = await app.inject({ url: '/', headers: { 'x-tenant': 'acme' } })
    expect([response.statusCode, response.body]).toEqual([200, 'acme'])
  })

  it('refuses a malformed or duplicate strategy, one routes already use, and one after ready', async () => {
    const { app } = createApp({ constraints: { tenant: tenantStrategy() } })
    expect(() => app.addConstraintStrategy(tenantStrategy())).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CONSTRAINT_STRATEGY_EXISTS',
        message: 'There already exists a custom constraint with the name tenant.',
      }),
    )
    // Fastify's (find-my-way's) plain Error: `String(error)` is `Error: There already exists...`.
    expect(() => app.addConstraintStrategy(tenantStrategy())).toThrow(
      /^There already exists a custom constraint with the name tenant\.$/,
    )
    const thrown = (() => {
      try {
        app.addConstraintStrategy(tenantStrategy())
      } catch (error) {
        return error
      }
    })()
    expect(String(thrown)).toBe(
      'Error: There already exists a custom constraint with the name tenant.',
    )
    expect(() => app.addConstraintStrategy({ name: 'x' } as never)).toThrow(
      "strategy.storage function is required (strategy 'x')",
    )
    app.get('/', { constraints: { host: 'a.example' } }, async () => 'a')
    expect(() => app.addConstraintStrategy({ ...tenantStrategy(), name: 'host' })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_CONSTRAINT_IN_USE',
        message: 'There already exists a route with host constraint.',
      }),
    )
    await app.ready()
    expect(() => app.addConstraintStrategy({ ...tenantStrategy(), name: 'late' })).toThrow(
      'Fastify instance is already listening. Cannot call "addConstraintStrategy"!',
    )
    expect(() => createApp({ constraints: { bad: { name: '' } as never } })).toThrow(
      "Option 'constraints' is not valid: strategy.name is required",
    )
  })
})
