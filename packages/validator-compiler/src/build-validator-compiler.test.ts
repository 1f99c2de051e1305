import { describe, expect, it } from 'vitest'
import { thrown } from '../test/support.js'
import { type AjvPlugin, buildValidatorCompiler } from './index.js'

/** A real plugin that counts the Ajv instances it is applied to (one call per instance). */
function instanceCounter(): { instances: number; plugin: AjvPlugin } {
  const counter = {
    instances: 0,
    plugin: () => {
      counter.instances++
    },
  }
  return counter
}

const sharedSet = () => ({
  user: { $id: 'user', type: 'object', properties: { name: { type: 'string' } } },
  id: { $id: 'id', type: 'integer' },
})

describe('buildValidatorCompiler: one Ajv per shared-schema set', () => {
  it('[2.5] 1000 routes over the same set object create one Ajv instance', () => {
    const counter = instanceCounter()
    const factory = buildValidatorCompiler({ plugins: [counter.plugin] })
    const shared = sharedSet()
    for (let i = 0; i < 1000; i++) {
      factory(shared)({
        schema: { type: 'object', properties: { id: { $ref: 'id#' } } },
        method: 'GET',
        url: `/r${i}`,
        httpPart: 'params',
      })
    }
    expect(counter.instances).toBe(1)
  })

  it('[2.5] an equal set given as a new object reuses the instance; another set gets its own', () => {
    const counter = instanceCounter()
    const factory = buildValidatorCompiler({ plugins: [counter.plugin] })
    factory(sharedSet())
    factory(sharedSet())
    const reordered = sharedSet()
    factory({ id: reordered.id, user: reordered.user })
    expect(counter.instances).toBe(1)
    factory({ ...sharedSet(), extra: { $id: 'extra', type: 'string' } })
    expect(counter.instances).toBe(2)
    factory({})
    expect(counter.instances).toBe(3)
  })

  it('each compiler built has its own instances (its options may differ)', () => {
    const counter = instanceCounter()
    buildValidatorCompiler({ plugins: [counter.plugin] })(sharedSet())
    buildValidatorCompiler({ plugins: [counter.plugin] })(sharedSet())
    expect(counter.instances).toBe(2)
  })
})

describe('buildValidatorCompiler: identical route schemas compile once', () => {
  const schema = () => ({
    type: 'object',
    properties: { id: { $ref: 'id#' }, q: { type: 'string' } },
  })

  it('equal schemas of different routes share one validation function', () => {
    const compile = buildValidatorCompiler()(sharedSet())
    const first = compile({ schema: schema(), method: 'GET', url: '/a', httpPart: 'querystring' })
    const second = compile({ schema: schema(), method: 'POST', url: '/b', httpPart: 'body' })
    expect(second).toBe(first)
    expect(first({ id: '3' })).toBe(true)
  })

  it('a headers schema is kept apart from an equal schema of another part', () => {
    const compile = buildValidatorCompiler()(sharedSet())
    const query = compile({ schema: schema(), method: 'GET', url: '/a', httpPart: 'querystring' })
    const headers = compile({ schema: schema(), method: 'GET', url: '/a', httpPart: 'headers' })
    expect(headers).not.toBe(query)
  })

  it('different schemas, or the same schema over another set, compile separately', () => {
    const factory = buildValidatorCompiler()
    const compile = factory(sharedSet())
    const a = compile({ schema: { type: 'string' }, method: 'GET', url: '/', httpPart: 'body' })
    const b = compile({ schema: { type: 'number' }, method: 'GET', url: '/', httpPart: 'body' })
    expect(b).not.toBe(a)
    const other = factory({})({
      schema: { type: 'string' },
      method: 'GET',
      url: '/',
      httpPart: 'body',
    })
    expect(other).not.toBe(a)
  })
})

describe('buildValidatorCompiler: schemas Ajv cannot compile', () => {
  it('an unresolvable $ref fails with FRM_ERR_SCH_VALIDATION_BUILD naming route, part and reference', () => {
    const compile = buildValidatorCompiler()(sharedSet())
    const error = thrown(() =>
      compile({ schema: { $ref: 'missing#' }, method: 'GET', url: '/users', httpPart: 'params' }),
    )
    expect(error.code).toBe('FRM_ERR_SCH_VALIDATION_BUILD')
    expect(error.message).toBe(
      "Failed building the validation schema for GET: /users, due to error cannot resolve $ref 'missing#': no shared schema has the $id 'missing'; add it with addSchema() in this context or an ancestor (httpPart: params)",
    )
  })

  it('a $ref to a missing place in a shared schema names the shared schema', () => {
    const compile = buildValidatorCompiler()(sharedSet())
    const error = thrown(() =>
      compile({
        schema: { type: 'object', properties: { a: { $ref: 'user#/definitions/nope' } } },
        method: 'PUT',
        url: '/users/:id',
        httpPart: 'body',
      }),
    )
    expect(error.message).toBe(
      "Failed building the validation schema for PUT: /users/:id, due to error cannot resolve $ref 'user#/definitions/nope': the shared schema 'user' has nothing at that location (httpPart: body)",
    )
  })

  it('a $ref to a missing place in the route schema itself says so', () => {
    const compile = buildValidatorCompiler()({})
    const error = thrown(() =>
      compile({
        schema: { type: 'object', properties: { a: { $ref: '#/definitions/nope' } } },
        method: 'GET',
        url: '/',
        httpPart: 'querystring',
      }),
    )
    expect(error.message).toBe(
      "Failed building the validation schema for GET: /, due to error cannot resolve $ref '#/definitions/nope': the schema has nothing at that location (httpPart: querystring)",
    )
  })

  it("a schema that breaks JSON Schema fails with Ajv's reason", () => {
    const compile = buildValidatorCompiler()({})
    const error = thrown(() =>
      compile({
        schema: { type: 'object', properties: { n: { minimum: 'zero' } } },
        method: 'POST',
        url: '/n',
        httpPart: 'body',
      }),
    )
    expect(error.code).toBe('FRM_ERR_SCH_VALIDATION_BUILD')
    expect(error.message).toBe(
      'Failed building the validation schema for POST: /n, due to error schema is invalid: data/properties/n/minimum must be number (httpPart: body)',
    )
  })

  it('an invalid shared schema fails with FRM_ERR_SCHEMA_INVALID naming its $id', () => {
    const error = thrown(() => buildValidatorCompiler()({ bad: { $id: 'bad', type: 'strin' } }))
    expect(error.code).toBe('FRM_ERR_SCHEMA_INVALID')
    expect(error.message).toMatch(
      /^Schema is not valid: shared schema 'bad': schema is invalid: data\/type must be equal to one of the allowed values/,
    )
  })

  it('a failed compilation is not cached: the next route with that schema is named in turn', () => {
    const compile = buildValidatorCompiler()({})
    const input = { schema: { $ref: 'x#' }, httpPart: 'body' as const }
    expect(thrown(() => compile({ ...input, method: 'POST', url: '/a' })).message).toContain(
      'POST: /a',
    )
    expect(thrown(() => compile({ ...input, method: 'PUT', url: '/b' })).message).toContain(
      'PUT: /b',
    )
  })
})
