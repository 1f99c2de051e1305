import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { SchemaRegistry } from './schema-registry.js'

const address = {
  $id: 'address',
  type: 'object',
  definitions: {
    city: { type: 'string', minLength: 1 },
    street: { $id: '#street', type: 'string' },
  },
  properties: { city: { $ref: '#/definitions/city' }, street: { $ref: '#street' } },
}
const user = {
  $id: 'user',
  type: 'object',
  properties: {
    name: { type: 'string' },
    home: { $ref: 'address#' },
    city: { $ref: 'address#/definitions/city' },
    street: { $ref: 'address#street' },
  },
}

function registry(): SchemaRegistry {
  return new SchemaRegistry().add(address).add(user)
}

function refError(fn: () => unknown): FrameworkError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(FrameworkError)
    expect((error as FrameworkError).code).toBe('FRM_ERR_SCHEMA_REF_NOT_FOUND')
    return error as FrameworkError
  }
  throw new Error('expected FRM_ERR_SCHEMA_REF_NOT_FOUND, nothing was thrown')
}

function notFound(ref: string, where: string): string {
  return `Cannot resolve $ref '${ref}' in ${where}: add the schema it names with addSchema() in this context or an ancestor`
}

describe('SchemaRegistry.resolve: the reference forms of 2.5', () => {
  it("[2.5] resolves '#foo' to the object with $id '#foo' inside the base schema", () => {
    const base = { type: 'object', definitions: { a: { $id: '#foo', type: 'integer' } } }
    expect(registry().resolve('#foo', base)).toBe(base.definitions.a)
  })

  it("[2.5] resolves '#/definitions/x' inside the base schema", () => {
    const base = { definitions: { x: { type: 'number' } }, $ref: '#/definitions/x' }
    expect(registry().resolve('#/definitions/x', base)).toBe(base.definitions.x)
  })

  it("[2.5] resolves 'id#' to the shared schema", () => {
    expect(registry().resolve('user#')).toBe(user)
  })

  it("[2.5] resolves 'id' (no '#') to the shared schema too", () => {
    expect(registry().resolve('user')).toBe(user)
  })

  it("[2.5] resolves 'id#/definitions/x' inside the shared schema", () => {
    expect(registry().resolve('address#/definitions/city')).toBe(address.definitions.city)
  })

  it("[2.5] resolves 'id#foo' to the object with $id '#foo' inside the shared schema", () => {
    expect(registry().resolve('address#street')).toBe(address.definitions.street)
  })

  it('[2.5] resolves any JSON pointer, with ~0 ~1 escapes, percent-encoding and array indexes', () => {
    const base = {
      properties: {
        'a/b': { type: 'string' },
        'm~n': { type: 'integer' },
        'c d': { type: 'null' },
      },
      anyOf: [{ type: 'string' }, { type: 'boolean' }],
    }
    const shared = registry()
    expect(shared.resolve('#/properties/a~1b', base)).toBe(base.properties['a/b'])
    expect(shared.resolve('#/properties/m~0n', base)).toBe(base.properties['m~n'])
    expect(shared.resolve('#/properties/c%20d', base)).toBe(base.properties['c d'])
    expect(shared.resolve('#/anyOf/1', base)).toBe(base.anyOf[1])
    expect(shared.resolve('#', base)).toBe(base)
  })

  it("[2.5] resolves 'id#...' against the base when the base itself carries that $id", () => {
    const base = { $id: 'local', definitions: { x: { type: 'string' } } }
    expect(registry().resolve('local#/definitions/x', base)).toBe(base.definitions.x)
  })

  it('[4.4.3] resolves shared schemas of ancestors, never of a sibling', () => {
    const root = registry()
    const child = root.child().add({ $id: 'only-in-child' })
    const sibling = root.child()
    expect(child.resolve('user#/properties/name')).toBe(user.properties.name)
    expect(child.resolve('only-in-child#')).toEqual({ $id: 'only-in-child' })
    expect(() => sibling.resolve('only-in-child#')).toThrow(FrameworkError)
    expect(() => root.resolve('only-in-child#')).toThrow(FrameworkError)
  })

  it('resolves a relative id against a base whose $id is an absolute URI', () => {
    const item = { $id: 'http://example.com/schemas/item', type: 'string' }
    const shared = new SchemaRegistry().add(item)
    const base = { $id: 'http://example.com/schemas/list', items: { $ref: 'item#' } }
    expect(shared.resolve('item#', base)).toBe(item)
    expect(shared.resolve('http://example.com/schemas/item#')).toBe(item)
  })

  it('returns the target as stored: a $ref found there is not followed', () => {
    expect(registry().resolve('user#/properties/home')).toEqual({ $ref: 'address#' })
  })
})

describe('SchemaRegistry.resolve: errors', () => {
  it('[2.5] an unknown shared id throws FRM_ERR_SCHEMA_REF_NOT_FOUND naming the ref and where', () => {
    const error = refError(() => registry().resolve('nope#', undefined, 'POST /users body'))
    expect(error.message).toBe(notFound('nope#', 'POST /users body'))
    expect(error.statusCode).toBe(500)
  })

  it.each([
    ['#missing', 'an anchor that no object declares'],
    ['#/definitions/missing', 'a pointer to nothing'],
    ['#/definitions/x/type', 'a pointer to a value that is not a schema'],
    ['address#/definitions/nowhere', 'a pointer to nothing inside a shared schema'],
    ['address#nowhere', 'an unknown anchor inside a shared schema'],
    ['#/properties/__proto__', 'an inherited property name'],
    ['#/anyOf/2', 'an array index out of range'],
    ['#/%E0%A4%A', 'a malformed percent-encoding'],
  ])('[2.5] %s (%s) throws with the exact message', (ref) => {
    const base = { definitions: { x: { type: 'string' } }, properties: {}, anyOf: [true, false] }
    const error = refError(() => registry().resolve(ref, base, 'GET /things querystring'))
    expect(error.message).toBe(notFound(ref, 'GET /things querystring'))
  })

  it('a ref that is not a string (from untyped code) throws instead of crashing', () => {
    expect(refError(() => registry().resolve(42 as never, {}, 'POST / body')).message).toBe(
      notFound('42', 'POST / body'),
    )
  })

  it("a local reference without a base throws, and 'where' defaults to 'the schema'", () => {
    expect(refError(() => registry().resolve('#/definitions/x')).message).toBe(
      notFound('#/definitions/x', 'the schema'),
    )
  })

  it('an anchor inside an embedded resource is not visible from the outside', () => {
    const base = {
      definitions: { inner: { $id: 'http://example.com/inner', items: { $id: '#deep' } } },
    }
    expect(() => registry().resolve('#deep', base)).toThrow(FrameworkError)
  })
})

describe('SchemaRegistry.assertResolvable', () => {
  it('[2.5] accepts a schema using every reference form', () => {
    const schema = {
      type: 'object',
      definitions: { local: { $id: '#local', type: 'string' }, n: { type: 'number' } },
      properties: {
        a: { $ref: '#local' },
        b: { $ref: '#/definitions/n' },
        c: { $ref: 'user#' },
        d: { $ref: 'address#/definitions/city' },
        e: { $ref: 'address#street' },
      },
    }
    expect(registry().assertResolvable(schema, 'POST /users body')).toBeUndefined()
  })

  it('[2.5] accepts a root $ref and boolean schemas', () => {
    const shared = registry()
    expect(shared.assertResolvable({ $ref: 'user#' })).toBeUndefined()
    expect(shared.assertResolvable(true)).toBeUndefined()
  })

  it('[2.5] finds a broken ref nested deep in the schema (items, allOf, patternProperties)', () => {
    const schema = {
      type: 'array',
      items: { allOf: [{ $ref: 'user#' }, { patternProperties: { '^x': { $ref: 'gone#' } } }] },
    }
    const error = refError(() => registry().assertResolvable(schema, 'GET /users response 200'))
    expect(error.message).toBe(notFound('gone#', 'GET /users response 200'))
  })

  it('[2.5] follows refs between shared schemas transitively and names the shared schema', () => {
    const shared = new SchemaRegistry()
      .add({ $id: 'a', properties: { b: { $ref: 'b#' } } })
      .add({ $id: 'b', properties: { c: { $ref: 'c#/definitions/x' } } })
      .add({ $id: 'c', definitions: { x: { $ref: 'd#' } } })
    const error = refError(() => shared.assertResolvable({ $ref: 'a#' }, 'PUT /a body'))
    expect(error.message).toBe(notFound('d#', "PUT /a body (inside shared schema 'c')"))
    shared.add({ $id: 'd', type: 'string' })
    expect(shared.assertResolvable({ $ref: 'a#' }, 'PUT /a body')).toBeUndefined()
  })

  it("[2.5] resolves '#...' refs inside a shared schema against that shared schema", () => {
    // address's own '#/definitions/city' and '#street' must not be looked up in the route schema
    expect(
      registry().assertResolvable({ properties: { home: { $ref: 'address#' } } }),
    ).toBeUndefined()
    const broken = new SchemaRegistry().add({
      $id: 'broken',
      properties: { x: { $ref: '#/definitions/x' } },
    })
    const route = { definitions: { x: { type: 'string' } }, properties: { y: { $ref: 'broken#' } } }
    expect(refError(() => broken.assertResolvable(route, 'POST /y body')).message).toBe(
      notFound('#/definitions/x', "POST /y body (inside shared schema 'broken')"),
    )
  })

  it('[2.5] terminates on circular references (a tree node referring to itself)', () => {
    const shared = new SchemaRegistry().add({
      $id: 'node',
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: 'node#' } }, self: { $ref: '#' } },
    })
    expect(shared.assertResolvable({ $ref: 'node#' })).toBeUndefined()
  })

  it('checks only the part of a shared schema a reference points at', () => {
    const shared = new SchemaRegistry().add({
      $id: 'lib',
      definitions: { good: { type: 'string' }, bad: { $ref: 'missing#' } },
    })
    expect(shared.assertResolvable({ $ref: 'lib#/definitions/good' })).toBeUndefined()
    expect(() => shared.assertResolvable({ $ref: 'lib#/definitions/bad' })).toThrow(
      notFound('missing#', "the schema (inside shared schema 'lib')"),
    )
  })

  it('does not take a $ref inside data (default, enum, const, examples) for a reference', () => {
    const schema = {
      type: 'object',
      default: { $ref: 'nothing#' },
      examples: [{ $ref: 'nothing#' }],
      properties: { kind: { enum: [{ $ref: 'nothing#' }] }, fixed: { const: { $ref: 'x' } } },
    }
    expect(registry().assertResolvable(schema)).toBeUndefined()
  })

  it('reads a property named like a data keyword as a schema', () => {
    const schema = { properties: { default: { $ref: 'gone#' } } }
    expect(() => registry().assertResolvable(schema)).toThrow(notFound('gone#', 'the schema'))
  })

  it('walks plugin keywords such as $merge', () => {
    const schema = { $merge: { source: { $ref: 'gone#' }, with: { required: ['a'] } } }
    expect(() => registry().assertResolvable(schema, 'POST /m body')).toThrow(
      notFound('gone#', 'POST /m body'),
    )
  })

  it("resolves '#...' refs inside an embedded resource against that resource", () => {
    const schema = {
      definitions: {
        inner: {
          $id: 'http://example.com/inner',
          definitions: { y: { type: 'string' } },
          properties: { y: { $ref: '#/definitions/y' } },
        },
      },
      properties: { i: { $ref: '#/definitions/inner' } },
    }
    expect(registry().assertResolvable(schema)).toBeUndefined()
  })
})
