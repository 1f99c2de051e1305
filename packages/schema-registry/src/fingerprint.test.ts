import { describe, expect, it } from 'vitest'
import { fingerprint } from './fingerprint.js'

describe('fingerprint', () => {
  it('is equal for deeply equal plain data', () => {
    const a = {
      type: 'object',
      properties: { n: { type: 'integer', default: 0 } },
      required: ['n'],
    }
    expect(fingerprint(structuredClone(a))).toBe(fingerprint(a))
  })

  it('tells apart values JSON would confuse', () => {
    const values = [
      'a',
      1,
      '1',
      true,
      't',
      null,
      'n',
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      [],
      {},
      [1, 2],
      [[1], 2],
      { a: 1 },
      { a: '1' },
      { a: undefined },
      { 'a,b': 1 },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ]
    const prints = values.map((value) => fingerprint(value))
    expect(new Set(prints).size).toBe(values.length)
  })

  it('keeps property order: it is output order for the serializer', () => {
    expect(fingerprint({ a: 1, b: 2 })).not.toBe(fingerprint({ b: 2, a: 1 }))
  })

  it('is undefined for anything but plain data', () => {
    expect(fingerprint({ default: () => 1 })).toBeUndefined()
    expect(fingerprint({ default: new Date(0) })).toBeUndefined()
    expect(fingerprint({ pattern: /a/ })).toBeUndefined()
    expect(fingerprint({ n: 1n })).toBeUndefined()
    expect(fingerprint({ s: Symbol('s') })).toBeUndefined()
    expect(fingerprint([new (class Thing {})()])).toBeUndefined()
  })

  it('is undefined for a cycle, but accepts an object reached twice', () => {
    const cycle: Record<string, unknown> = { type: 'object' }
    cycle.self = cycle
    expect(fingerprint(cycle)).toBeUndefined()
    const shared = { type: 'string' }
    expect(fingerprint({ a: shared, b: shared })).toBe(
      fingerprint({ a: { type: 'string' }, b: { type: 'string' } }),
    )
  })

  it('accepts objects without a prototype', () => {
    const bare = Object.assign(Object.create(null), { type: 'string' })
    expect(fingerprint(bare)).toBe(fingerprint({ type: 'string' }))
  })
})
