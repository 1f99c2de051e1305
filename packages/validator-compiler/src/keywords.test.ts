import { describe, expect, it } from 'vitest'
import { run, setup } from '../test/support.js'

const body = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
})

describe('[4.2.3] supported schema keywords', () => {
  const { compile } = setup({ price: { $id: 'price', type: 'number', minimum: 0 } })

  it("[4.2.3] type as an array: ['number', 'null'] takes a number or null, nothing else", () => {
    const validate = compile(body({ n: { type: ['number', 'null'] } }))
    expect(run(validate, { n: 2.5 }).valid).toBe(true)
    expect(run(validate, { n: null }).valid).toBe(true)
    expect(run(validate, { n: {} }).errors?.[0]?.message).toBe('must be number,null')
  })

  it('[4.2.3] nullable: true beside a type adds null', () => {
    const validate = compile(body({ n: { type: 'string', nullable: true } }))
    expect(run(validate, { n: null })).toEqual({ valid: true, data: { n: null }, errors: null })
    expect(run(validate, { n: 'x' }).valid).toBe(true)
    expect(run(validate, { n: {} }).errors?.[0]?.params).toEqual({ type: 'string' })
  })

  it('[4.2.3] nullable: true without a type compiles, and takes null beside a $ref or enum', () => {
    const withRef = compile(body({ p: { nullable: true, $ref: 'price#' } }))
    expect(run(withRef, { p: null }).valid).toBe(true)
    expect(run(withRef, { p: 3 }).valid).toBe(true)
    expect(run(withRef, { p: -1 }).valid).toBe(false)
    const withEnum = compile(body({ c: { nullable: true, enum: ['red', 'blue'] } }))
    expect(run(withEnum, { c: null }).valid).toBe(true)
    expect(run(withEnum, { c: 'red' }).valid).toBe(true)
    expect(run(withEnum, { c: 'green' }).valid).toBe(false)
    const alone = compile(body({ a: { nullable: false, description: 'anything' } }))
    expect(run(alone, { a: null }).valid).toBe(true)
  })

  it("[4.2.3] required: a missing property fails with Ajv's missingProperty", () => {
    const validate = compile(body({ name: { type: 'string' } }, { required: ['name'] }))
    expect(run(validate, {}).errors).toEqual([
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'name' },
        message: "must have required property 'name'",
      },
    ])
  })

  it('[4.2.3] properties and items validate each property and each item', () => {
    const validate = compile(body({ ids: { type: 'array', items: { type: 'integer' } } }))
    expect(run(validate, { ids: ['1', 2] })).toEqual({
      valid: true,
      data: { ids: [1, 2] },
      errors: null,
    })
    const failed = run(validate, { ids: [1, 'x'] })
    expect(failed.errors?.[0]?.instancePath).toBe('/ids/1')
    expect(failed.errors?.[0]?.message).toBe('must be integer')
  })

  it('[4.2.3] maxItems', () => {
    const validate = compile(body({ tags: { type: 'array', maxItems: 2 } }))
    expect(run(validate, { tags: [1, 2] }).valid).toBe(true)
    expect(run(validate, { tags: [1, 2, 3] }).errors?.[0]?.message).toBe(
      'must NOT have more than 2 items',
    )
  })

  it('[4.2.3] maxLength', () => {
    const validate = compile(body({ name: { type: 'string', maxLength: 3 } }))
    expect(run(validate, { name: 'abc' }).valid).toBe(true)
    expect(run(validate, { name: 'abcd' }).errors?.[0]?.message).toBe(
      'must NOT have more than 3 characters',
    )
  })

  it('[4.2.3] minimum', () => {
    const validate = compile(body({ age: { type: 'integer', minimum: 18 } }))
    expect(run(validate, { age: 18 }).valid).toBe(true)
    expect(run(validate, { age: 17 }).errors?.[0]?.message).toBe('must be >= 18')
  })

  it('[4.2.3] enum', () => {
    const validate = compile(body({ color: { type: 'string', enum: ['red', 'blue'] } }))
    expect(run(validate, { color: 'red' }).valid).toBe(true)
    const failed = run(validate, { color: 'green' })
    expect(failed.errors?.[0]?.keyword).toBe('enum')
    expect(failed.errors?.[0]?.message).toBe('must be equal to one of the allowed values')
  })

  it('[4.2.3] oneOf: exactly one branch must match', () => {
    const validate = compile(
      body({ id: { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[a-z]+$' }] } }),
    )
    expect(run(validate, { id: 5 }).valid).toBe(true)
    expect(run(validate, { id: 'abc' }).valid).toBe(true)
    const failed = run(validate, { id: '5!' })
    expect(failed.errors?.at(-1)?.message).toBe('must match exactly one schema in oneOf')
  })

  it('[4.2.3] not', () => {
    const validate = compile(body({ name: { type: 'string', not: { const: 'admin' } } }))
    expect(run(validate, { name: 'ann' }).valid).toBe(true)
    expect(run(validate, { name: 'admin' }).errors?.[0]?.message).toBe('must NOT be valid')
  })

  it('[4.2.3] default fills a missing value, also inside nested objects', () => {
    const validate = compile(
      body({
        page: { type: 'integer', default: 1 },
        sort: {
          type: 'object',
          properties: { dir: { type: 'string', default: 'asc' } },
          default: {},
        },
      }),
    )
    expect(run(validate, {})).toEqual({
      valid: true,
      data: { page: 1, sort: { dir: 'asc' } },
      errors: null,
    })
  })

  it('[4.2.3] $ref to a shared schema', () => {
    const validate = compile(body({ price: { $ref: 'price#' } }))
    expect(run(validate, { price: '9.5' })).toEqual({
      valid: true,
      data: { price: 9.5 },
      errors: null,
    })
    expect(run(validate, { price: -1 }).errors?.[0]?.message).toBe('must be >= 0')
  })

  it('the shorthand (properties at the top level) is expanded before compiling', () => {
    const validate = compile(
      { name: { type: 'string' }, age: { type: 'integer' }, required: ['name'] },
      'querystring',
    )
    expect(run(validate, { name: 'a', age: '3' })).toEqual({
      valid: true,
      data: { name: 'a', age: 3 },
      errors: null,
    })
    expect(run(validate, { age: '3' }).errors?.[0]?.params).toEqual({ missingProperty: 'name' })
  })

  it('boolean schemas compile: true takes anything, false nothing', () => {
    expect(compile(true)({ any: 1 })).toBe(true)
    expect(compile(false)({})).toBe(false)
  })

  it("the user's schema is never changed", () => {
    const schema = {
      a: { nullable: true, enum: ['x'] },
      n: { type: 'number' },
      required: ['a'],
    }
    const before = structuredClone(schema)
    compile(schema, 'headers')
    expect(schema).toEqual(before)
  })
})

describe('rewrites stay in schema positions', () => {
  it('an object default that looks like a schema is filled as it is', () => {
    const { compile } = setup()
    const validate = compile({
      type: 'object',
      properties: { filter: { type: 'object', default: { type: 'number', nullable: true } } },
    })
    expect(run(validate, {})).toEqual({
      valid: true,
      data: { filter: { type: 'number', nullable: true } },
      errors: null,
    })
  })
})
