import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { withStandardSchemaSerialization } from './with-standard-schema-serialization.js'

type Input = { schema: unknown; method: string; url: string; httpStatus: string }

describe('withStandardSchemaSerialization', () => {
  const seen: unknown[] = []
  const inner = () => (input: Input) => {
    seen.push(input.schema)
    return (data: unknown) => JSON.stringify(data)
  }
  const compile = withStandardSchemaSerialization(inner)({})

  it('gives the wrapped compiler the JSON Schema of a Standard Schema response', () => {
    seen.length = 0
    compile({ schema: z.object({ id: z.number() }), method: 'GET', url: '/a', httpStatus: '200' })
    const json = { type: 'string' }
    compile({ schema: json, method: 'GET', url: '/a', httpStatus: '404' })
    expect(seen).toEqual([
      { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
      json,
    ])
    expect(seen[1]).toBe(json)
  })

  it('names the route, the status and the library when the schema cannot be converted', () => {
    expect(() =>
      compile({
        schema: z.string().transform(Number),
        method: 'PUT',
        url: '/b',
        httpStatus: '2xx',
      }),
    ).toThrow(/^The zod schema of PUT \/b, response 2xx cannot be converted to JSON Schema/)
  })
})
