import { describe, expect, it } from 'vitest'
import { loadModule } from '../test/load-module.js'
import { SerializerStore } from './internal/serializer-store.js'
import { SerializerCollector } from './serializer-collector.js'
import { buildSerializerCompiler } from './serializer-compiler.js'

// A module built by the collector gives the store its serializers back: same output, no build, and
// anything changed since the build is built anew.

const money = {
  $id: 'money',
  type: 'object',
  required: ['amount'],
  properties: { amount: { type: 'number' }, currency: { type: 'string', default: 'EUR' } },
}
const shared = { money }
const schemas = [
  { type: 'object', properties: { id: { type: 'integer' }, price: { $ref: 'money#' } } },
  { hello: { type: 'string' } },
  { type: 'array', items: { type: 'string' } },
  { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } },
]
const payloads: unknown[] = [
  { id: '7', price: { amount: 3.5, extra: true }, secret: 'x', hello: 'w\n"', v: 1 },
  { id: 1.9, price: { amount: 0 }, hello: 'ok', v: 'text' },
  ['a', 'b"c'],
]

function buildModule(list = schemas, sharedSchemas = shared) {
  const collector = new SerializerCollector()
  const compile = buildSerializerCompiler({}, { collector })(sharedSchemas)
  for (const schema of list) compile({ schema, method: 'GET', url: '/x', httpStatus: '200' })
  return { module: loadModule(collector.code()), collector }
}

function outputOf(serialize: (data: unknown) => string, data: unknown): string {
  try {
    return serialize(data)
  } catch (error) {
    return `threw ${(error as Error).message}`
  }
}

describe('precompiled serializers', () => {
  it('write exactly what built ones write, and are not built again', () => {
    const { module, collector } = buildModule()
    expect(collector.size).toBe(schemas.length)
    const built = buildSerializerCompiler()(shared)
    const store = new SerializerStore({}, { precompiled: module, onWarning: () => {} })
    const set = store.sharedSet(shared)
    const precompiled = buildSerializerCompiler({}, { precompiled: module })(shared)
    for (const schema of schemas) {
      const input = { schema, method: 'GET', url: '/x', httpStatus: '200' }
      for (const data of payloads) {
        expect(outputOf(precompiled(input), data)).toBe(outputOf(built(input), data))
      }
      store.build(set, schema)
    }
    expect(store.builds).toBe(0)
  })

  it('fail the same way for a payload the schema cannot write', () => {
    const { module } = buildModule()
    const input = { schema: schemas[0]!, method: 'GET', url: '/x', httpStatus: '200' }
    const bad = { price: { currency: 'EUR' } }
    const expected = outputOf(buildSerializerCompiler()(shared)(input), bad)
    expect(expected).toMatch(/^threw /)
    expect(outputOf(buildSerializerCompiler({}, { precompiled: module })(shared)(input), bad)).toBe(
      expected,
    )
  })

  it('build a changed schema, a changed shared schema or other options anew', () => {
    const { module } = buildModule()
    const edited = { type: 'object', properties: { id: { type: 'string' } } }
    const changedMoney = { money: { ...money, properties: { amount: { type: 'string' } } } }
    const cases: Array<[object, Record<string, object>, object, string]> = [
      [edited, shared, {}, '{"id":"7.5"}'],
      [schemas[0]!, changedMoney, {}, '{"id":7,"price":{"amount":"3.5"}}'],
      [
        schemas[0]!,
        shared,
        { rounding: 'ceil' },
        '{"id":8,"price":{"amount":3.5,"currency":"EUR"}}',
      ],
    ]
    for (const [schema, sharedSchemas, options, output] of cases) {
      const store = new SerializerStore(options, { precompiled: module, onWarning: () => {} })
      const { stringify } = store.build(store.sharedSet(sharedSchemas), schema)
      expect(store.builds).toBe(1)
      expect(stringify({ id: 7.5, price: { amount: 3.5 } })).toBe(output)
    }
  })

  it('build a schema the module does not hold', () => {
    const { module } = buildModule(schemas.slice(0, 1))
    const store = new SerializerStore({}, { precompiled: module, onWarning: () => {} })
    const set = store.sharedSet(shared)
    store.build(set, schemas[0]!)
    expect(store.builds).toBe(0)
    store.build(set, schemas[1]!)
    expect(store.builds).toBe(1)
  })

  it('load a plain schema by its first call, any other at compile time', () => {
    const { module } = buildModule()
    const loaded: string[] = []
    const watched = {
      ...module,
      serializers: Object.fromEntries(
        Object.entries(module.serializers as Record<string, (...args: unknown[]) => void>).map(
          ([key, load]) => [
            key,
            (...args: unknown[]) => {
              loaded.push(key)
              load(...args)
            },
          ],
        ),
      ),
    }
    const compile = buildSerializerCompiler({}, { precompiled: watched })(shared)
    const serializers = schemas.map((schema) =>
      compile({ schema, method: 'GET', url: '/x', httpStatus: '200' }),
    )
    // outside the plain subset: the anyOf schema, and the first (money's currency has a default)
    expect(loaded).toHaveLength(2)
    const built = buildSerializerCompiler()(shared)
    schemas.forEach((schema, index) => {
      const input = { schema, method: 'GET', url: '/x', httpStatus: '200' }
      for (const data of payloads) {
        expect(outputOf(serializers[index]!, data)).toBe(outputOf(built(input), data))
      }
    })
    expect(loaded).toHaveLength(schemas.length)
    expect(new Set(loaded).size).toBe(schemas.length)
  })

  it('build from the schema, with a warning, when an entry fails to load', () => {
    const { module } = buildModule()
    const broken = {
      ...module,
      serializers: Object.fromEntries(
        Object.keys(module.serializers).map((key) => [key, 'module.exports = 42']),
      ),
    }
    const warnings: string[] = []
    const store = new SerializerStore(
      {},
      { precompiled: broken, onWarning: (m) => warnings.push(m) },
    )
    const { stringify } = store.build(store.sharedSet(shared), schemas[1]!)
    expect(stringify({ hello: 'x' })).toBe('{"hello":"x"}')
    expect(store.builds).toBe(1)
    expect(warnings).toEqual([expect.stringMatching(/could not be loaded.*not a function/)])
  })

  it('fail the build step with the error a start without a module gives', () => {
    const bad = { type: 'object', properties: { a: { $ref: 'nope#' } } }
    const input = { schema: bad, method: 'GET', url: '/x', httpStatus: '200' }
    const plain = () => buildSerializerCompiler()(shared)(input)
    const collecting = () =>
      buildSerializerCompiler({}, { collector: new SerializerCollector() })(shared)(input)
    expect(plain).toThrow(expect.objectContaining({ code: 'FRM_ERR_SCH_SERIALIZATION_BUILD' }))
    expect(collecting).toThrow(messageOf(plain))
  })
})

function messageOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a throw')
}
