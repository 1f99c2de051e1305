import { describe, expect, it } from 'vitest'
import { walkSchema } from './schema-walk.js'

describe('walkSchema', () => {
  it('visits every subschema and never data-valued keywords', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'number', default: { type: 'number' } } },
      patternProperties: { '^x': { type: 'string' } },
      additionalProperties: { type: 'boolean' },
      items: [{ type: 'integer' }],
      dependencies: { a: ['b'], c: { required: ['d'] } },
      definitions: { d: { allOf: [{ not: { const: { type: 'number' } } }] } },
      if: { minProperties: 1 },
      // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
      then: { maxProperties: 3 },
      else: true,
      enum: [{ type: 'number' }],
      examples: [{ type: 'number' }],
      $merge: { source: { type: 'object' }, with: { properties: {} } },
      $patch: {
        source: { type: 'array' },
        with: [{ op: 'add', path: '/x', value: { type: 'number' } }],
      },
    }
    const seen: unknown[] = []
    walkSchema(schema, (node) => seen.push(node))
    expect(seen).toHaveLength(14) // `else: true` is a boolean schema: nothing to visit
    expect(seen).toContain(schema.properties.a)
    expect(seen).toContain(schema.dependencies.c)
    expect(seen).toContain(schema.definitions.d.allOf[0]?.not)
    expect(seen).toContain(schema.$merge.with)
    expect(seen).not.toContain(schema.properties.a.default)
    expect(seen).not.toContain(schema.enum[0])
    expect(seen).not.toContain(schema.$patch.with[0]?.value)
  })

  it('visits a node reached twice once, and survives cycles', () => {
    const shared = { type: 'string' }
    const schema: Record<string, unknown> = { properties: { a: shared, b: shared } }
    schema.not = schema
    const seen: unknown[] = []
    walkSchema(schema, (node) => seen.push(node))
    expect(seen).toEqual([schema, shared])
  })
})
