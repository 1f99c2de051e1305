import { describe, expect, it } from 'vitest'
import { normalizeNullable } from './normalize-nullable.js'

describe('normalizeNullable', () => {
  it('leaves nullable beside a type for Ajv', () => {
    const schema = { type: 'string', nullable: true }
    normalizeNullable(schema)
    expect(schema).toEqual({ type: 'string', nullable: true })
  })

  it('moves the keywords that could refuse null into anyOf with a null branch', () => {
    const schema = {
      title: 'Price',
      definitions: { p: { type: 'number' } },
      nullable: true,
      $ref: '#/definitions/p',
      default: null,
    }
    normalizeNullable(schema)
    expect(schema).toEqual({
      title: 'Price',
      definitions: { p: { type: 'number' } },
      default: null,
      anyOf: [{ type: 'null' }, { $ref: '#/definitions/p' }],
    })
  })

  it('drops nullable false, or nullable true when nothing could refuse null', () => {
    const off = { nullable: false, description: 'x' }
    const on = { nullable: true, properties: { a: { type: 'string' } } }
    normalizeNullable(off)
    normalizeNullable(on)
    expect(off).toEqual({ description: 'x' })
    expect(on).toEqual({ properties: { a: { type: 'string' } } })
  })

  it('works in nested subschemas, and in the branches it creates', () => {
    const schema = {
      type: 'object',
      properties: { a: { nullable: true, oneOf: [{ nullable: true, enum: [1] }] } },
    }
    normalizeNullable(schema)
    expect(schema.properties.a).toEqual({
      anyOf: [{ type: 'null' }, { oneOf: [{ anyOf: [{ type: 'null' }, { enum: [1] }] }] }],
    })
  })
})
