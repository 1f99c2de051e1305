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
})
