import { describe, expect, it } from 'vitest'
import { expandShorthand } from './expand-shorthand.js'

describe('expandShorthand', () => {
  it('returns a Standard Schema value written as a plain object untouched', () => {
    const standard = { '~standard': { version: 1, vendor: 'x', validate: () => ({ value: 1 }) } }
    expect(expandShorthand(standard as never)).toBe(standard)
  })

  it('[2.4] expands properties listed at the top level into type object + properties', () => {
    const name = { type: 'string' }
    const excitement = { type: 'integer' }
    expect(expandShorthand({ name, excitement })).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, excitement: { type: 'integer' } },
    })
    const expanded = expandShorthand({ name }) as { properties: { name: unknown } }
    expect(expanded.properties.name).toBe(name)
  })

  it('[2.4] carries a top-level required array', () => {
    expect(expandShorthand({ id: { type: 'integer' }, required: ['id'] })).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    })
  })

  it('[2.4] accepts boolean property schemas', () => {
    expect(expandShorthand({ anything: true, nothing: false })).toEqual({
      type: 'object',
      properties: { anything: true, nothing: false },
    })
  })

  it('[2.4] reads a property named like a keyword as a property when its value is a schema', () => {
    expect(expandShorthand({ type: { type: 'string' }, format: { enum: ['a', 'b'] } })).toEqual({
      type: 'object',
      properties: { type: { type: 'string' }, format: { enum: ['a', 'b'] } },
    })
    expect(expandShorthand({ required: { type: 'boolean' } })).toEqual({
      type: 'object',
      properties: { required: { type: 'boolean' } },
    })
  })

  it('[2.4] the contract syntax of a response expands the same way', () => {
    expect(expandShorthand({ value: { type: 'string' }, otherValue: { type: 'boolean' } })).toEqual(
      {
        type: 'object',
        properties: { value: { type: 'string' }, otherValue: { type: 'boolean' } },
      },
    )
  })

  it('[2.4] returns a full schema untouched (the same object)', () => {
    const full = {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    }
    expect(expandShorthand(full)).toBe(full)
  })

  it('[2.4] returns a root $ref untouched', () => {
    const ref = { $ref: 'user#' }
    expect(expandShorthand(ref)).toBe(ref)
  })

  it.each([
    ['type', { type: 'string' }],
    ['type array', { type: ['number', 'null'] }],
    ['properties', { properties: { a: { type: 'string' } } }],
    ['oneOf', { oneOf: [{ type: 'string' }, { type: 'number' }] }],
    ['anyOf', { anyOf: [{ type: 'string' }] }],
    ['allOf', { allOf: [{ type: 'string' }] }],
    ['not', { not: { type: 'string' } }],
    ['if', { if: { minimum: 0 }, else: { maximum: 10 } }],
    ['enum', { enum: ['a', 'b'] }],
    ['const', { const: { a: 1 } }],
    ['items', { items: { type: 'string' } }],
    ['additionalProperties', { additionalProperties: { type: 'string' } }],
    ['patternProperties', { patternProperties: { '^x-': { type: 'string' } } }],
    ['$id', { $id: 'user', name: { type: 'string' } }],
    ['required alone', { required: ['a'] }],
    ['$merge', { $merge: { source: { type: 'object' }, with: { required: ['a'] } } }],
    ['keyword beside property schemas', { description: 'a query', name: { type: 'string' } }],
  ])('[2.4] a schema with %s is returned untouched', (_, schema) => {
    const copy = structuredClone(schema)
    expect(expandShorthand(schema)).toBe(schema)
    expect(schema).toEqual(copy)
  })

  it('returns boolean schemas, {} and objects with non-schema values untouched', () => {
    expect(expandShorthand(true)).toBe(true)
    expect(expandShorthand(false)).toBe(false)
    const empty = {}
    expect(expandShorthand(empty)).toBe(empty)
    const odd = { a: { type: 'string' }, b: 42 }
    expect(expandShorthand(odd)).toBe(odd)
  })

  it('never changes its input, and the expanded required is a copy', () => {
    const required = ['a']
    const input = { a: { type: 'string' }, required }
    const snapshot = structuredClone(input)
    const output = expandShorthand(input) as { required: string[] }
    expect(input).toEqual(snapshot)
    expect(output.required).toEqual(['a'])
    expect(output.required).not.toBe(required)
  })

  it("keeps a property named '__proto__' as a property", () => {
    const input = JSON.parse('{"__proto__":{"type":"string"},"b":{"type":"integer"}}')
    const output = expandShorthand(input) as { properties: Record<string, unknown> }
    expect(Object.keys(output.properties)).toEqual(['__proto__', 'b'])
    expect(Object.getPrototypeOf(output.properties)).toBe(Object.prototype)
  })
})
