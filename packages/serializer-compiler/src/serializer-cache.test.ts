import { describe, expect, it } from 'vitest'
import { SerializerStore } from './internal/serializer-store.js'
import { buildSerializerCompiler } from './serializer-compiler.js'

const user = {
  $id: 'user',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}
const order = { $id: 'order', type: 'object', properties: { total: { type: 'number' } } }

describe('one build per identical (schema, shared schemas)', () => {
  it('the outer call returns the same compiler for the same or an equal set of shared schemas', () => {
    const compilerFor = buildSerializerCompiler()
    const shared = { user, order }
    const first = compilerFor(shared)
    expect(compilerFor(shared)).toBe(first)
    expect(compilerFor({ order, user })).toBe(first)
    expect(compilerFor(structuredClone(shared))).toBe(first)
    expect(compilerFor({ user })).not.toBe(first)
    expect(compilerFor({ user, order: { ...order, title: 'Order' } })).not.toBe(first)
  })

  it('equal response schemas of different routes are built once', () => {
    const store = new SerializerStore({})
    const set = store.sharedSet({ user })
    const a = set.build({ type: 'array', items: { $ref: 'user#' } })
    const b = set.build({ type: 'array', items: { $ref: 'user#' } })
    expect(b).toBe(a)
    expect(store.builds).toBe(1)
    set.build({ type: 'array', items: { $ref: 'user#' }, maxItems: 10 })
    expect(store.builds).toBe(2)
  })

  it('an equal set of shared schemas reuses the builds made for the first', () => {
    const store = new SerializerStore({})
    const schema = { $ref: 'user#' }
    const first = store.sharedSet({ user, order }).build(schema)
    const second = store.sharedSet({ order: { ...order }, user: structuredClone(user) }).build({
      $ref: 'user#',
    })
    expect(second).toBe(first)
    expect(store.builds).toBe(1)
    // Another set of shared schemas is another build, even for the same response schema.
    store.sharedSet({ user }).build(schema)
    expect(store.builds).toBe(2)
  })

  it('schemas that differ only in property order are built apart: order is output order', () => {
    const store = new SerializerStore({})
    const set = store.sharedSet({})
    const ab = set.build({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    })
    const ba = set.build({
      type: 'object',
      properties: { b: { type: 'string' }, a: { type: 'string' } },
    })
    expect(ba).not.toBe(ab)
    expect(ab.stringify({ a: '1', b: '2' })).toBe('{"a":"1","b":"2"}')
    expect(ba.stringify({ a: '1', b: '2' })).toBe('{"b":"2","a":"1"}')
  })

  it('a schema holding something other than plain data is built every time, never shared', () => {
    const store = new SerializerStore({})
    const set = store.sharedSet({})
    const at = new Date(0)
    const schema = { type: 'object', properties: { at: { type: 'string', default: at } } }
    const first = set.build(schema)
    const second = set.build(schema)
    expect(second).not.toBe(first)
    expect(store.builds).toBe(2)
    expect(first.stringify({})).toBe('{"at":"1970-01-01T00:00:00.000Z"}')
  })

  it('separate compilers keep separate caches, so their options never mix', () => {
    const schema = { type: 'integer' }
    const input = { schema, method: 'GET', url: '/', httpStatus: '200' }
    const floor = buildSerializerCompiler({ rounding: 'floor' })({})(input)
    const ceil = buildSerializerCompiler({ rounding: 'ceil' })({})(input)
    expect(floor(1.5)).toBe('1')
    expect(ceil(1.5)).toBe('2')
  })

  it('each route keeps its own name in errors while sharing one build', () => {
    const compile = buildSerializerCompiler()({ user })
    const schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }
    const a = compile({ schema, method: 'GET', url: '/a', httpStatus: '200' })
    const b = compile({
      schema: structuredClone(schema),
      method: 'PUT',
      url: '/b',
      httpStatus: '2xx',
    })
    expect(() => a({})).toThrow('The response of GET /a (status 200)')
    expect(() => b({})).toThrow('The response of PUT /b (status 2xx)')
  })
})
