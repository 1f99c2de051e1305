import { describe, expect, it } from 'vitest'
import { run, setup } from '../test/support.js'

const shared = {
  address: {
    $id: 'address',
    type: 'object',
    properties: { city: { type: 'string' }, zip: { $ref: '#zip' } },
    required: ['city'],
    definitions: {
      zip: { $id: '#zip', type: 'string', pattern: '^[0-9]{5}$' },
      country: { type: 'string', enum: ['FR', 'DE'] },
    },
  },
  user: {
    $id: 'user',
    type: 'object',
    properties: { name: { type: 'string' }, address: { $ref: 'address#' } },
    required: ['name', 'address'],
  },
}

describe('[2.5] $ref forms in validation', () => {
  const { compile } = setup(shared)

  it("[2.5] '#foo': the object with $id '#foo' inside the same schema (Draft 7 anchor)", () => {
    const validate = compile({
      type: 'object',
      properties: { code: { $ref: '#code' } },
      definitions: { code: { $id: '#code', type: 'string', maxLength: 3 } },
    })
    expect(run(validate, { code: 'abc' }).valid).toBe(true)
    expect(run(validate, { code: 'abcd' }).errors?.[0]?.message).toBe(
      'must NOT have more than 3 characters',
    )
  })

  it("[2.5] '#/definitions/x': a definition of the same schema", () => {
    const validate = compile({
      type: 'object',
      properties: { n: { $ref: '#/definitions/positive' } },
      definitions: { positive: { type: 'integer', minimum: 1 } },
    })
    expect(run(validate, { n: '2' })).toEqual({ valid: true, data: { n: 2 }, errors: null })
    expect(run(validate, { n: 0 }).errors?.[0]?.message).toBe('must be >= 1')
  })

  it("[2.5] 'id#' as the whole part schema (a root $ref)", () => {
    const validate = compile({ $ref: 'address#' })
    expect(run(validate, { city: 'Lyon' }).valid).toBe(true)
    expect(run(validate, {}).errors?.[0]?.params).toEqual({ missingProperty: 'city' })
  })

  it("[2.5] 'id#/definitions/x': a definition of a shared schema", () => {
    const validate = compile({
      type: 'object',
      properties: { country: { $ref: 'address#/definitions/country' } },
    })
    expect(run(validate, { country: 'FR' }).valid).toBe(true)
    expect(run(validate, { country: 'US' }).errors?.[0]?.keyword).toBe('enum')
  })

  it("[2.5] 'id#foo': the object with $id '#foo' inside a shared schema", () => {
    const validate = compile({ type: 'object', properties: { zip: { $ref: 'address#zip' } } })
    expect(run(validate, { zip: '69001' }).valid).toBe(true)
    expect(run(validate, { zip: '6900' }).errors?.[0]?.message).toBe(
      'must match pattern "^[0-9]{5}$"',
    )
  })

  it('[2.5] a route schema referring to a shared schema that refers to another', () => {
    const validate = compile({ type: 'object', properties: { owner: { $ref: 'user#' } } })
    expect(
      run(validate, { owner: { name: 'Ann', address: { city: 'Lyon', zip: '69001' } } }).valid,
    ).toBe(true)
    const failed = run(validate, { owner: { name: 'Ann', address: { zip: '69001' } } })
    expect(failed.errors?.[0]?.instancePath).toBe('/owner/address')
    expect(failed.errors?.[0]?.params).toEqual({ missingProperty: 'city' })
    const badZip = run(validate, { owner: { name: 'Ann', address: { city: 'L', zip: 'x' } } })
    expect(badZip.errors?.[0]?.instancePath).toBe('/owner/address/zip')
  })

  it('two route schemas may use the same anchor names and the same $id', () => {
    const a = compile({
      $id: 'route',
      definitions: { v: { $id: '#v', type: 'string' } },
      $ref: '#v',
    })
    const b = compile({
      $id: 'route',
      definitions: { v: { $id: '#v', type: 'integer' } },
      $ref: '#v',
    })
    expect(a({})).toBe(false)
    expect(a('x')).toBe(true)
    expect(b('12')).toBe(true)
    expect(b('x')).toBe(false)
  })

  it('shared schemas are not changed by the compiler', () => {
    const before = structuredClone(shared)
    compile({ $ref: 'user#' })
    expect(shared).toEqual(before)
  })
})
