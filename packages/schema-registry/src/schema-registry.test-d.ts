import { describe, expectTypeOf, it } from 'vitest'
import { expandShorthand, type JsonSchema, type JsonSchemaObject, SchemaRegistry } from './index.js'

describe('public types', () => {
  it('SchemaRegistry methods have the documented signatures', () => {
    const registry = new SchemaRegistry()
    expectTypeOf(registry.add({ $id: 'a' })).toEqualTypeOf<SchemaRegistry>()
    expectTypeOf(registry.child()).toEqualTypeOf<SchemaRegistry>()
    expectTypeOf(registry.get('a')).toEqualTypeOf<JsonSchema | undefined>()
    expectTypeOf(registry.has('a')).toEqualTypeOf<boolean>()
    expectTypeOf(registry.getAll()).toEqualTypeOf<Readonly<Record<string, JsonSchema>>>()
    expectTypeOf(registry.parent).toEqualTypeOf<SchemaRegistry | undefined>()
    expectTypeOf(registry.fingerprint).toEqualTypeOf<string>()
    expectTypeOf(registry.resolve('a#')).toEqualTypeOf<JsonSchema>()
    expectTypeOf(registry.resolve).parameters.toEqualTypeOf<
      [ref: string, base?: JsonSchema, where?: string]
    >()
    expectTypeOf(registry.assertResolvable(true, 'GET /')).toEqualTypeOf<void>()
    expectTypeOf(registry.bundle({})).toEqualTypeOf<Promise<JsonSchema>>()
    expectTypeOf(registry.dereference({})).toEqualTypeOf<Promise<JsonSchema>>()
  })

  it('add() returns the subclass for chaining', () => {
    class Mine extends SchemaRegistry {}
    expectTypeOf(new Mine().add({ $id: 'a' })).toEqualTypeOf<Mine>()
  })

  it('parent and fingerprint are read-only', () => {
    const registry = new SchemaRegistry()
    // @ts-expect-error parent is read-only
    registry.parent = undefined
    // @ts-expect-error fingerprint is read-only
    registry.fingerprint = 'x'
  })

  it('a JsonSchemaObject is a JsonSchema, and takes any keyword', () => {
    const user: JsonSchemaObject = {
      $id: 'user',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      'x-vendor': 1,
    }
    expectTypeOf(user).toExtend<JsonSchema>()
    expectTypeOf(expandShorthand(user)).toEqualTypeOf<JsonSchema>()
    expectTypeOf(expandShorthand).parameter(0).toEqualTypeOf<JsonSchema>()
  })

  it('get() results must be narrowed before reading keywords', () => {
    const found = new SchemaRegistry().get('a')
    // @ts-expect-error could be a boolean schema or undefined
    found.type
  })
})
