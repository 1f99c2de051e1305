import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadModule } from '../test/load-module.js'
import * as ownRequire from './internal/own-require.js'
import { SerializerCollector } from './serializer-collector.js'
import { buildSerializerCompiler } from './serializer-compiler.js'

// fast-json-stringify itself takes tens of milliseconds to load: an application started from a
// precompiled module should not pay for it when every serializer it needs is in the module.

vi.mock('./internal/own-require.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./internal/own-require.js')>()
  return { ...actual, fjsBuild: vi.fn(actual.fjsBuild) }
})

const item = { $id: 'item', type: 'object', properties: { sku: { type: 'string' } } }
const schema = { type: 'object', properties: { id: { type: 'integer' }, item: { $ref: 'item#' } } }
const input = { schema, method: 'GET', url: '/orders/:id', httpStatus: '200' }

describe('a start from a precompiled module', () => {
  let module: any
  beforeEach(() => {
    const collector = new SerializerCollector()
    buildSerializerCompiler({}, { collector })({ item })(input)
    module = loadModule(collector.code())
    vi.mocked(ownRequire.fjsBuild).mockClear()
  })

  it('does not load fast-json-stringify for a serializer the module holds', () => {
    const serialize = buildSerializerCompiler({}, { precompiled: module })({ item })(input)
    expect(serialize({ id: 7.2, item: { sku: 'a', extra: 1 } })).toBe('{"id":7,"item":{"sku":"a"}}')
    expect(ownRequire.fjsBuild).not.toHaveBeenCalled()
  })

  it('loads it at compile time without a module, and by the first call for one it lacks', () => {
    buildSerializerCompiler()({ item })(input)
    expect(ownRequire.fjsBuild).toHaveBeenCalled()
    vi.mocked(ownRequire.fjsBuild).mockClear()
    const other = { type: 'object', properties: { name: { type: 'string' } } }
    const serialize = buildSerializerCompiler({}, { precompiled: module })({ item })({
      ...input,
      schema: other,
    })
    expect(ownRequire.fjsBuild).not.toHaveBeenCalled()
    expect(serialize({ name: 'x', id: 1 })).toBe('{"name":"x"}')
    expect(ownRequire.fjsBuild).toHaveBeenCalled()
  })
})
