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
    const a = store.build(set, { type: 'array', items: { $ref: 'user#' } })
    const b = store.build(set, { type: 'array', items: { $ref: 'user#' } })
    expect(b).toBe(a)
    expect(store.builds).toBe(1)
    store.build(set, { type: 'array', items: { $ref: 'user#' }, maxItems: 10 })
    expect(store.builds).toBe(2)
  })

  it('an equal set of shared schemas reuses the builds made for the first', () => {
    const store = new SerializerStore({})
    const schema = { $ref: 'user#' }
    const first = store.build(store.sharedSet({ user, order }), schema)
    const second = store.build(
      store.sharedSet({ order: { ...order }, user: structuredClone(user) }),
      { $ref: 'user#' },
    )
    expect(second).toBe(first)
    expect(store.builds).toBe(1)
  })

  it('sets that differ only in schemas the response does not reach share the build', () => {
    const store = new SerializerStore({})
    const schema = { type: 'object', properties: { who: { $ref: 'user#' } } }
    const root = store.build(store.sharedSet({ user }), schema)
    // A child context that added `order` and another schema: `user` is all this response uses.
    const child = store.build(store.sharedSet({ user, order, extra: { $id: 'extra' } }), schema)
    expect(child).toBe(root)
    expect(store.builds).toBe(1)
    // Another `user` is another build.
    store.build(store.sharedSet({ user: { ...user, required: ['id'] } }), schema)
    expect(store.builds).toBe(2)
  })

  it('a response without references to shared schemas is built once whatever the set', () => {
    const store = new SerializerStore({})
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } }
    store.build(store.sharedSet({}), schema)
    store.build(store.sharedSet({ user }), schema)
    store.build(store.sharedSet({ user, order }), schema)
    expect(store.builds).toBe(1)
  })

  it('a shared schema the response does not reach cannot break its build', () => {
    const compile = buildSerializerCompiler()({
      user,
      broken: { $id: 'broken', type: 'object', properties: { a: { type: 'text' } } },
    })
    const serialize = compile({
      schema: { $ref: 'user#' },
      method: 'GET',
      url: '/me',
      httpStatus: '200',
    })
    expect(serialize({ id: 1, name: 'Ada', x: 0 })).toBe('{"id":1,"name":"Ada"}')
    expect(() =>
      compile({ schema: { $ref: 'broken#' }, method: 'GET', url: '/b', httpStatus: '200' }),
    ).toThrow(
      'Failed building the serialization schema for GET: /b, due to error "broken" schema is invalid: data/properties/a/type must be equal to one of the allowed values. Correct the response schema (JSON Schema Draft 7). (status: 200)',
    )
  })

  it('schemas that differ only in property order are built apart: order is output order', () => {
    const store = new SerializerStore({})
    const set = store.sharedSet({})
    const ab = store.build(set, {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    })
    const ba = store.build(set, {
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
    const first = store.build(set, schema)
    const second = store.build(set, schema)
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
