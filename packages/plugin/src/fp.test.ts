import { describe, expect, it } from 'vitest'
import fpDefault, { fp, kDisplayName, kPluginMeta, kSkipOverride } from './index.js'

describe('fp', () => {
  it('[2.1] returns the same function, marked to skip encapsulation', () => {
    const plugin = async () => {}
    const marked = fp(plugin)
    expect(marked).toBe(plugin)
    expect((marked as any)[Symbol.for('framework.skip-override')]).toBe(true)
    expect(marked[kSkipOverride]).toBe(true)
  })

  it('uses the well-known symbols the core reads', () => {
    expect(kSkipOverride).toBe(Symbol.for('framework.skip-override'))
    expect(kDisplayName).toBe(Symbol.for('framework.display-name'))
    expect(kPluginMeta).toBe(Symbol.for('plugin-meta'))
  })

  it('is the default export too', () => {
    expect(fpDefault).toBe(fp)
  })

  it('takes the name from a string meta', () => {
    const marked = fp(async () => {}, 'db')
    expect(marked[kDisplayName]).toBe('db')
    expect(marked[kPluginMeta]).toEqual({ name: 'db' })
  })

  it('takes name, dependencies and decorators from an object meta', () => {
    const meta = {
      name: 'auth',
      dependencies: ['db'],
      decorators: { instance: ['db'], request: ['user'], reply: ['view'] },
    }
    const marked = fp(async () => {}, meta)
    expect(marked[kDisplayName]).toBe('auth')
    expect(marked[kPluginMeta]).toEqual(meta)
    expect(marked[kPluginMeta]).not.toBe(meta)
  })

  it('falls back to the function name when no name is given', () => {
    async function cache() {}
    const marked = fp(cache)
    expect(marked[kDisplayName]).toBe('cache')
    expect(marked[kPluginMeta]).toEqual({ name: 'cache' })
  })

  it('leaves the display name unset for an anonymous function without meta name', () => {
    const marked = fp((() => () => {})())
    expect(marked[kDisplayName]).toBeUndefined()
    expect(marked[kPluginMeta]).toEqual({})
  })

  it('keeps encapsulation when meta.encapsulate is true', () => {
    const marked = fp(async function scoped() {}, { name: 'scoped', encapsulate: true })
    expect(marked[kSkipOverride]).toBe(false)
    expect(marked[kDisplayName]).toBe('scoped')
  })

  it('accepts a module namespace whose default export is the plugin', () => {
    const plugin = async function fromModule() {}
    expect(fp({ default: plugin })).toBe(plugin)
    expect(plugin[kSkipOverride as keyof typeof plugin]).toBe(true)
  })

  it('throws a TypeError for something that is not a plugin', () => {
    expect(() => fp(42 as any)).toThrow(
      new TypeError(
        'framework-plugin expects a plugin function (or a module whose default export is one), received number 42',
      ),
    )
    expect(() => fp(null as any)).toThrow(TypeError)
  })

  it('throws a TypeError for a bad meta', () => {
    expect(() => fp(async () => {}, 7 as any)).toThrow(
      'framework-plugin: meta must be a plugin name or an object { name, dependencies, decorators }, received number 7',
    )
    expect(() => fp(async () => {}, { name: '' })).toThrow(
      "framework-plugin: meta.name must be a non-empty string, received the string ''",
    )
    expect(() => fp(async () => {}, { dependencies: [3 as any] })).toThrow(
      'framework-plugin: meta.dependencies must list plugin names (strings), received number 3',
    )
  })
})
