import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { PlainSubset } from './internal/plain-subset.js'
import { SerializerStore } from './internal/serializer-store.js'
import { SerializerCollector } from './serializer-collector.js'
import { buildSerializerCompiler } from './serializer-compiler.js'

const money = {
  $id: 'money',
  type: 'object',
  required: ['amount'],
  properties: { amount: { type: 'number', minimum: 0 }, currency: { type: 'string' } },
}
const item = {
  $id: 'item',
  type: 'object',
  properties: { sku: { type: 'string', maxLength: 32 }, price: { $ref: 'money#' } },
}
const order = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    items: { type: 'array', items: { $ref: 'item#' } },
    note: { type: 'string', pattern: '^[a-z]*$' },
  },
}
const payload = {
  id: 7.2,
  items: [{ sku: 'a-1', price: { amount: 5, currency: 'EUR', extra: 1 } }],
  note: 'x',
  secret: 'dropped',
}
const output = '{"id":7,"items":[{"sku":"a-1","price":{"amount":5,"currency":"EUR"}}],"note":"x"}'

describe('serializers of plain schemas are built by their first call', () => {
  it('nothing is built at compile time; the first call builds, once for equal schemas', () => {
    const store = new SerializerStore({})
    const set = store.sharedSet({ money, item })
    const a = store.deferred(set, order)!
    const b = store.deferred(set, structuredClone(order))!
    expect(store.builds).toBe(0)
    expect(a.build()(payload)).toBe(output)
    expect(b.build()(payload)).toBe(output)
    expect(store.builds).toBe(1)
    expect(a.checked).toBe(false)
  })

  it('a deferred serializer writes, and fails, as one built at once', () => {
    const input = { schema: order, method: 'GET', url: '/orders/:id', httpStatus: '200' }
    const deferred = buildSerializerCompiler()({ money, item })(input)
    // Precompiling builds every serializer at compile time.
    const collector = new SerializerCollector()
    const atOnce = buildSerializerCompiler({}, { collector })({ money, item })(input)
    const bad = { ...payload, items: [{ sku: 'a', price: {} }] }
    const messageOf = (serialize: (data: unknown) => string) => {
      try {
        serialize(bad)
      } catch (error) {
        expect(error).toBeInstanceOf(FrameworkError)
        expect((error as FrameworkError).code).toBe('FRM_ERR_RESPONSE_SERIALIZATION')
        return (error as Error).message
      }
      throw new Error('expected the serializer to throw')
    }
    expect(messageOf(deferred)).toBe(messageOf(atOnce))
    expect(messageOf(deferred)).toContain('"amount" is required!')
    expect(deferred(payload)).toBe(output)
    expect(atOnce(payload)).toBe(output)
    expect(deferred({ ...payload, id: 8.9 })).toBe(atOnce({ ...payload, id: 8.9 }))
  })

  it('builds the schema as it was at compile time', () => {
    const schema = structuredClone(order)
    const serialize = buildSerializerCompiler()({ money, item })({
      schema,
      method: 'GET',
      url: '/orders/:id',
      httpStatus: '200',
    })
    schema.properties.id.type = 'string'
    expect(serialize(payload)).toBe(output)
  })

  it('what is outside the plain subset is built at compile time, and fails there', () => {
    const store = new SerializerStore({})
    const set = store.sharedSet({ money, item })
    expect(store.deferred(set, { properties: { id: { type: 'integer' } } })).toBeUndefined()
    expect(store.deferred(set, { $ref: 'nobody#' })).toBeUndefined()
    const compile = buildSerializerCompiler()({ money, item })
    expect(() =>
      compile({ schema: { $ref: 'nobody#' }, method: 'GET', url: '/x', httpStatus: '200' }),
    ).toThrow(
      /^Failed building the serialization schema for GET: \/x, due to error Cannot resolve ref "nobody#"/,
    )
  })

  it('eager (a host that refuses code generation while serving) builds at compile time', () => {
    const store = new SerializerStore({}, { eager: true, onWarning: () => {} })
    expect(store.deferred(store.sharedSet({ money, item }), order)).toBeUndefined()
    // what the framework hands a host without code generation: every build before the first call
    const deferredBy = new SerializerStore({})
    expect(deferredBy.deferred(deferredBy.sharedSet({ money, item }), order)).toBeDefined()
  })

  it('precompiling builds everything at compile time, for the module', () => {
    const collector = new SerializerCollector()
    const compile = buildSerializerCompiler({}, { collector })({ money, item })
    compile({ schema: order, method: 'GET', url: '/orders/:id', httpStatus: '200' })
    expect(collector.size).toBe(1)
  })
})

describe('the plain subset', () => {
  const shared: Record<string, unknown> = { money, item }
  const lookup = (name: string) => shared[name]
  const plain = (schema: unknown, maxDepth = 100) =>
    new PlainSubset(maxDepth).includes(schema, lookup)

  it('holds typed schemas of properties, items, references by name and their constraints', () => {
    expect(plain(order)).toBe(true)
    expect(plain({ $ref: 'item#' })).toBe(true)
    expect(plain({ type: 'string', format: 'date-time', minLength: 1, title: 't' })).toBe(true)
    expect(
      plain({ type: 'object', required: ['a'], additionalProperties: false, properties: {} }),
    ).toBe(true)
  })

  it('leaves out untyped places, other keywords and odd values', () => {
    const outside = [
      { properties: { a: { type: 'string' } } },
      { type: ['string', 'null'] },
      { type: 'string', nullable: true },
      { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
      { type: 'object', anyOf: [{ type: 'object' }] },
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'object', required: ['a', 'a'] },
      { type: 'string', maxLength: -1 },
      { type: 'number', maximum: Number.POSITIVE_INFINITY },
      { type: 'string', pattern: '(' },
      { type: 'string', pattern: '\\-' },
      { type: 'object', $id: 'own' },
      { $ref: 'item#', description: 'a sibling' },
      { $ref: '#/definitions/a' },
      { $ref: 'http://example.com/item#' },
      true,
      [],
    ]
    for (const schema of outside) expect(plain(schema), JSON.stringify(schema)).toBe(false)
  })

  it('follows references: unknown names, mismatched ids and cycles are outside', () => {
    expect(plain({ $ref: 'nobody#' })).toBe(false)
    const lookupOf = (schemas: Record<string, unknown>) => (name: string) => schemas[name]
    const subset = new PlainSubset(100)
    expect(subset.includes({ $ref: 'a#' }, lookupOf({ a: { $id: 'b', type: 'string' } }))).toBe(
      false,
    )
    const cycle = {
      node: { type: 'object', properties: { next: { $ref: 'node#' } } },
    }
    expect(subset.includes({ $ref: 'node#' }, lookupOf(cycle))).toBe(false)
    const loose = { money: { ...money, properties: { amount: {} } } }
    expect(subset.includes({ $ref: 'money#' }, lookupOf(loose))).toBe(false)
  })

  it('stays within maxDepth, counting objects and references', () => {
    // order: properties and the array (2), items and the reference to item (2), its properties
    // (2), the reference to money (1), its properties (2): 9.
    expect(plain(order, 9)).toBe(true)
    expect(plain(order, 8)).toBe(false)
    expect(plain({ type: 'string' }, 0)).toBe(true)
    expect(plain({ type: 'object', properties: { a: { type: 'string' } } }, 1)).toBe(false)
  })
  it('stops at maxDepth, so deep or circular objects and long chains end the walk', () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 5000; i++) deep = { type: 'array', items: deep }
    expect(plain(deep)).toBe(false)
    const circular: Record<string, unknown> = { type: 'object' }
    circular.properties = { self: circular }
    expect(plain(circular)).toBe(false)
    const chain: Record<string, unknown> = { s0: { type: 'string' } }
    for (let i = 1; i < 5000; i++) chain[`s${i}`] = { type: 'array', items: { $ref: `s${i - 1}#` } }
    const subset = new PlainSubset(100)
    expect(subset.includes({ $ref: 's4999#' }, (name) => chain[name])).toBe(false)
    expect(subset.includes({ $ref: 's10#' }, (name) => chain[name])).toBe(true)
  })

  it("a circular object is built at once, and fails with fast-json-stringify's message", () => {
    const circular: Record<string, unknown> = { type: 'object' }
    circular.properties = { self: circular }
    const compile = buildSerializerCompiler()({})
    expect(() =>
      compile({ schema: circular, method: 'GET', url: '/c', httpStatus: '200' }),
    ).toThrow(/schema contains a circular object reference; use \$ref instead/)
  })
})
