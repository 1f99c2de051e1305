import { describe, expect, it } from 'vitest'
import { buildSerializerCompiler } from './serializer-compiler.js'

function serializerOf(schema: object, shared: Record<string, object> = {}) {
  return buildSerializerCompiler()(shared)({
    schema,
    method: 'GET',
    url: '/things',
    httpStatus: '200',
  })
}

const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}

describe('buildSerializerCompiler', () => {
  it('[4.3.4] the compiler returns a function of (data) that returns a string', () => {
    const serialize = serializerOf(user)
    expect(typeof serialize).toBe('function')
    expect(serialize.length).toBe(1)
    const output = serialize({ id: 1, name: 'Ada' })
    expect(typeof output).toBe('string')
    expect(output).toBe('{"id":1,"name":"Ada"}')
  })

  it('[4.3.3] fields not in the response schema are left out', () => {
    const serialize = serializerOf(user)
    expect(serialize({ id: 1, name: 'Ada', password: 'secret', token: { a: 1 } })).toBe(
      '{"id":1,"name":"Ada"}',
    )
  })

  it('[4.3.3] fields not in nested object and array item schemas are left out', () => {
    const serialize = serializerOf({
      type: 'object',
      properties: {
        owner: user,
        members: { type: 'array', items: user },
      },
    })
    expect(
      serialize({
        owner: { id: 1, name: 'Ada', hash: 'x' },
        members: [{ id: 2, name: 'Bob', hash: 'y' }],
        internal: true,
      }),
    ).toBe('{"owner":{"id":1,"name":"Ada"},"members":[{"id":2,"name":"Bob"}]}')
  })

  it('[4.3.3] a default keyword supplies a missing value', () => {
    const serialize = serializerOf({
      type: 'object',
      properties: {
        name: { type: 'string', default: 'anonymous' },
        role: { type: 'string', default: 'reader' },
        score: { type: 'integer', default: 0 },
      },
    })
    expect(serialize({ role: 'admin' })).toBe('{"name":"anonymous","role":"admin","score":0}')
    expect(serialize({ name: undefined })).toBe('{"name":"anonymous","role":"reader","score":0}')
  })

  it('[4.3.3] a default supplies a value in nested objects, through $ref and in allOf and if/then', () => {
    const shared = {
      settings: {
        $id: 'settings',
        type: 'object',
        properties: { theme: { type: 'string', default: 'light' } },
      },
    }
    const serialize = serializerOf(
      {
        type: 'object',
        properties: {
          settings: { $ref: 'settings#' },
          nested: { type: 'object', properties: { depth: { type: 'integer', default: 1 } } },
        },
        allOf: [{ properties: { merged: { type: 'boolean', default: true } } }],
      },
      shared,
    )
    expect(serialize({ settings: {}, nested: {} })).toBe(
      '{"settings":{"theme":"light"},"nested":{"depth":1},"merged":true}',
    )

    const conditional = serializerOf({
      type: 'object',
      properties: { kind: { type: 'string' } },
      if: { type: 'object', properties: { kind: { const: 'book' } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
      then: {
        type: 'object',
        properties: { kind: { type: 'string' }, pages: { type: 'integer', default: 100 } },
      },
      else: { type: 'object', properties: { kind: { type: 'string' } } },
    })
    expect(conditional({ kind: 'book' })).toBe('{"kind":"book","pages":100}')
    expect(conditional({ kind: 'film' })).toBe('{"kind":"film"}')
  })

  it('[4.3.3] a default supplies a required property instead of failing', () => {
    const serialize = serializerOf({
      type: 'object',
      properties: { status: { type: 'string', default: 'ok' } },
      required: ['status'],
    })
    expect(serialize({})).toBe('{"status":"ok"}')
  })

  it('[2.4] accepts the contract syntax: properties at the top level', () => {
    const serialize = serializerOf({
      hello: { type: 'string' },
      count: { type: 'integer', default: 3 },
    })
    expect(serialize({ hello: 'world', extra: 1 })).toBe('{"hello":"world","count":3}')
  })

  it('[2.4] the contract syntax carries a top-level required list', () => {
    const serialize = serializerOf({ hello: { type: 'string' }, required: ['hello'] })
    expect(serialize({ hello: 'world' })).toBe('{"hello":"world"}')
    expect(() => serialize({})).toThrow('"hello" is required!')
  })

  it('[2.4] accepts a full JSON Schema object unchanged', () => {
    const serialize = serializerOf({ type: 'array', items: { type: 'integer' } })
    expect(serialize([1, 2.9, '3'])).toBe('[1,2,3]')
  })

  it('serializes scalar and nullable response schemas', () => {
    expect(serializerOf({ type: 'string' })('plain')).toBe('"plain"')
    expect(serializerOf({ type: 'number' })(1.5)).toBe('1.5')
    expect(serializerOf({ type: 'boolean' })(true)).toBe('true')
    expect(serializerOf({ type: 'null' })(null)).toBe('null')
    const nullable = serializerOf({ type: ['integer', 'null'] })
    expect(nullable(null)).toBe('null')
    expect(nullable(7)).toBe('7')
  })

  it('writes Dates as ISO text for string schemas and date-time formats', () => {
    const serialize = serializerOf({
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' }, day: { type: 'string' } },
    })
    const at = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6))
    expect(serialize({ at, day: at })).toBe(
      '{"at":"2024-01-02T03:04:05.006Z","day":"2024-01-02T03:04:05.006Z"}',
    )
  })

  it('does not change the schemas it is given', () => {
    const schema = { properties: { a: { minLength: 1 } }, required: ['a'] }
    const shared = { s: { $id: 's', properties: { b: { maximum: 3 } } } }
    const before = JSON.stringify({ schema, shared })
    buildSerializerCompiler()(shared)({ schema, method: 'GET', url: '/', httpStatus: '200' })
    buildSerializerCompiler()(shared)({
      schema: { $ref: 's#' },
      method: 'GET',
      url: '/',
      httpStatus: '200',
    })({ b: 1 })
    expect(JSON.stringify({ schema, shared })).toBe(before)
  })

  it('builds deeply frozen schemas', () => {
    const freeze = <T>(value: T): T => {
      if (typeof value === 'object' && value !== null) {
        for (const item of Object.values(value)) freeze(item)
        Object.freeze(value)
      }
      return value
    }
    const shared = freeze({ tag: { $id: 'tag', properties: { label: { maxLength: 9 } } } })
    const schema = freeze({ properties: { tag: { $ref: 'tag#' }, n: { minimum: 0 } } })
    expect(serializerOf(schema, shared)({ tag: { label: 'x' }, n: 2 })).toBe(
      '{"tag":{"label":"x"},"n":2}',
    )
  })

  it('passes fast-json-stringify options through: rounding', () => {
    const compile = buildSerializerCompiler({ rounding: 'ceil' })({})
    const serialize = compile({
      schema: { type: 'integer' },
      method: 'GET',
      url: '/',
      httpStatus: '200',
    })
    expect(serialize(1.2)).toBe('2')
  })

  it('passes fast-json-stringify options through: largeArrayMechanism and largeArraySize', () => {
    const compile = buildSerializerCompiler({
      largeArrayMechanism: 'json-stringify',
      largeArraySize: 2,
    })({})
    const serialize = compile({
      schema: {
        type: 'array',
        items: { type: 'object', properties: { a: { type: 'integer' } } },
      },
      method: 'GET',
      url: '/',
      httpStatus: '200',
    })
    // A large array skips the item schema: the extra field stays.
    expect(serialize([{ a: 1, b: 2 }, { a: 3 }])).toBe('[{"a":1,"b":2},{"a":3}]')
    expect(serialize([{ a: 1, b: 2 }])).toBe('[{"a":1}]')
  })

  it('refuses an option it does not pass through, naming it', () => {
    expect(() => buildSerializerCompiler({ mode: 'debug' } as never)).toThrow(
      "Option 'mode' is not valid: the serializer compiler passes only rounding, largeArrayMechanism, largeArraySize, objectMechanism, maxDepth, compileValidators, ajv to fast-json-stringify (shared schemas come from addSchema())",
    )
    expect(() => buildSerializerCompiler({ schema: {} } as never)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION', statusCode: 500 }),
    )
  })

  it('refuses an option value fast-json-stringify refuses, naming the option', () => {
    expect(() => buildSerializerCompiler({ rounding: 'up' as never })).toThrow(
      "Option 'rounding' is not valid: Unsupported integer rounding method up",
    )
    expect(() => buildSerializerCompiler({ maxDepth: 500 })).toThrow(
      "Option 'maxDepth' is not valid: Unsupported max schema depth 500. Expected an integer between 0 and 100.",
    )
  })

  it('accepts options given as undefined', () => {
    const compile = buildSerializerCompiler({ rounding: undefined })({})
    expect(
      compile({ schema: { type: 'integer' }, method: 'GET', url: '/', httpStatus: '200' })(1.9),
    ).toBe('1')
  })
})
