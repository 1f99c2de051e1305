import { describe, expect, it } from 'vitest'
import { stableKey } from './stable-key.js'

describe('stableKey', () => {
  it('is the same for deeply equal schemas whatever the key order', () => {
    const a = {
      type: 'object',
      properties: { x: { type: 'string', minLength: 1 } },
      required: ['x'],
    }
    const b = {
      required: ['x'],
      properties: { x: { minLength: 1, type: 'string' } },
      type: 'object',
    }
    expect(stableKey(a)).toBe(stableKey(b))
    expect(stableKey(a)).toBe(
      '{"properties":{"x":{"minLength":1,"type":"string"}},"required":["x"],"type":"object"}',
    )
  })

  it('differs when a value, an array order or a nesting differs', () => {
    expect(stableKey({ enum: [1, 2] })).not.toBe(stableKey({ enum: [2, 1] }))
    expect(stableKey({ maximum: 1 })).not.toBe(stableKey({ maximum: '1' }))
    expect(stableKey({ a: { b: 1 } })).not.toBe(stableKey({ a: '{"b":1}' }))
  })

  it('keeps apart what JSON would merge: Infinity, NaN and null; undefined and absent', () => {
    expect(stableKey({ d: Number.POSITIVE_INFINITY })).not.toBe(stableKey({ d: null }))
    expect(stableKey({ d: Number.NaN })).not.toBe(stableKey({ d: null }))
    expect(stableKey({ d: undefined })).not.toBe(stableKey({}))
  })

  it('keys functions and class instances by identity', () => {
    const f = () => true
    const g = () => true
    expect(stableKey({ check: f })).toBe(stableKey({ check: f }))
    expect(stableKey({ check: f })).not.toBe(stableKey({ check: g }))
    expect(stableKey({ re: /a/ })).not.toBe(stableKey({ re: /a/ }))
  })

  it('gives undefined for a cyclic value, and handles a shared (non-cyclic) sub-object', () => {
    const cyclic: Record<string, unknown> = { type: 'object' }
    cyclic.self = cyclic
    expect(stableKey(cyclic)).toBeUndefined()
    const shared = { type: 'string' }
    expect(stableKey({ a: shared, b: shared })).toBe(
      '{"a":{"type":"string"},"b":{"type":"string"}}',
    )
  })
})
