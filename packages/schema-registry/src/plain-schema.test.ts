import { describe, expect, it } from 'vitest'
import { expandShorthand } from './expand-shorthand.js'
import { plainSchema } from './plain-schema.js'
import { SchemaRegistry } from './schema-registry.js'

/** A builder shaped like fluent-json-schema's, without the library. */
function fluent(json: object, flag: 'isFluentSchema' | 'isFluentJSONSchema' = 'isFluentSchema') {
  return { [flag]: true, valueOf: () => json, prop: () => undefined }
}

describe('plainSchema: fluent-json-schema builders are recognised structurally', () => {
  it('gives the JSON of a builder flagged isFluentSchema or isFluentJSONSchema', () => {
    expect(plainSchema(fluent({ type: 'string' }))).toEqual({ type: 'string' })
    expect(plainSchema(fluent({ type: 'integer' }, 'isFluentJSONSchema'))).toEqual({
      type: 'integer',
    })
  })

  it('returns any other value as it is (a property called isFluentSchema is not enough)', () => {
    const schema = { type: 'object', properties: { isFluentSchema: { type: 'boolean' } } }
    expect(plainSchema(schema)).toBe(schema)
    const flagOnly = { isFluentSchema: true, type: 'string' }
    expect(plainSchema(flagOnly)).toBe(flagOnly)
    expect(plainSchema(true)).toBe(true)
  })

  it('is applied by expandShorthand (route slots) and by SchemaRegistry.add', () => {
    expect(expandShorthand(fluent({ name: { type: 'string' } }) as never)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    })
    const registry = new SchemaRegistry().add(fluent({ $id: 'user', type: 'object' }))
    expect(registry.get('user')).toEqual({ $id: 'user', type: 'object' })
  })
})
