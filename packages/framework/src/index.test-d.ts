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
