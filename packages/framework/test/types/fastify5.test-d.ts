import framework, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'framework'
import { pino } from 'pino'
import { describe, expectTypeOf, it } from 'vitest'

// Fastify 5's additions, with Fastify 5's signatures.

describe('Fastify 5 members', () => {
  it('request.host, port, mediaType, getDecorator, setDecorator', () => {
    expectTypeOf<FastifyRequest['host']>().toEqualTypeOf<string>()
    expectTypeOf<FastifyRequest['port']>().toEqualTypeOf<number | null>()
    expectTypeOf<FastifyRequest['mediaType']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<FastifyRequest['signal']>().toEqualTypeOf<AbortSignal>()
    // Fastify 5's hostname: the host without its port
    expectTypeOf<FastifyRequest['hostname']>().toEqualTypeOf<string>()
    const app = framework()
    app.get('/', async (request, reply) => {
      expectTypeOf(request.getDecorator<{ name: string }>('user')).toEqualTypeOf<{
        name: string
      }>()
      expectTypeOf(request.setDecorator).parameters.toEqualTypeOf<
        [name: string | symbol, value: unknown]
      >()
      request.setDecorator<number>('count', 1)
      // @ts-expect-error: the value must match the type argument
      request.setDecorator<number>('count', 'one')
      expectTypeOf(reply.getDecorator<() => string>('render')).toEqualTypeOf<() => string>()
      expectTypeOf(reply.routeOptions).toEqualTypeOf(request.routeOptions)
      expectTypeOf(reply.mediaType).toEqualTypeOf<string | undefined>()
      expectTypeOf(reply.elapsedTime).toEqualTypeOf<number>()
      return reply.redirect('/elsewhere', 301)
    })
  })

  it('reply.redirect takes (url, code?) and (code, url)', () => {
    expectTypeOf<FastifyReply['redirect']>().toBeCallableWith('/a')
    expectTypeOf<FastifyReply['redirect']>().toBeCallableWith('/a', 308)
    expectTypeOf<FastifyReply['redirect']>().toBeCallableWith(301, '/a')
    expectTypeOf<ReturnType<FastifyReply['getDecorator']>>().toBeUnknown()
  })

  it('instance.getDecorator', () => {
    const app: FastifyInstance = framework()
    expectTypeOf(app.getDecorator<string>('greeting')).toEqualTypeOf<string>()
    expectTypeOf(app.getDecorator).parameter(0).toEqualTypeOf<string | symbol>()
  })

  it('the loggerInstance factory option takes a pino instance', () => {
    const options: FastifyServerOptions = { loggerInstance: pino() }
    framework(options)
    framework({ loggerInstance: pino({ level: 'debug' }), disableRequestLogging: true })
    // @ts-expect-error: pino options belong in `logger`
    framework({ loggerInstance: { level: 'info' } })
  })

  it('the routerOptions factory option groups the router settings', () => {
    framework({
      routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 200 },
    })
    // @ts-expect-error: ignoreTrailingSlash is a boolean
    framework({ routerOptions: { ignoreTrailingSlash: 'yes' } })
  })
})

describe('Fastify 5 router members', () => {
  it('query and trace shorthands, addHttpMethod with overrideExisting, supportedMethods', () => {
    const app = framework()
    expectTypeOf(app.query('/search', async () => 'x')).toEqualTypeOf(app)
    expectTypeOf(app.trace('/t', async () => 'x')).toEqualTypeOf(app)
    app.query('/typed', { schema: { body: { type: 'object' } } }, async (request) => request.body)
    expectTypeOf(
      app.addHttpMethod('REBIND', { hasBody: true, overrideExisting: true }),
    ).toEqualTypeOf(app)
    expectTypeOf(app.supportedMethods).toEqualTypeOf<string[]>()
    // @ts-expect-error: hasBody is a boolean
    app.addHttpMethod('REBIND', { hasBody: 'yes' })
  })

  it('routerOptions takes the router callbacks', () => {
    framework({
      routerOptions: {
        defaultRoute: (_raw, res) => res.end(),
        onBadUrl: (path, _raw, res) => res.end(path),
        onMaxParamLength: (path, _raw, res) => res.end(path),
        buildPrettyMeta: (route) => ({ path: route.path }),
        useSemicolonDelimiter: true,
      },
    })
  })
})
