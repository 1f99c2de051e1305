import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { buildSerializerCompiler } from './serializer-compiler.js'

const shared = {
  user: { $id: 'user', type: 'object', properties: { name: { type: 'string' } } },
}

function compileFor(schema: unknown, httpStatus = '200') {
  return buildSerializerCompiler()(shared)({
    schema: schema as object,
    method: 'POST',
    url: '/users',
    httpStatus,
  })
}

function caught(action: () => unknown): FrameworkError {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(FrameworkError)
    return error as FrameworkError
  }
  throw new Error('expected the action to throw')
}

describe('schemas that cannot be built', () => {
  it('an unresolvable shared $ref is FRM_ERR_SCH_SERIALIZATION_BUILD naming the route, status and ref', () => {
    const error = caught(() => compileFor({ $ref: 'nobody#' }))
    expect(error.code).toBe('FRM_ERR_SCH_SERIALIZATION_BUILD')
    expect(error.statusCode).toBe(500)
    expect(error.message).toBe(
      'Failed building the serialization schema for POST: /users, due to error Cannot resolve ref "nobody#". Schema with id "nobody" is not found. Add the schema it names with addSchema() in this context or an ancestor, or correct the $ref. (status: 200)',
    )
    expect(error.cause).toBeInstanceOf(Error)
    expect((error.cause as Error).message).toBe(
      'Cannot resolve ref "nobody#". Schema with id "nobody" is not found.',
    )
  })

  it('an unresolvable definitions $ref names the reference', () => {
    const error = caught(() =>
      compileFor({ type: 'object', properties: { a: { $ref: 'user#/definitions/nope' } } }, '2xx'),
    )
    expect(error.message).toBe(
      'Failed building the serialization schema for POST: /users, due to error Cannot find reference "user#/definitions/nope". Add the schema it names with addSchema() in this context or an ancestor, or correct the $ref. (status: 2xx)',
    )
  })

  it('a $ref chain that comes back to itself says to break the cycle, not to add a schema', () => {
    const error = caught(() =>
      compileFor({
        definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } },
        $ref: '#/definitions/a',
      }),
    )
    expect(error.code).toBe('FRM_ERR_SCH_SERIALIZATION_BUILD')
    expect(error.message).toBe(
      'Failed building the serialization schema for POST: /users, due to error Cannot resolve circular reference "#/definitions/b". The $ref points, directly or through other $refs, back to itself: make one schema of the chain describe the value (type, properties or items) instead of naming another. (status: 200)',
    )
  })

  it('an invalid schema is FRM_ERR_SCH_SERIALIZATION_BUILD with the reason', () => {
    const error = caught(() =>
      compileFor({ type: 'object', properties: { a: { type: 'text' } } }, 'default'),
    )
    expect(error.code).toBe('FRM_ERR_SCH_SERIALIZATION_BUILD')
    expect(error.message).toBe(
      'Failed building the serialization schema for POST: /users, due to error schema is invalid: data/properties/a/type must be equal to one of the allowed values. Correct the response schema (JSON Schema Draft 7). (status: default)',
    )
  })

  it('a schema that is not an object is refused', () => {
    expect(() => compileFor('string')).toThrow(
      'Failed building the serialization schema for POST: /users, due to error a response schema must be a JSON Schema object, received a string. (status: 200)',
    )
    expect(() => compileFor(null)).toThrow('received null.')
    expect(() => compileFor([])).toThrow('received an array.')
  })

  it('the false schema is refused', () => {
    expect(() => compileFor(false)).toThrow(
      'Failed building the serialization schema for POST: /users, due to error the schema is `false`, which no value matches: give a schema, or remove this response entry. (status: 200)',
    )
  })

  it('a default that has no JSON form is refused, naming where it is', () => {
    expect(() =>
      compileFor({ type: 'object', properties: { a: { type: 'string', default: () => 'x' } } }),
    ).toThrow(
      'Failed building the serialization schema for POST: /users, due to error /properties/a/default is a function or a symbol, which has no JSON form: give a JSON value. (status: 200)',
    )
  })

  it('a schema deeper than maxDepth is refused', () => {
    let schema: object = { type: 'string' }
    for (let i = 0; i < 5; i++) schema = { type: 'object', properties: { a: schema } }
    const compile = buildSerializerCompiler({ maxDepth: 3 })({})
    expect(() => compile({ schema, method: 'GET', url: '/deep', httpStatus: '200' })).toThrow(
      'Failed building the serialization schema for GET: /deep, due to error schema exceeds maximum depth of 3. Correct the response schema (JSON Schema Draft 7). (status: 200)',
    )
  })

  it('a failed build is not cached: a later call fails the same way', () => {
    const compile = buildSerializerCompiler()({})
    const input = { schema: { $ref: 'x#' }, method: 'GET', url: '/a', httpStatus: '200' }
    expect(() => compile(input)).toThrow('Cannot resolve ref "x#"')
    expect(() => compile(input)).toThrow('Cannot resolve ref "x#"')
  })
})

describe('payloads that cannot be serialized', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      age: { type: 'integer' },
      score: { type: 'number' },
      tags: { type: 'array', items: { type: 'integer' } },
    },
    required: ['name'],
  }

  it('[4.3.4] a missing required property throws FRM_ERR_RESPONSE_SERIALIZATION (500)', () => {
    const serialize = compileFor(schema)
    const error = caught(() => serialize({ age: 3 }))
    expect(error.code).toBe('FRM_ERR_RESPONSE_SERIALIZATION')
    expect(error.statusCode).toBe(500)
    expect(error.message).toBe(
      'The response of POST /users (status 200) does not match its response schema: "name" is required! Send a payload that matches the schema, or change the schema.',
    )
    expect(error.cause).toBeInstanceOf(Error)
    expect((error.cause as Error).message).toBe('"name" is required!')
  })

  it('[4.3.4] a string that is not a number, for an integer, throws instead of writing null or NaN', () => {
    const serialize = compileFor(schema, '201')
    const error = caught(() => serialize({ name: 'Ada', age: 'abc' }))
    expect(error.code).toBe('FRM_ERR_RESPONSE_SERIALIZATION')
    expect(error.statusCode).toBe(500)
    expect(error.message).toBe(
      'The response of POST /users (status 201) does not match its response schema: The value "abc" cannot be converted to an integer. Send a payload that matches the schema, or change the schema.',
    )
  })

  it('[4.3.4] other uncoercible values throw: number, NaN, Infinity, objects, array items', () => {
    const serialize = compileFor(schema)
    expect(() => serialize({ name: 'a', score: 'high' })).toThrow(
      'The value "high" cannot be converted to a number.',
    )
    expect(() => serialize({ name: 'a', age: Number.NaN })).toThrow(
      'The value "NaN" cannot be converted to an integer.',
    )
    expect(() => serialize({ name: 'a', age: Number.POSITIVE_INFINITY })).toThrow(
      'The value "Infinity" cannot be converted to an integer.',
    )
    expect(() => serialize({ name: 'a', age: { n: 1 } })).toThrow(
      'The value "[object Object]" cannot be converted to an integer.',
    )
    expect(() => serialize({ name: 'a', tags: [1, 'two'] })).toThrow(
      'The value "two" cannot be converted to an integer.',
    )
    expect(() => serialize({ name: 'a', tags: 'one' })).toThrow(
      "The value of '#/properties/tags' does not match schema definition.",
    )
  })

  it('values that can be coerced are coerced, not refused', () => {
    const serialize = compileFor(schema)
    expect(serialize({ name: 5, age: '42', score: '1.5', tags: [1.9, '2'] })).toBe(
      '{"name":"5","age":42,"score":1.5,"tags":[1,2]}',
    )
  })

  it('a payload that is not an object, for an object schema, throws', () => {
    const serialize = compileFor(schema)
    const error = caught(() => serialize(undefined))
    expect(error.code).toBe('FRM_ERR_RESPONSE_SERIALIZATION')
    expect(error.message).toMatch(
      /^The response of POST \/users \(status 200\) does not match its response schema: /,
    )
  })

  it('a value matching no branch of anyOf throws', () => {
    const serialize = compileFor({
      type: 'object',
      properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    })
    expect(serialize({ id: 3 })).toBe('{"id":3}')
    expect(() => serialize({ id: { x: 1 } })).toThrow(
      "does not match its response schema: The value of '#/properties/id' does not match schema definition.",
    )
  })

  it('a function where the schema declares no type throws instead of writing undefined', () => {
    const serialize = compileFor({ type: 'object', properties: { anything: {} } })
    expect(serialize({ anything: { a: [1, 'x'] } })).toBe('{"anything":{"a":[1,"x"]}}')
    const error = caught(() => serialize({ anything: () => 1 }))
    expect(error.code).toBe('FRM_ERR_RESPONSE_SERIALIZATION')
    expect(error.message).toBe(
      'The response of POST /users (status 200) does not match its response schema: A value has no JSON form (a function, a symbol or undefined) where the schema declares no type. Send a payload that matches the schema, or change the schema.',
    )
  })

  it('an untyped root schema refuses undefined instead of returning it', () => {
    const serialize = compileFor({ description: 'anything' })
    expect(serialize({ a: 1 })).toBe('{"a":1}')
    expect(() => serialize(undefined)).toThrow('A value has no JSON form')
  })

  it('a shared schema with an untyped place is checked too', () => {
    const compile = buildSerializerCompiler()({
      loose: { $id: 'loose', type: 'object', properties: { meta: {} } },
    })
    const serialize = compile({
      schema: { $ref: 'loose#' },
      method: 'GET',
      url: '/loose',
      httpStatus: '200',
    })
    expect(() => serialize({ meta: Symbol('s') })).toThrow('A value has no JSON form')
  })
})
