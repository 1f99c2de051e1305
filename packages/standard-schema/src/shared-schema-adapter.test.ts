import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { standardSchemaSharedSchemaAdapter } from './shared-schema-adapter.js'

const adapt = standardSchemaSharedSchemaAdapter()

describe('standardSchemaSharedSchemaAdapter', () => {
  it('returns JSON Schema values as they are', () => {
    const schema = { $id: 'x', type: 'string' }
    expect(adapt(schema)).toBe(schema)
  })

  it("takes the id of the one definition Zod's .meta({ id }) makes", () => {
    expect(adapt(z.object({ name: z.string() }).meta({ id: 'User' }))).toEqual({
      $id: 'User',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
  })

  it('keeps the other definitions reachable from the root', () => {
    const Address = z.object({ city: z.string() }).meta({ id: 'Address' })
    expect(adapt(z.object({ home: Address }).meta({ id: 'Person' }))).toEqual({
      $id: 'Person',
      type: 'object',
      properties: { home: { $ref: '#/definitions/Address' } },
      required: ['home'],
      definitions: {
        Person: {
          type: 'object',
          properties: { home: { $ref: '#/definitions/Address' } },
          required: ['home'],
        },
        Address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    })
  })

  it('refuses a value without an id with FRM_ERR_SCH_MISSING_ID', () => {
    expect(() => adapt(z.object({ name: z.string() }))).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_SCH_MISSING_ID' }),
    )
  })
})
