import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { withStandardSchemaValidation } from './with-standard-schema-validation.js'

type Input = { schema: unknown; httpPart: string }

describe('withStandardSchemaValidation', () => {
  it('validates Standard Schema parts itself and hands every other schema to the wrapped compiler', () => {
    const built: unknown[] = []
    const inner = (shared: Record<string, unknown>) => {
      built.push(shared)
      return (input: Input) => () => `inner ${input.httpPart}`
    }
    const compilerFor = withStandardSchemaValidation(inner)
    const compile = compilerFor({ shared: 1 })
    const standard = compile({ schema: z.object({ n: z.number() }), httpPart: 'body' }) as (
      data: unknown,
    ) => unknown
    expect(standard({ n: 1, x: 2 })).toEqual({ value: { n: 1 } })
    expect(built).toEqual([])
    const json = compile({ schema: { type: 'object' }, httpPart: 'querystring' }) as () => unknown
    expect(json()).toBe('inner querystring')
    expect(built).toEqual([{ shared: 1 }])
  })
})
