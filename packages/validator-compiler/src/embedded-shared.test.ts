import { describe, expect, it } from 'vitest'
import { run, setup, thrown } from '../test/support.js'

const tag = { $id: 'tag', type: 'string', maxLength: 3 }

describe('a shared schema that embeds another shared schema, $id included', () => {
  for (const [order, shared] of [
    ['embedded after', { tag, post: { $id: 'post', type: 'object', properties: { tag } } }],
    ['embedded before', { post: { $id: 'post', type: 'object', properties: { tag } }, tag }],
  ] as const) {
    it(`validates both through their refs (${order} the shared one)`, () => {
      const { compile } = setup(shared as Record<string, object>)
      const validate = compile({
        type: 'object',
        properties: { post: { $ref: 'post#' }, tag: { $ref: 'tag#' } },
      })
      expect(run(validate, { post: { tag: 'abc' }, tag: 'xy' }).valid).toBe(true)
      const long = run(validate, { post: { tag: 'abcd' } })
      expect([long.valid, long.errors?.[0]?.instancePath, long.errors?.[0]?.message]).toEqual([
        false,
        '/post/tag',
        'must NOT have more than 3 characters',
      ])
      expect(run(compile({ $ref: 'tag#' }), 'abcd').valid).toBe(false)
    })
  }

  it('an embedded schema with the $id of no other shared schema is just a nested id', () => {
    const { compile } = setup({
      a: { $id: 'a', type: 'object', properties: { b: { $id: 'b', type: 'integer' } } },
    })
    expect(run(compile({ $ref: 'b#' }), '12').data).toBe('12')
    expect(run(compile({ $ref: 'b#' }), 'x').valid).toBe(false)
    expect(run(compile({ $ref: 'a#' }), { b: 'x' }).valid).toBe(false)
  })

  it('refuses an embedded copy that differs from the shared schema of its $id, naming both', () => {
    const error = thrown(() =>
      setup({
        tag,
        post: { $id: 'post', type: 'object', properties: { tag: { $id: 'tag', type: 'integer' } } },
      }).compile({ $ref: 'post#' }),
    )
    expect(error.message).toContain(
      "shared schema 'post' embeds a schema with $id 'tag' that differs from the shared schema 'tag': embed the very schema added, or refer to it with { $ref: 'tag#' }",
    )
  })

  it("leaves the user's schema objects untouched", () => {
    const post = { $id: 'post', type: 'object', properties: { tag } }
    const before = JSON.stringify(post)
    setup({ tag, post }).compile({ $ref: 'post#' })
    expect(JSON.stringify(post)).toBe(before)
  })
})

describe('a route schema that embeds a shared schema, $id included', () => {
  const first = { $id: 'first', type: 'object', properties: { first: { type: 'number' } } }
  const second = {
    $id: 'second',
    type: 'object',
    allOf: [{ type: 'object', properties: { second: { type: 'number' } } }, first],
  }

  it('compiles and validates as the shared schema (the root and nested copies)', () => {
    const { compile } = setup({ first, second })
    for (const schema of [second, { type: 'object', properties: { a: first } }]) {
      const validate = compile(structuredClone(schema))
      expect(run(validate, { first: 1, second: 2, a: { first: 3 } }).valid).toBe(true)
    }
    const bad = run(compile(structuredClone(second)), { first: 'x' })
    expect([bad.valid, bad.errors?.[0]?.instancePath]).toEqual([false, '/first'])
  })

  it('refuses a copy that differs from the shared schema of its $id, as Ajv does', () => {
    const { compile } = setup({ first })
    const error = thrown(() =>
      compile({ type: 'object', properties: { a: { ...first, type: 'string' } } }),
    )
    expect(error.message).toContain('reference "first" resolves to more than one schema')
  })
})
