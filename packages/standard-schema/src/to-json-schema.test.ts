import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toJsonSchema } from './to-json-schema.js'

const expected = {
  type: 'object',
  properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['name', 'tags'],
}

describe('toJsonSchema', () => {
  it('converts Zod through its Standard JSON Schema (the input side, draft-07, no $schema)', () => {
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) })
    expect(toJsonSchema(schema, 'test')).toEqual(expected)
  })

  it('converts Valibot through @valibot/to-json-schema', () => {
    const schema = v.object({ name: v.string(), tags: v.array(v.string()) })
    expect(toJsonSchema(schema, 'test')).toEqual(expected)
  })

  it('converts ArkType through its own toJsonSchema(), defaults included', () => {
    const schema = type({ name: 'string', tags: 'string[]', role: 'string = "user"' })
    expect(toJsonSchema(schema, 'test')).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        role: { type: 'string', default: 'user' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'tags'],
    })
  })

  it('keeps Zod defaults as optional properties with a default', () => {
    expect(toJsonSchema(z.object({ role: z.string().default('user') }), 'test')).toEqual({
      type: 'object',
      properties: { role: { type: 'string', default: 'user' } },
    })
  })

  it('refuses transforms of each library, naming the library and where', () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        z.string().transform(Number),
        /^The zod schema of GET \/x, response 200 cannot be converted to JSON Schema: Transforms cannot be represented in JSON Schema\. /,
      ],
      [
        v.pipe(v.string(), v.transform(Number)),
        /^The valibot schema of GET \/x, response 200 cannot be converted to JSON Schema: The "transform" action cannot be converted to JSON Schema\. /,
      ],
      [
        type('string').pipe((text) => text.length),
        /^The arktype schema of GET \/x, response 200 cannot be converted to JSON Schema: \{ code: "morph"/,
      ],
    ]
    for (const [schema, message] of cases) {
      let error: any
      try {
        toJsonSchema(schema as never, 'GET /x, response 200')
      } catch (thrown) {
        error = thrown
      }
      expect(error?.code).toBe('FRM_ERR_STANDARD_SCHEMA_CONVERSION')
      expect(error.message).toMatch(message)
    }
  })

  it('describes the input side of schemas with transforms when asked (inputOnly)', () => {
    const options = { inputOnly: true }
    expect(toJsonSchema(z.object({ n: z.string().transform(Number) }), 'doc', options)).toEqual({
      type: 'object',
      properties: { n: { type: 'string' } },
      required: ['n'],
    })
    expect(toJsonSchema(v.pipe(v.string(), v.transform(Number)), 'doc', options)).toEqual({
      type: 'string',
    })
    expect(toJsonSchema(type({ n: type('string').pipe((t) => t.length) }), 'doc', options)).toEqual(
      {
        type: 'object',
        properties: { n: { type: 'string' } },
        required: ['n'],
      },
    )
  })

  it('refuses a library with no JSON Schema, and takes a converter for it by vendor', () => {
    const schema = {
      '~standard': {
        version: 1 as const,
        vendor: 'tiny',
        validate: (value: unknown) => ({ value }),
      },
    }
    expect(() => toJsonSchema(schema, 'GET /t, response 200')).toThrow(
      "The tiny schema of GET /t, response 200 cannot be converted to JSON Schema: the library offers no JSON Schema (no ~standard.jsonSchema): give a converter for 'tiny' in the converters option",
    )
    const converted = toJsonSchema(schema, 'GET /t, response 200', {
      converters: {
        tiny: () => ({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'number' }),
      },
    })
    expect(converted).toEqual({ type: 'number' })
  })

  it('converts a value once (cached per value)', () => {
    let calls = 0
    const schema = {
      '~standard': {
        version: 1 as const,
        vendor: 'counted',
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: () => {
            calls++
            return { type: 'string' }
          },
          output: () => ({ type: 'string' }),
        },
      },
    }
    const first = toJsonSchema(schema, 'a')
    expect(toJsonSchema(schema, 'b')).toBe(first)
    expect(calls).toBe(1)
  })
})
