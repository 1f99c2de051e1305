import { describe, expect, it } from 'vitest'
import { scanSchema } from './scan-schema.js'

describe('scanSchema', () => {
  it('finds nothing to guard in a fully typed schema', () => {
    expect(
      scanSchema({
        type: 'object',
        properties: {
          a: { type: 'string' },
          b: { $ref: '#/definitions/b' },
          c: { const: 'x' },
          d: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          e: { minimum: 1 },
          f: { items: { maxLength: 3 } },
        },
        additionalProperties: true,
        definitions: { b: { type: 'integer' } },
      }),
    ).toEqual({ untyped: false, externalRef: false, literalWithoutJson: undefined })
  })

  it('finds untyped places wherever they are', () => {
    expect(scanSchema({}).untyped).toBe(true)
    expect(scanSchema(true).untyped).toBe(true)
    expect(scanSchema({ type: 'object', properties: { a: {} } }).untyped).toBe(true)
    expect(scanSchema({ type: 'array', items: [{ type: 'string' }, { enum: [1] }] }).untyped).toBe(
      true,
    )
    expect(scanSchema({ type: 'object', additionalProperties: { description: 'x' } }).untyped).toBe(
      true,
    )
    expect(scanSchema({ oneOf: [{ type: 'string' }, { title: 'any' }] }).untyped).toBe(true)
    expect(scanSchema({ type: 'object', definitions: { loose: {} } }).untyped).toBe(true)
  })

  it('tells a ref to another schema from a ref inside this one', () => {
    expect(scanSchema({ $ref: '#/definitions/a' }).externalRef).toBe(false)
    expect(scanSchema({ $ref: '#a' }).externalRef).toBe(false)
    expect(scanSchema({ type: 'object', properties: { a: { $ref: 'user#' } } }).externalRef).toBe(
      true,
    )
  })

  it('names where a default or const has no JSON form', () => {
    expect(
      scanSchema({ type: 'object', properties: { 'a/b': { type: 'string', default: () => 1 } } })
        .literalWithoutJson,
    ).toBe('/properties/a~1b/default')
    expect(scanSchema({ type: 'array', items: [{ const: Symbol('s') }] }).literalWithoutJson).toBe(
      '/items/0/const',
    )
    expect(scanSchema({ type: 'string', default: 'ok' }).literalWithoutJson).toBeUndefined()
  })

  it('ignores the property-name lists of dependencies and survives cycles', () => {
    const schema: Record<string, unknown> = {
      type: 'object',
      dependencies: { a: ['b'], c: { type: 'object' } },
    }
    schema.not = schema
    expect(scanSchema(schema)).toEqual({
      untyped: false,
      externalRef: false,
      literalWithoutJson: undefined,
    })
  })
})
