import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { SchemaRegistry } from './schema-registry.js'

function thrown(fn: () => unknown): FrameworkError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(FrameworkError)
    return error as FrameworkError
  }
  throw new Error('expected a FrameworkError, nothing was thrown')
}

describe('SchemaRegistry: adding and reading shared schemas', () => {
  it('[2.5] add() stores the schema as given; get() returns that very object', () => {
    const registry = new SchemaRegistry()
    const user = { $id: 'user', type: 'object', properties: { name: { type: 'string' } } }
    const snapshot = structuredClone(user)
    expect(registry.add(user)).toBe(registry)
    expect(registry.get('user')).toBe(user)
    expect(user).toEqual(snapshot)
    expect(Object.isFrozen(user)).toBe(false)
  })

  it('[2.5] get() and has() answer undefined / false for an unknown id', () => {
    const registry = new SchemaRegistry().add({ $id: 'user' })
    expect(registry.get('nope')).toBeUndefined()
    expect(registry.has('nope')).toBe(false)
    expect(registry.has('user')).toBe(true)
  })

  it('get() and has() with a non-string id (from untyped code) find nothing', () => {
    const registry = new SchemaRegistry().add({ $id: '42' })
    expect(registry.get(42 as never)).toBeUndefined()
    expect(registry.has(undefined as never)).toBe(false)
  })

  it("[2.5] 'user#' names the same schema as 'user'", () => {
    const user = { $id: 'user' }
    const registry = new SchemaRegistry().add(user)
    expect(registry.get('user#')).toBe(user)
    expect(registry.has('user#')).toBe(true)
  })

  it('[2.5] getAll() returns every visible schema keyed by $id, frozen and cached', () => {
    const a = { $id: 'a', type: 'string' }
    const b = { $id: 'http://example.com/b.json', type: 'integer' }
    const registry = new SchemaRegistry().add(a).add(b)
    const all = registry.getAll()
    expect(all).toEqual({ a, 'http://example.com/b.json': b })
    expect(all['a']).toBe(a)
    expect(Object.isFrozen(all)).toBe(true)
    expect(registry.getAll()).toBe(all)
    registry.add({ $id: 'c' })
    const next = registry.getAll()
    expect(next).not.toBe(all)
    expect(Object.keys(next)).toEqual(['a', 'http://example.com/b.json', 'c'])
  })

  it("an $id '__proto__' is an ordinary key of getAll()", () => {
    const odd = JSON.parse('{"$id":"__proto__","type":"string"}') as object
    const all = new SchemaRegistry().add(odd).getAll()
    expect(Object.keys(all)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(all)).toBe(Object.prototype)
  })
})

describe('SchemaRegistry: scopes', () => {
  function tree() {
    const root = new SchemaRegistry().add({ $id: 'root' })
    const child = root.child().add({ $id: 'child' })
    const grandchild = child.child().add({ $id: 'grandchild' })
    const sibling = root.child().add({ $id: 'sibling' })
    return { root, child, grandchild, sibling }
  }

  it('[4.4.3] the root sees its own schemas only', () => {
    const { root } = tree()
    expect(Object.keys(root.getAll())).toEqual(['root'])
    expect(root.has('child')).toBe(false)
    expect(root.get('grandchild')).toBeUndefined()
  })

  it('[4.4.3] a child sees root + child schemas', () => {
    const { child } = tree()
    expect(Object.keys(child.getAll())).toEqual(['root', 'child'])
    expect(child.has('root')).toBe(true)
    expect(child.has('grandchild')).toBe(false)
  })

  it('[4.4.3] a grandchild sees root, child and grandchild schemas', () => {
    const { grandchild } = tree()
    expect(Object.keys(grandchild.getAll())).toEqual(['root', 'child', 'grandchild'])
  })

  it('[4.4.3] siblings never see each other', () => {
    const { child, sibling, grandchild } = tree()
    expect(sibling.has('child')).toBe(false)
    expect(child.has('sibling')).toBe(false)
    expect(grandchild.has('sibling')).toBe(false)
    expect(Object.keys(sibling.getAll())).toEqual(['root', 'sibling'])
  })

  it('[4.4.3] parent links: a root has none, a child points at its parent', () => {
    const { root, child, grandchild } = tree()
    expect(root.parent).toBeUndefined()
    expect(child.parent).toBe(root)
    expect(grandchild.parent).toBe(child)
  })

  it('[4.4.3] a schema added to a parent after the child was created is visible to the child', () => {
    const root = new SchemaRegistry()
    const child = root.child()
    const before = child.getAll()
    const late = { $id: 'late' }
    root.add(late)
    expect(child.get('late')).toBe(late)
    expect(child.getAll()).not.toBe(before)
    expect(Object.keys(child.getAll())).toEqual(['late'])
  })

  it('[4.4.3] the same $id may live in two siblings', () => {
    const root = new SchemaRegistry()
    const left = root.child().add({ $id: 'x', type: 'string' })
    const right = root.child().add({ $id: 'x', type: 'integer' })
    expect(left.get('x')).toEqual({ $id: 'x', type: 'string' })
    expect(right.get('x')).toEqual({ $id: 'x', type: 'integer' })
  })
})

describe('SchemaRegistry: add() errors', () => {
  it('[2.5] a missing $id throws FRM_ERR_SCH_MISSING_ID', () => {
    const error = thrown(() => new SchemaRegistry().add({ type: 'object' }))
    expect(error.code).toBe('FRM_ERR_SCH_MISSING_ID')
    expect(error.message).toBe('Missing schema $id property')
  })

  it('[2.5] an $id set to undefined counts as missing', () => {
    expect(thrown(() => new SchemaRegistry().add({ $id: undefined })).code).toBe(
      'FRM_ERR_SCH_MISSING_ID',
    )
  })

  it('[2.5] a non-string $id throws FRM_ERR_SCHEMA_INVALID', () => {
    const error = thrown(() => new SchemaRegistry().add({ $id: 42 }))
    expect(error.code).toBe('FRM_ERR_SCHEMA_INVALID')
    expect(error.message).toBe(
      "Schema is not valid: $id must be a non-empty string naming the schema (e.g. 'user'), received number 42",
    )
  })

  it('[2.5] an empty $id throws FRM_ERR_SCHEMA_INVALID', () => {
    const error = thrown(() => new SchemaRegistry().add({ $id: '' }))
    expect(error.code).toBe('FRM_ERR_SCHEMA_INVALID')
    expect(error.message).toBe(
      "Schema is not valid: $id must be a non-empty string naming the schema (e.g. 'user'), received ''",
    )
  })

  it("keeps a shared schema whose $id is '#name'; `$ref: '#name'` finds it when the base declares no such anchor (Fastify 4)", () => {
    const registry = new SchemaRegistry().add({ $id: '#user', type: 'object' })
    expect(registry.get('#user')).toEqual({ $id: '#user', type: 'object' })
    expect(registry.resolve('#user', { type: 'object' })).toEqual({ $id: '#user', type: 'object' })
    // An anchor of the base itself wins.
    const local = { definitions: { u: { $id: '#user', type: 'string' } } }
    expect(registry.resolve('#user', local)).toEqual({ $id: '#user', type: 'string' })
  })

  it.each([
    ['null', null],
    ['an array', [{ $id: 'a' }]],
    ["'user'", 'user'],
    ['boolean true', true],
    ['undefined', undefined],
    ['a function', () => ({ $id: 'a' })],
  ])('a schema that is not an object (%s) throws FRM_ERR_SCHEMA_INVALID', (shown, schema) => {
    const error = thrown(() => new SchemaRegistry().add(schema as object))
    expect(error.code).toBe('FRM_ERR_SCHEMA_INVALID')
    expect(error.message).toBe(
      `Schema is not valid: a shared schema must be an object with a string $id, received ${shown}`,
    )
  })

  it('[2.5] an $id already in the same registry throws FRM_ERR_SCH_ALREADY_PRESENT naming it', () => {
    const registry = new SchemaRegistry().add({ $id: 'user' })
    const error = thrown(() => registry.add({ $id: 'user', type: 'object' }))
    expect(error.code).toBe('FRM_ERR_SCH_ALREADY_PRESENT')
    expect(error.message).toBe("Schema with id 'user' already declared!")
    expect(error.statusCode).toBe(500)
  })

  it('[4.4.3] a child adding an $id its root already has throws FRM_ERR_SCH_ALREADY_PRESENT', () => {
    const child = new SchemaRegistry().add({ $id: 'user' }).child().child()
    const error = thrown(() => child.add({ $id: 'user' }))
    expect(error.code).toBe('FRM_ERR_SCH_ALREADY_PRESENT')
    expect(error.message).toContain("id 'user'")
  })

  it("'user#' clashes with 'user'", () => {
    const registry = new SchemaRegistry().add({ $id: 'user' })
    expect(thrown(() => registry.add({ $id: 'user#' })).message).toBe(
      "Schema with id 'user#' already declared!",
    )
  })

  it('a parent adding later an $id its child already has: the child reports the clash', () => {
    const root = new SchemaRegistry()
    const child = root.child().add({ $id: 'user', type: 'string' })
    root.add({ $id: 'user', type: 'integer' })
    expect(root.get('user')).toEqual({ $id: 'user', type: 'integer' })
    // the nearest scope wins for a single lookup...
    expect(child.get('user')).toEqual({ $id: 'user', type: 'string' })
    // ...but the set the compilers are built from is ambiguous, so it is refused.
    expect(thrown(() => child.getAll()).code).toBe('FRM_ERR_SCH_ALREADY_PRESENT')
    expect(thrown(() => child.fingerprint).message).toBe("Schema with id 'user' already declared!")
  })

  it('a failed add() leaves the registry unchanged', () => {
    const registry = new SchemaRegistry().add({ $id: 'a' })
    const fingerprint = registry.fingerprint
    expect(() => registry.add({ $id: 'a' })).toThrow(FrameworkError)
    expect(() => registry.add({})).toThrow(FrameworkError)
    expect(registry.fingerprint).toBe(fingerprint)
    expect(Object.keys(registry.getAll())).toEqual(['a'])
  })
})

describe('SchemaRegistry: fingerprint', () => {
  it('[2.5] is a non-empty string, the same on every read while nothing changes', () => {
    const registry = new SchemaRegistry().add({ $id: 'a' })
    expect(registry.fingerprint).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(registry.fingerprint).toBe(registry.fingerprint)
  })

  it('[2.5] changes when a schema is added', () => {
    const registry = new SchemaRegistry()
    const empty = registry.fingerprint
    registry.add({ $id: 'a' })
    const one = registry.fingerprint
    registry.add({ $id: 'b' })
    expect(new Set([empty, one, registry.fingerprint]).size).toBe(3)
  })

  it('[4.4.3] a child that added nothing shares its parent key', () => {
    const root = new SchemaRegistry().add({ $id: 'a' })
    const child = root.child()
    expect(child.fingerprint).toBe(root.fingerprint)
    expect(child.child().fingerprint).toBe(root.fingerprint)
  })

  it('[4.4.3] adding to the parent changes the fingerprint of parent and child', () => {
    const root = new SchemaRegistry().add({ $id: 'a' })
    const child = root.child()
    const before = { root: root.fingerprint, child: child.fingerprint }
    root.add({ $id: 'b' })
    expect(root.fingerprint).not.toBe(before.root)
    expect(child.fingerprint).not.toBe(before.child)
    expect(child.fingerprint).toBe(root.fingerprint)
  })

  it('[4.4.3] adding to a child changes the child only', () => {
    const root = new SchemaRegistry().add({ $id: 'a' })
    const child = root.child()
    const rootKey = root.fingerprint
    child.add({ $id: 'b' })
    expect(child.fingerprint).not.toBe(rootKey)
    expect(root.fingerprint).toBe(rootKey)
  })

  it('registries that see equal schemas share a key, whatever the order or the scope', () => {
    const flat = new SchemaRegistry()
      .add({ $id: 'a', type: 'string' })
      .add({ $id: 'b', properties: { x: { type: 'integer', minimum: 1 } } })
    const nested = new SchemaRegistry()
      .add({ $id: 'b', properties: { x: { minimum: 1, type: 'integer' } } })
      .child()
      .add({ type: 'string', $id: 'a' })
    expect(nested.fingerprint).toBe(flat.fingerprint)
  })

  it('registries whose schemas differ in content have different keys', () => {
    const one = new SchemaRegistry().add({ $id: 'a', type: 'string' })
    const other = new SchemaRegistry().add({ $id: 'a', type: 'integer' })
    const renamed = new SchemaRegistry().add({ $id: 'b', type: 'string' })
    expect(new Set([one.fingerprint, other.fingerprint, renamed.fingerprint]).size).toBe(3)
  })

  it('schemas that differ only in a value JSON cannot show (a function) have different keys', () => {
    const one = new SchemaRegistry().add({ $id: 'a', transform: () => 1 })
    const other = new SchemaRegistry().add({ $id: 'a', transform: () => 2 })
    expect(one.fingerprint).not.toBe(other.fingerprint)
  })
})
