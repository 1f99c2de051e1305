import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { standardSchemaValidator } from './standard-schema-validator.js'

describe('standardSchemaValidator', () => {
  it('answers { value } with the output of the library (transforms, defaults)', () => {
    const validate = standardSchemaValidator(
      z.object({ limit: z.coerce.number(), tags: z.array(z.string()).default([]) }),
    )
    expect(validate({ limit: '5' })).toEqual({ value: { limit: 5, tags: [] } })
    expect(standardSchemaValidator(type('string.numeric.parse'))('12')).toEqual({ value: 12 })
  })

  it('answers { error } with one { instancePath, message } per issue', () => {
    const validate = standardSchemaValidator(v.object({ a: v.string(), b: v.number() }))
    expect(validate({ a: 1, b: 'x' })).toEqual({
      error: [
        { instancePath: '/a', message: 'Invalid type: Expected string' },
        { instancePath: '/b', message: 'Invalid type: Expected number' },
      ],
    })
  })

  it('answers a promise when the library validates asynchronously', async () => {
    const schema = z.string().refine(async (text) => text !== 'taken', 'is taken')
    const validate = standardSchemaValidator(schema)
    const pending = validate('taken')
    expect(pending).toBeInstanceOf(Promise)
    expect(await pending).toEqual({ error: [{ instancePath: '', message: 'is taken' }] })
    expect(await validate('free')).toEqual({ value: 'free' })
  })
})
