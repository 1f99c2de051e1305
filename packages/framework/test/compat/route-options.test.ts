import fp from 'fastify-plugin'
import S from 'fluent-json-schema'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4.29's route surface: request.routeOptions, onRoute changing the route before it is
// built, the route schema normalized in place, validator compilers that return no function.

/** A plugin as the ecosystem writes them: fp-wrapped, hooks every route by its config. */
const limiter = fp(
  async (app: any, opts: { header: string }) => {
    app.addHook('onRoute', (route: any) => {
      if (route.config?.limited !== true) return
      const own = route.onRequest
      const added = async (_request: unknown, reply: any) => {
        reply.header(opts.header, 'checked')
      }
      route.onRequest = own === undefined ? [added] : [...(Array.isArray(own) ? own : [own]), added]
    })
  },
  { name: 'limiter', fastify: '4.x' },
)

describe('[compat] request.routeOptions', () => {
  itBoth(
    'is frozen, config carries url and method, version from Accept-Version',
    async ({ send }) => {
      const app = makeApp()
      const view = (request: any) => {
        const options = request.routeOptions
        return {
          keys: Object.keys(options),
          frozen: Object.isFrozen(options),
          config: options.config,
          method: options.method,
          url: options.url,
          bodyLimit: options.bodyLimit,
          logLevel: options.logLevel,
          exposeHeadRoute: options.exposeHeadRoute,
          prefixTrailingSlash: options.prefixTrailingSlash,
          version: options.version ?? null,
          routeConfig: request.routeConfig,
          routerPath: request.routerPath,
        }
      }
      app.register(
        async (child: any) => {
          child.get('/:id', { config: { public: true }, bodyLimit: 100 }, async (request: any) =>
            view(request),
          )
          child.get('/', { constraints: { version: '1.2.0' } }, async (request: any) =>
            view(request),
          )
        },
        { prefix: '/users' },
      )
      const one = await send(app, { url: '/users/7' })
      expect(JSON.parse(one.body)).toEqual({
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
        config: { public: true, url: '/users/:id', method: 'GET' },
        method: 'GET',
        url: '/users/:id',
        bodyLimit: 100,
        logLevel: '',
        exposeHeadRoute: true,
        prefixTrailingSlash: 'both',
        // A route of the application uses the version constraint: version is the header (none here).
        version: null,
        routeConfig: { public: true, url: '/users/:id', method: 'GET' },
        routerPath: '/users/:id',
      })
      const versioned = await send(app, { url: '/users', headers: { 'accept-version': '1.x' } })
      expect(JSON.parse(versioned.body)).toMatchObject({ url: '/users', version: '1.x' })
    },
  )
})

describe('[compat] onRoute changes the route before it is built', () => {
  itBoth(
    'an fp plugin adds onRequest hooks by config; the route keeps its own',
    async ({ send }) => {
      const app = makeApp()
      await app.register(limiter, { header: 'x-limit' })
      app.get(
        '/limited',
        {
          config: { limited: true },
          onRequest: async (_request: unknown, reply: any) => {
            reply.header('x-own', 'yes')
          },
        },
        async () => 'ok',
      )
      app.get('/free', async () => 'free')
      const limited = await send(app, { url: '/limited' })
      expect([limited.statusCode, limited.headers['x-own'], limited.headers['x-limit']]).toEqual([
        200,
        'yes',
        'checked',
      ])
      const free = await send(app, { url: '/free' })
      expect(free.headers['x-limit']).toBeUndefined()
    },
  )

  itBoth(
    'swaps the handler, adds a schema and sees the full url, prefix and routePath',
    async ({ send }) => {
      const app = makeApp()
      const seen: unknown[] = []
      app.register(
        async (child: any) => {
          child.addHook('onRoute', (route: any) => {
            seen.push([route.method, route.url, route.prefix, route.routePath, route.custom])
            route.handler = async (request: any) => ({ swapped: true, n: request.query.n })
            route.schema = {
              querystring: { type: 'object', properties: { n: { type: 'integer' } } },
            }
          })
          child.get('/items', { custom: 'kept' }, async () => 'original')
        },
        { prefix: '/api' },
      )
      const ok = await send(app, { url: '/api/items?n=2' })
      expect(JSON.parse(ok.body)).toEqual({ swapped: true, n: 2 })
      expect((await send(app, { url: '/api/items?n=x' })).statusCode).toBe(400)
      expect(seen[0]).toEqual(['GET', '/api/items', '/api', '/items', 'kept'])
    },
  )

  it('sees the schema normalized in place once ready, an Ajv plugin keyword kept', async () => {
    const app = makeApp({
      validator: {
        plugins: [
          (ajv: any) => {
            ajv.addKeyword({
              keyword: 'x-even',
              validate: (on: boolean, n: number) => !on || n % 2 === 0,
            })
            return ajv
          },
        ],
      },
    })
    let kept: any
    app.addHook('onRoute', (route: any) => {
      if (route.method === 'GET') kept = route.schema
    })
    app.get(
      '/',
      { schema: { query: { n: { type: 'integer', 'x-even': true } } } },
      async (request: any) => request.query,
    )
    await app.ready()
    expect(kept.querystring).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', 'x-even': true } },
    })
    expect((await app.inject('/?n=4')).json()).toEqual({ n: 4 })
    expect((await app.inject('/?n=3')).statusCode).toBe(400)
  })

  it('sees a fluent-json-schema body resolved to its JSON once ready', async () => {
    const app = makeApp()
    let kept: any
    app.addHook('onRoute', (route: any) => {
      kept = route.schema
    })
    app.post(
      '/',
      { schema: { body: S.object().prop('n', S.integer()) } },
      async (request: any) => request.body,
    )
    await app.ready()
    expect(kept.body).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { type: 'integer' } },
    })
    expect(typeof kept.body.isFluentSchema).toBe('undefined')
  })

  it('a validator compiler installed by onRoute that returns no function leaves the part unvalidated', async () => {
    const app = makeApp()
    app.addHook('onRoute', (route: any) => {
      if (route.config?.trusted) route.validatorCompiler = () => null
    })
    const schema = { body: { type: 'object', properties: { n: { type: 'integer' } } } }
    app.post('/checked', { schema }, async (request: any) => request.body)
    app.post(
      '/trusted',
      { schema, config: { trusted: true } },
      async (request: any) => request.body,
    )
    expect(
      (await app.inject({ method: 'POST', url: '/checked', payload: { n: 'x' } })).statusCode,
    ).toBe(400)
    const trusted = await app.inject({ method: 'POST', url: '/trusted', payload: { n: 'x' } })
    expect(trusted.json()).toEqual({ n: 'x' })
  })
})

describe('[compat] prefixes and shared ids', () => {
  itBoth("'*' under a prefix is /prefix*, as Fastify 4 mounts it", async ({ send }) => {
    const app = makeApp()
    app.register(
      async (child: any) => {
        child.get('*', async (request: any) => ({ star: request.url }))
      },
      { prefix: '/api' },
    )
    expect(JSON.parse((await send(app, { url: '/api/x/y' })).body)).toEqual({ star: '/api/x/y' })
    expect(JSON.parse((await send(app, { url: '/apix' })).body)).toEqual({ star: '/apix' })
    expect((await send(app, { url: '/other' })).statusCode).toBe(404)
  })

  it('a prefix returned by an options function is not applied (Fastify 4.29.1 reads it too late)', async () => {
    const app = makeApp()
    app.register(
      async (child: any, opts: any) => {
        child.get('/here', async () => ({ prefix: child.prefix, opts }))
      },
      () => ({ prefix: '/x' }),
    )
    expect((await app.inject('/here')).json()).toEqual({ prefix: '', opts: { prefix: '/x' } })
    expect((await app.inject('/x/here')).statusCode).toBe(404)
  })

  itBoth("a shared schema whose $id is '#name' answers `$ref: '#name'`", async ({ send }) => {
    const app = makeApp()
    app.addSchema({
      $id: '#name',
      type: 'object',
      properties: { n: { type: 'integer' } },
      required: ['n'],
    })
    app.post('/', { schema: { body: { $ref: '#name' } } }, async (request: any) => request.body)
    app.register(async (child: any) => {
      child.post('/nested', {
        schema: { body: { type: 'object', properties: { a: { $ref: '#name' } } } },
        handler: async (request: any) => request.body,
      })
    })
    expect((await send(app, { method: 'POST', url: '/', payload: { n: '3' } })).body).toBe(
      '{"n":3}',
    )
    const missing = await send(app, { method: 'POST', url: '/', payload: {} })
    expect(missing.statusCode).toBe(400)
    const nested = await send(app, { method: 'POST', url: '/nested', payload: { a: { n: 'x' } } })
    expect(nested.statusCode).toBe(400)
    expect(app.getSchema('#name')).toMatchObject({ $id: '#name' })
  })
})
