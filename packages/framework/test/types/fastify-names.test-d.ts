import type { IncomingHttpHeaders } from 'node:http'
import framework, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyPluginOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
  type FrameworkReply,
  type FrameworkRequest,
  fp,
  type HookHandlerDoneFunction,
  type Instance,
  type onRequestHookHandler,
  type preHandlerAsyncHookHandler,
  type RawServerDefault,
  type RouteGenericInterface,
  type RouteHandlerMethod,
  type RouteShorthandOptions,
} from 'framework'
import { describe, expectTypeOf, it } from 'vitest'

describe("Fastify's type names", () => {
  it('the factory, plugins and handlers hand out the types that extend the Fastify names', () => {
    const app = framework()
    expectTypeOf(app).toMatchTypeOf<FastifyInstance>()
    app.register(async (child) => {
      expectTypeOf(child).toMatchTypeOf<FastifyInstance>()
      child.get('/', async function (request, reply) {
        expectTypeOf(this).toMatchTypeOf<FastifyInstance>()
        expectTypeOf(request).toMatchTypeOf<FastifyRequest>()
        expectTypeOf(reply).toMatchTypeOf<FastifyReply>()
        return null
      })
    })
    expectTypeOf<FrameworkRequest>().toMatchTypeOf<FastifyRequest>()
    expectTypeOf<FrameworkReply>().toMatchTypeOf<FastifyReply>()
    expectTypeOf<Instance>().toMatchTypeOf<FastifyInstance>()
  })

  it('types handlers and plugins written as Fastify code writes them', () => {
    interface CreateUser extends RouteGenericInterface {
      Body: { name: string }
      Params: { org: string }
    }
    const create = async (request: FastifyRequest<CreateUser>, reply: FastifyReply) => {
      expectTypeOf(request.body).toEqualTypeOf<{ name: string }>()
      expectTypeOf(request.params.org).toBeString()
      return reply.code(201).send({ name: request.body.name })
    }
    const plugin: FastifyPluginAsync<{ table: string }> = async (app, opts) => {
      expectTypeOf(app).toEqualTypeOf<Instance>()
      expectTypeOf(opts.table).toBeString()
      app.post<CreateUser>('/orgs/:org/users', create)
    }
    const callback: FastifyPluginCallback = (app, opts, done) => {
      expectTypeOf(opts).toEqualTypeOf<Record<never, never>>()
      app.get('/', async () => 'ok')
      done()
    }
    const app = framework()
    app.register(plugin, { table: 'users', prefix: '/v1' })
    app.register(callback)
    // @ts-expect-error: the plugin's options are checked
    app.register(plugin, { table: 1 })
    expectTypeOf<FastifyPluginOptions>().toEqualTypeOf<Record<string, any>>()
  })

  it("accepts Fastify's type parameters where Fastify code passes them", () => {
    // fastify-plugin passes (Options, RawServer, TypeProvider, Logger) to the plugin types.
    expectTypeOf<FastifyPluginAsync<{ a: 1 }, RawServerDefault>>().toEqualTypeOf<
      FastifyPluginAsync<{ a: 1 }>
    >()
    // The route generic is the fourth parameter of the handler and hook types, as in Fastify.
    const handler: RouteHandlerMethod<
      RawServerDefault,
      any,
      any,
      { Querystring: { q: string } }
    > = async (request) => request.query.q
    const hook: onRequestHookHandler = (request, _reply, done) => {
      expectTypeOf(done).toEqualTypeOf<HookHandlerDoneFunction>()
      request.log.info('in')
      done()
    }
    const auth: preHandlerAsyncHookHandler = async (request, reply) => {
      if (request.headers.authorization === undefined) return reply.code(401).send()
    }
    const options: RouteShorthandOptions = { onRequest: hook, preHandler: [auth] }
    const schema: FastifySchema = { body: { type: 'object' }, tags: ['users'] }
    const settings: FastifyServerOptions = { logger: false, bodyLimit: 1024 }
    const app = framework(settings)
    app.get('/', options, handler)
    app.post('/', { schema }, async () => null)
    app.addHook('onRequest', hook)
  })

  it('types request.headers as Node does when no headers schema applies', () => {
    framework().get('/', async (request) => {
      expectTypeOf(request.headers.authorization).toEqualTypeOf<string | undefined>()
      expectTypeOf(request.headers['content-type']).toEqualTypeOf<string | undefined>()
      expectTypeOf(request.headers['set-cookie']).toEqualTypeOf<string[] | undefined>()
      expectTypeOf(request.headers['x-request-id']).toEqualTypeOf<string | string[] | undefined>()
      const node: IncomingHttpHeaders = request.headers
      return node.host ?? null
    })
    framework().get(
      '/',
      { schema: { headers: { type: 'object', properties: { 'x-count': { type: 'integer' } } } } },
      async (request) => {
        expectTypeOf(request.headers['x-count']).toEqualTypeOf<number | undefined>()
        expectTypeOf(request.headers.authorization).toEqualTypeOf<string | undefined>()
        return null
      },
    )
  })

  it('types the error an error handler receives as FastifyError (validation included)', () => {
    const app = framework()
    app.setErrorHandler((error, _request, reply) => {
      expectTypeOf(error).toEqualTypeOf<FastifyError>()
      expectTypeOf(error.code).toBeString()
      expectTypeOf(error.statusCode).toEqualTypeOf<number | undefined>()
      if (error.validation) {
        expectTypeOf(error.validation[0]?.instancePath).toEqualTypeOf<string | undefined>()
        expectTypeOf(error.validationContext).toEqualTypeOf<
          'body' | 'params' | 'query' | 'headers' | 'querystring' | undefined
        >()
      }
      // @ts-expect-error: not a field of FastifyError
      error.details
      reply.send(error)
    })
    class PaymentError extends Error {
      readonly retryAfter = 30
    }
    app.setErrorHandler((error: PaymentError, _request, reply) => {
      reply.header('retry-after', error.retryAfter).send({ message: error.message })
    })
    app.get('/', { errorHandler: (error) => ({ code: error.code }) }, async () => null)
    app.addHook('onError', async (_request, _reply, error) => {
      expectTypeOf(error).toEqualTypeOf<FastifyError>()
    })
  })

  it("fp takes fastify-plugin's meta, the Fastify range included", () => {
    const plugin: FastifyPluginAsync<{ url: string }> = async (app, opts) => {
      app.decorate('url', opts.url)
    }
    const wrapped = fp(plugin, { name: 'db', fastify: '4.x', dependencies: ['config'] })
    expectTypeOf(wrapped).toMatchTypeOf<FastifyPluginAsync<{ url: string }>>()
    framework().register(wrapped, { url: 'postgres://' })
    // @ts-expect-error: the range is a string
    fp(plugin, { fastify: 4 })
  })
})
