import { describe, expect, it } from 'vitest'
import { cloneSchema } from './clone-schema.js'

describe('cloneSchema', () => {
  it('copies plain objects and arrays deeply', () => {
    const schema = { type: 'object', properties: { a: { enum: [1, 2] } }, required: ['a'] }
    const copy = cloneSchema(schema)
    expect(copy).toEqual(schema)
    expect(copy).not.toBe(schema)
    expect(copy.properties).not.toBe(schema.properties)
    expect(copy.properties.a.enum).not.toBe(schema.properties.a.enum)
  })

  it('keeps other values as they are', () => {
    const at = new Date(0)
    const pattern = /x/
    const copy = cloneSchema({ default: at, re: pattern })
    expect(copy.default).toBe(at)
    expect(copy.re).toBe(pattern)
  })

  it('keeps shared references and cycles as in the original', () => {
    const leaf = { type: 'string' }
    const schema: Record<string, unknown> = { a: leaf, b: leaf }
    schema.self = schema
    const copy = cloneSchema(schema)
    expect(copy.a).toBe(copy.b)
    expect(copy.a).not.toBe(leaf)
    expect(copy.self).toBe(copy)
  })

  it('keeps an own __proto__ key as a key, without touching the prototype', () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}')
    const copy = cloneSchema(schema)
    expect(Object.keys(copy.properties)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(copy.properties, '__proto__')?.value).toEqual({
      type: 'string',
    })
  })
})
