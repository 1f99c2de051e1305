import { describe, expect, it } from 'vitest'
import { run, setup } from '../test/support.js'

describe('[4.2.4] header schemas', () => {
  const schema = {
    type: 'object',
    properties: { 'X-Api-Key': { type: 'string', minLength: 3 }, 'X-Count': { type: 'integer' } },
    required: ['X-Api-Key'],
  }

  it('[4.2.4] names in any case match the lower-cased names Node gives', () => {
    const { compile } = setup()
    const validate = compile(schema, 'headers', 'GET', '/secret')
    const headers = { 'x-api-key': 'abc', 'x-count': '2', host: 'localhost' }
    expect(run(validate, headers)).toEqual({
      valid: true,
      data: { 'x-api-key': 'abc', 'x-count': 2, host: 'localhost' },
      errors: null,
    })
  })

  it('[4.2.4] a required header is reported missing under its lower-case name', () => {
    const { compile } = setup()
    const validate = compile(schema, 'headers', 'GET', '/secret')
    expect(run(validate, { host: 'localhost' }).errors).toEqual([
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'x-api-key' },
        message: "must have required property 'x-api-key'",
      },
    ])
  })

  it('[4.2.4] the shorthand and allOf branches of a headers schema are lower-cased too', () => {
    const { compile } = setup()
    const shorthand = compile({ 'X-Token': { type: 'string' }, required: ['X-Token'] }, 'headers')
    expect(shorthand({ 'x-token': 't' })).toBe(true)
    const branches = compile({ allOf: [{ required: ['X-Tenant'] }] }, 'headers')
    expect(branches({ 'x-tenant': 'a' })).toBe(true)
    expect(branches({ other: 'a' })).toBe(false)
  })

  it("[4.2.4] the user's schema keeps its names, and other parts keep their case", () => {
    const { compile } = setup()
    const before = structuredClone(schema)
    compile(schema, 'headers')
    expect(schema).toEqual(before)
    const body = compile(schema, 'body')
    expect(body({ 'X-Api-Key': 'abc' })).toBe(true)
    expect(body({ 'x-api-key': 'abc' })).toBe(false)
  })
})
