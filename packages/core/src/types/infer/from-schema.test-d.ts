import { type Static, Type } from '@sinclair/typebox'
import { describe, expectTypeOf, it } from 'vitest'
import type { SchemaToType } from './from-schema.js'

/** A Standard Schema v1 value, written structurally (no library): input string, output number. */
interface NumberFromString {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'test'
    readonly validate: (value: unknown) => { value: number }
    readonly types?: { readonly input: string; readonly output: number }
  }
}

const user = {
  $id: 'user',
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name'],
} as const

type Known = { user: typeof user }

describe('SchemaToType', () => {
  it('reads type names, integer as number', () => {
    expectTypeOf<SchemaToType<{ type: 'string' }, {}>>().toEqualTypeOf<string>()
    expectTypeOf<SchemaToType<{ type: 'integer' }, {}>>().toEqualTypeOf<number>()
    expectTypeOf<SchemaToType<{ type: 'boolean' }, {}>>().toEqualTypeOf<boolean>()
    expectTypeOf<SchemaToType<{ type: 'null' }, {}>>().toEqualTypeOf<null>()
    expectTypeOf<SchemaToType<{ type: readonly ['string', 'null'] }, {}>>().toEqualTypeOf<
      string | null
    >()
  })

  it('makes required and defaulted properties present (request side)', () => {
    type T = SchemaToType<
      {
        type: 'object'
        properties: {
          a: { type: 'string' }
          b: { type: 'number'; default: 1 }
          c: { type: 'boolean' }
        }
        required: readonly ['a']
      },
      {}
    >
    expectTypeOf<T>().toEqualTypeOf<{ a: string; b: number; c?: boolean }>()
  })

  it('leaves defaulted properties optional on the reply side', () => {
    type T = SchemaToType<
      { type: 'object'; properties: { b: { type: 'number'; default: 1 } } },
      {},
      'reply'
    >
    expectTypeOf<T>().toEqualTypeOf<{ b?: number }>()
  })

  it('reads enum, const, nullable, anyOf, oneOf, allOf and arrays', () => {
    expectTypeOf<SchemaToType<{ enum: readonly ['a', 'b'] }, {}>>().toEqualTypeOf<'a' | 'b'>()
    expectTypeOf<SchemaToType<{ const: 42 }, {}>>().toEqualTypeOf<42>()
    expectTypeOf<SchemaToType<{ type: 'string'; nullable: true }, {}>>().toEqualTypeOf<
      string | null
    >()
    expectTypeOf<
      SchemaToType<{ anyOf: readonly [{ type: 'string' }, { type: 'integer' }] }, {}>
    >().toEqualTypeOf<string | number>()
    expectTypeOf<
      SchemaToType<{ oneOf: readonly [{ type: 'boolean' }, { type: 'null' }] }, {}>
    >().toEqualTypeOf<boolean | null>()
    type Both = SchemaToType<
      {
        allOf: readonly [
          { type: 'object'; properties: { a: { type: 'string' } }; required: readonly ['a'] },
          { type: 'object'; properties: { b: { type: 'number' } }; required: readonly ['b'] },
        ]
      },
      {}
    >
    expectTypeOf<Both>().toMatchTypeOf<{ a: string; b: number }>()
    expectTypeOf<SchemaToType<{ type: 'array'; items: { type: 'integer' } }, {}>>().toEqualTypeOf<
      number[]
    >()
    expectTypeOf<
      SchemaToType<{ type: 'array'; items: readonly [{ type: 'string' }, { type: 'number' }] }, {}>
    >().toEqualTypeOf<(string | number)[]>()
  })

  it('reads additionalProperties and patternProperties of objects without properties', () => {
    expectTypeOf<
      SchemaToType<{ type: 'object'; additionalProperties: { type: 'number' } }, {}>
    >().toEqualTypeOf<{ [key: string]: number }>()
    expectTypeOf<SchemaToType<{ type: 'object' }, {}>>().toEqualTypeOf<{
      [key: string]: unknown
    }>()
  })

  it('resolves $ref to shared schemas: id#, id and id#/properties/x', () => {
    type User = { name: string; age?: number; tags?: string[] }
    expectTypeOf<SchemaToType<{ $ref: 'user#' }, Known>>().toEqualTypeOf<User>()
    expectTypeOf<SchemaToType<{ $ref: 'user' }, Known>>().toEqualTypeOf<User>()
    expectTypeOf<SchemaToType<{ $ref: 'user#/properties/name' }, Known>>().toEqualTypeOf<string>()
    expectTypeOf<SchemaToType<{ type: 'array'; items: { $ref: 'user#' } }, Known>>().toEqualTypeOf<
      User[]
    >()
  })

  it('resolves local #/definitions references', () => {
    type T = SchemaToType<
      {
        definitions: { id: { type: 'integer' } }
        type: 'object'
        properties: { id: { $ref: '#/definitions/id' } }
        required: readonly ['id']
      },
      {}
    >
    expectTypeOf<T>().toEqualTypeOf<{ id: number }>()
  })

  it('infers unknown (never any) for a $ref it cannot resolve', () => {
    expectTypeOf<SchemaToType<{ $ref: 'nobody#' }, Known>>().toBeUnknown()
    expectTypeOf<SchemaToType<{ $ref: 'user#/properties/nothing' }, Known>>().toBeUnknown()
    expectTypeOf<SchemaToType<{ $ref: '#/definitions/x' }, Known>>().toBeUnknown()
  })

  it('infers a recursive type for a recursive shared schema', () => {
    const node = {
      $id: 'node',
      type: 'object',
      properties: {
        value: { type: 'string' },
        children: { type: 'array', items: { $ref: 'node#' } },
      },
      required: ['value', 'children'],
    } as const
    type Node = SchemaToType<{ $ref: 'node#' }, { node: typeof node }>
    const tree = {} as Node
    expectTypeOf(tree.value).toBeString()
    expectTypeOf(tree.children[0]!.children[0]!.value).toBeString()
  })

  it('reads a TypeBox schema as its static type', () => {
    const T = Type.Object({ id: Type.Integer(), name: Type.Optional(Type.String()) })
    expectTypeOf<SchemaToType<typeof T, {}>>().toEqualTypeOf<Static<typeof T>>()
  })

  it('reads a Standard Schema value as its output (request) or input (reply) type', () => {
    expectTypeOf<SchemaToType<NumberFromString, {}>>().toEqualTypeOf<number>()
    expectTypeOf<SchemaToType<NumberFromString, {}, 'reply'>>().toEqualTypeOf<string>()
  })

  it('reads a schema that is not a literal as unknown', () => {
    expectTypeOf<SchemaToType<Record<string, any>, {}>>().toBeUnknown()
    expectTypeOf<SchemaToType<{ type: string }, {}>>().toBeUnknown()
    expectTypeOf<SchemaToType<any, {}>>().toBeUnknown()
  })
})
