import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isStandardSchema } from './is-standard-schema.js'

describe('isStandardSchema', () => {
  it('recognises Zod, Valibot and ArkType values (ArkType types are functions)', () => {
    expect(isStandardSchema(z.string())).toBe(true)
    expect(isStandardSchema(v.string())).toBe(true)
    expect(typeof type('string')).toBe('function')
    expect(isStandardSchema(type('string'))).toBe(true)
  })

  it('recognises a hand-written value by its shape', () => {
    const schema = { '~standard': { version: 1, vendor: 'mine', validate: () => ({ value: 1 }) } }
    expect(isStandardSchema(schema)).toBe(true)
  })

  it('rejects JSON Schema and look-alikes without a validate function', () => {
    for (const value of [
      { type: 'string' },
      { '~standard': {} },
      { '~standard': null },
      { '~standard': { validate: 'no' } },
      true,
      null,
      undefined,
      'string',
      () => {},
    ]) {
      expect(isStandardSchema(value)).toBe(false)
    }
  })
})
