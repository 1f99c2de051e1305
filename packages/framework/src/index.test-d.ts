import { describe, expectTypeOf, it } from 'vitest'
import framework, {
  createPrecompiler,
  type FrameworkReply,
  type FrameworkRequest,
  fp,
  type Instance,
  type PrecompiledModule,
  type PrecompileSummary,
  precompile,
} from './index.js'

describe('public types', () => {
  it('the factory returns an Instance, with or without options', () => {
    expectTypeOf(framework()).toEqualTypeOf<Instance>()
    expectTypeOf(framework({ logger: true, bodyLimit: 1024 })).toEqualTypeOf<Instance>()
  })

  it('route handlers receive the request and reply types', () => {
    framework().get('/', async (request, reply) => {
      expectTypeOf(request).toMatchTypeOf<FrameworkRequest>()
      expectTypeOf(reply).toMatchTypeOf<FrameworkReply>()
      return { ok: true }
    })
  })

  it('fp keeps the plugin it wraps', () => {
    const plugin = async (app: Instance) => {
      app.decorate('x', 1)
    }
    expectTypeOf(fp(plugin)).toMatchTypeOf<typeof plugin>()
  })

  it('types the poisoning actions and serializerOpts', () => {
    framework({
      onProtoPoisoning: 'remove',
      onConstructorPoisoning: 'ignore',
      serializerOpts: { rounding: 'ceil' },
    })
    // @ts-expect-error: not an action
    framework({ onProtoPoisoning: 'drop' })
  })

  it("types Fastify's parser helpers on every instance", () => {
    const app = framework()
    app.addContentTypeParser(
      'text/json',
      { parseAs: 'string' },
      app.getDefaultJsonParser('ignore', 'error'),
    )
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, app.defaultTextParser)
    expectTypeOf(app.removeAllContentTypeParsers()).toEqualTypeOf<Instance>()
  })

  it('precompiled takes a loaded module or a Precompiler; precompile resolves a summary', () => {
    const loaded: PrecompiledModule = require('./compiled.cjs')
    framework({ precompiled: loaded })
    framework({ precompiled: createPrecompiler() })
    expectTypeOf(precompile((options) => framework(options), 'out.cjs')).toEqualTypeOf<
      Promise<PrecompileSummary>
    >()
    // @ts-expect-error: not a module nor a Precompiler
    framework({ precompiled: 'compiled.cjs' })
  })

  it('rejects unknown options at compile time', () => {
    // @ts-expect-error: not a factory option
    framework({ bodyLimt: 10 })
  })
  it('issue 31 (part B): trailers, request ids, loggers, route lookup and router options', () => {
    const app = framework({
      http: { maxHeaderSize: 16384 },
      maxRequestsPerSocket: 10,
      allowUnsafeRegex: false,
      ignoreDuplicateSlashes: true,
      useSemicolonDelimiter: true,
      requestIdLogLabel: 'traceId',
    })
    expectTypeOf(app.setGenReqId((req) => String(req.headers['x-id']))).toEqualTypeOf<Instance>()
    expectTypeOf(
      app.setChildLoggerFactory((logger, bindings, options) => logger.child(bindings, options)),
    ).toEqualTypeOf<Instance>()
    expectTypeOf(
      app.printRoutes({ commonPrefix: false, includeHooks: true }),
    ).toEqualTypeOf<string>()
    expectTypeOf(app.findRoute({ method: 'GET', url: '/' })).toMatchTypeOf<{
      params: Record<string, string | undefined>
    } | null>()
    expectTypeOf(app.listeningOrigin).toEqualTypeOf<string | undefined>()
    expectTypeOf(app[Symbol.asyncDispose]()).toEqualTypeOf<Promise<void>>()
    app.get(
      '/',
      {
        logSerializers: { user: (user: { id: string }) => user.id },
        childLoggerFactory: (l, b) => l.child(b),
      },
      async (_request, reply) => {
        reply.trailer('server-timing', async () => 'db;dur=1')
        reply.trailer('etag', (_reply, _payload, done) => done(null, '"x"'))
        expectTypeOf(reply.hasTrailer('etag')).toEqualTypeOf<boolean>()
        return reply.removeTrailer('etag').send('ok')
      },
    )
    app.register(async () => {}, { logSerializers: { a: (value: unknown) => value } })
    app.route({ method: 'PROPFIND', url: '/dav', handler: async () => 'ok' })
  })
})
