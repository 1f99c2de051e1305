import { expectTypeOf, it } from 'vitest'
import fp, { type PluginMeta } from './index.js'

it('returns the plugin type unchanged', () => {
  const plugin = async (
    _app: { decorate(name: string, value: unknown): void },
    _opts: { a: number },
  ) => {}
  const marked = fp(plugin, { name: 'x' })
  expectTypeOf(marked).toMatchTypeOf<typeof plugin>()
  expectTypeOf(marked).parameters.toEqualTypeOf<Parameters<typeof plugin>>()
})

it('types meta', () => {
  expectTypeOf<PluginMeta['dependencies']>().toEqualTypeOf<readonly string[] | undefined>()
  expectTypeOf(fp).parameter(1).toEqualTypeOf<string | PluginMeta | undefined>()
})
