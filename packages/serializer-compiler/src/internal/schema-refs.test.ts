import { describe, expect, it } from 'vitest'
import { schemaRefs } from './schema-refs.js'

describe('schemaRefs', () => {
  it('lists the ids before the # of every non-local $ref, once each', () => {
    expect(
      schemaRefs({
        type: 'object',
        properties: {
          a: { $ref: 'user#' },
          b: { $ref: 'user#/definitions/address' },
          c: { $ref: 'team#lead' },
          d: { $ref: 'plain' },
          e: { $ref: '#/definitions/local' },
          f: { $ref: '#anchor' },
          g: { type: 'array', items: [{ $ref: 'item#' }] },
        },
      }),
    ).toEqual({ ids: ['user', 'team', 'plain', 'item'], plain: true })
  })

  it('looks at every object, not only subschema keywords', () => {
    expect(schemaRefs({ 'x-extension': { deep: [{ $ref: 'hidden#' }] } }).ids).toEqual(['hidden'])
  })

  it('is not plain for URL-like ids, or an embedded schema with its own $id', () => {
    expect(schemaRefs({ $ref: 'http://example.com/a.json#' }).plain).toBe(false)
    expect(schemaRefs({ $ref: 'dir/a.json#' }).plain).toBe(false)
    expect(schemaRefs({ $id: 'http://example.com/root', $ref: 'a#' }).plain).toBe(false)
    expect(schemaRefs({ properties: { a: { $id: 'inner', type: 'string' } } }).plain).toBe(false)
    // Anchors and a plain root id are fine.
    expect(schemaRefs({ $id: 'root', definitions: { a: { $id: '#a' } } }).plain).toBe(true)
  })

  it('survives cycles', () => {
    const schema: Record<string, unknown> = { $ref: 'a#' }
    schema.loop = schema
    expect(schemaRefs(schema)).toEqual({ ids: ['a'], plain: true })
  })
})
