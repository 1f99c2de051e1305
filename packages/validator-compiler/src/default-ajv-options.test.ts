import { describe, expect, it } from 'vitest'
import { run, setup } from '../test/support.js'
import { defaultAjvOptions } from './index.js'

const query = (properties: Record<string, object>) => ({ type: 'object', properties })

describe('[2.6] validator baseline options', () => {
  it('[2.6] the documented baseline is exactly this, and frozen', () => {
    expect(defaultAjvOptions).toEqual({
      coerceTypes: 'array',
      useDefaults: true,
      removeAdditional: true,
      allErrors: false,
      addUsedSchema: false,
    })
    expect(Object.isFrozen(defaultAjvOptions)).toBe(true)
  })

  it("[2.6] coerceTypes: '42' becomes the number 42", () => {
    const { compile } = setup()
    const result = run(compile(query({ n: { type: 'integer' } }), 'querystring'), { n: '42' })
    expect(result).toEqual({ valid: true, data: { n: 42 }, errors: null })
  })

  it('[2.6] useDefaults: missing properties are filled from default', () => {
    const { compile } = setup()
    const validate = compile(
      query({ page: { type: 'integer', default: 1 }, q: { type: 'string' } }),
    )
    expect(run(validate, { q: 'x' })).toEqual({
      valid: true,
      data: { q: 'x', page: 1 },
      errors: null,
    })
  })

  it('[2.6] removeAdditional: properties refused by additionalProperties: false are removed', () => {
    const { compile } = setup()
    const validate = compile({
      type: 'object',
      properties: { name: { type: 'string' } },
      additionalProperties: false,
    })
    expect(run(validate, { name: 'a', admin: true })).toEqual({
      valid: true,
      data: { name: 'a' },
      errors: null,
    })
  })

  it('[2.6] allErrors false: only the first error is reported', () => {
    const { compile, warnings } = setup()
    const validate = compile(query({ a: { type: 'integer' }, b: { type: 'integer' } }))
    expect(run(validate, { a: 'x', b: 'y' }).errors).toEqual([
      {
        instancePath: '/a',
        schemaPath: '#/properties/a/type',
        keyword: 'type',
        params: { type: 'integer' },
        message: 'must be integer',
      },
    ])
    expect(warnings).toEqual([])
  })

  it('[2.6] customOptions override the baseline: coerceTypes false turns coercion off', () => {
    const { compile } = setup({}, { customOptions: { coerceTypes: false } })
    const validate = compile(query({ n: { type: 'integer' } }), 'querystring')
    const result = run(validate, { n: '42' })
    expect(result.valid).toBe(false)
    expect(result.data).toEqual({ n: '42' })
    expect(result.errors?.[0]?.message).toBe('must be integer')
  })

  it('[2.6] customOptions keep the rest of the baseline (defaults still filled)', () => {
    const { compile } = setup({}, { customOptions: { coerceTypes: false } })
    const validate = compile(query({ page: { type: 'integer', default: 1 } }))
    expect(run(validate, {})).toEqual({ valid: true, data: { page: 1 }, errors: null })
  })

  it('[2.6] a query value given once where the schema says array becomes a one-item array', () => {
    const { compile } = setup()
    const validate = compile(
      query({
        tag: { type: 'array', items: { type: 'string' } },
        id: { type: 'array', items: { type: 'integer' } },
      }),
      'querystring',
      'GET',
    )
    expect(run(validate, { tag: 'red', id: '7' })).toEqual({
      valid: true,
      data: { tag: ['red'], id: [7] },
      errors: null,
    })
  })

  it('jsonPointers is accepted and ignored, without a warning; paths stay JSON pointers', () => {
    const { compile, warnings } = setup({}, { customOptions: { jsonPointers: true } })
    const validate = compile(
      query({ a: { type: 'object', properties: { b: { type: 'integer' } } } }),
    )
    expect(run(validate, { a: { b: 'x' } }).errors?.[0]?.instancePath).toBe('/a/b')
    expect(warnings).toEqual([])
  })

  it('the annotations JSON Schema and Ajv know (title, description, $comment, examples, nullable, deprecated) compile', () => {
    const { compile, warnings } = setup()
    const validate = compile({
      type: 'object',
      title: 'Item',
      description: 'An item',
      $comment: 'internal',
      examples: [{ name: 'a' }],
      properties: { name: { type: 'string', nullable: true, deprecated: true } },
    })
    expect(run(validate, { name: null }).valid).toBe(true)
    expect(run(validate, { name: {} }).valid).toBe(false)
    expect(warnings).toEqual([])
  })

  it("a keyword Ajv does not know fails compilation, as Fastify 5's validator (Ajv's strict mode)", () => {
    const { compile } = setup()
    expect(() =>
      compile({ type: 'object', properties: { a: { type: 'string', example: 'x' } } }),
    ).toThrow('strict mode: unknown keyword: "example"')
    expect(() => compile({ type: 'object', 'x-internal': true })).toThrow(
      'strict mode: unknown keyword: "x-internal"',
    )
  })

  it('annotations compile once declared (customOptions.keywords), or with strictSchema: false', () => {
    const declared = setup(undefined, { customOptions: { keywords: ['example', 'x-internal'] } })
    const schema = {
      type: 'object',
      'x-internal': true,
      properties: { a: { type: 'string', example: 'x' } },
    }
    expect(run(declared.compile(schema), { a: 'y' }).valid).toBe(true)
    const lax = setup(undefined, { customOptions: { strictSchema: false } })
    expect(run(lax.compile(schema), { a: 'y' }).valid).toBe(true)
  })

  it('an unknown format fails compilation (Ajv strict mode, as Fastify 5)', () => {
    const { compile } = setup()
    expect(() => compile({ type: 'string', format: 'no-such-format' })).toThrow(
      'unknown format "no-such-format" ignored in schema at path "#"',
    )
  })

  it('ajv-formats is loaded: format email and date-time are checked', () => {
    const { compile } = setup()
    const validate = compile(
      query({
        email: { type: 'string', format: 'email' },
        at: { type: 'string', format: 'date-time' },
      }),
    )
    expect(validate({ email: 'a@b.co', at: '2024-01-02T03:04:05Z' })).toBe(true)
    expect(run(validate, { email: 'nope' }).errors?.[0]?.message).toBe('must match format "email"')
  })
})
