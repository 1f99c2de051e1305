import { describe, expect, it } from 'vitest'
import { run, setup } from '../test/support.js'

const typeError = (name: string, type: unknown) => ({
  instancePath: `/${name}`,
  schemaPath: `#/properties/${name}/type`,
  keyword: 'type',
  params: { type },
  message: `must be ${type}`,
})

const refused = ['Infinity', '-Infinity', '1e400', '-1e400', '9'.repeat(400)]

describe('coerced numbers must be finite (API.md security defaults)', () => {
  const { compile } = setup({ count: { $id: 'count', type: 'integer', minimum: 0 } })

  for (const type of ['number', 'integer']) {
    for (const bounds of [{}, { minimum: -100, maximum: 100 }]) {
      const label = `${type}${'minimum' in bounds ? ' with minimum/maximum' : ''}`
      it(`${label} refuses ${refused.map((v) => v.slice(0, 12)).join(', ')}`, () => {
        const validate = compile(
          { type: 'object', properties: { n: { type, ...bounds } } },
          'querystring',
        )
        for (const value of refused) {
          const result = run(validate, { n: value })
          expect(result.valid, value).toBe(false)
          expect(result.errors).toEqual([typeError('n', type)])
        }
      })
    }
  }

  it("still coerces '12', '-3.5' and '1e3'", () => {
    const validate = compile(
      { type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' } } },
      'querystring',
    )
    expect(run(validate, { n: '-3.5', i: '12' })).toEqual({
      valid: true,
      data: { n: -3.5, i: 12 },
      errors: null,
    })
    expect(run(validate, { n: '1e3', i: '1e3' })).toEqual({
      valid: true,
      data: { n: 1000, i: 1000 },
      errors: null,
    })
  })

  it("{ limit: 'Infinity' } is refused by { type: 'integer', maximum: 100 }", () => {
    const validate = compile(
      { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } },
      'querystring',
      'GET',
      '/items',
    )
    expect(run(validate, { limit: 'Infinity' }).errors).toEqual([typeError('limit', 'integer')])
    expect(run(validate, { limit: '-Infinity' }).errors).toEqual([typeError('limit', 'integer')])
    expect(run(validate, { limit: '100' }).valid).toBe(true)
    expect(run(validate, { limit: '101' }).errors?.[0]?.message).toBe('must be <= 100')
  })

  it('holds for nullable numbers, array items, shared schemas and params', () => {
    const validate = compile(
      {
        type: 'object',
        properties: {
          a: { type: ['number', 'null'] },
          b: { type: 'array', items: { type: 'number' } },
          c: { $ref: 'count#' },
          d: { type: 'integer', nullable: true },
        },
      },
      'params',
    )
    expect(run(validate, { a: 'Infinity' }).errors?.[0]?.params).toEqual({
      type: ['number', 'null'],
    })
    expect(run(validate, { b: '1e400' }).errors?.[0]?.instancePath).toBe('/b/0')
    expect(run(validate, { c: '1e999' }).errors?.[0]?.keyword).toBe('type')
    expect(run(validate, { d: 'Infinity' }).errors?.[0]?.keyword).toBe('type')
    expect(run(validate, { a: '1', b: '2', c: '3', d: '' })).toEqual({
      valid: true,
      data: { a: 1, b: [2], c: 3, d: null },
      errors: null,
    })
  })

  it('a JSON body number that overflowed to Infinity is refused too', () => {
    const validate = compile({ type: 'object', properties: { n: { type: 'number' } } })
    expect(run(validate, JSON.parse('{"n": 1e400}')).errors).toEqual([typeError('n', 'number')])
  })

  it('with coercion off the strings stay strings and are refused as such', () => {
    const { compile: strict } = setup({}, { customOptions: { coerceTypes: false } })
    const validate = strict({ type: 'object', properties: { n: { type: 'number' } } })
    expect(run(validate, { n: 'Infinity' }).errors).toEqual([typeError('n', 'number')])
  })
})
