import type { InferMode } from './mode.js'
import type { SharedSchemas } from './shared-schemas.js'

/**
 * The type a schema describes, read the way the default validator reads it:
 * - a Standard Schema value (`~standard`): its output type (its input type for replies);
 * - a TypeBox schema: its `static` type;
 * - a JSON Schema literal (written `as const`, or inline in a route): `type` (also as an array),
 *   `properties` with `required` (and, for requests, `default`) making a property present,
 *   `additionalProperties`, `patternProperties`, `items` (also tuples), `enum`, `const`, `anyOf`,
 *   `oneOf`, `allOf`, `nullable`, and `$ref` to `#/...`, to a shared schema (`user#`, `user`) or
 *   into one (`user#/properties/name`).
 *
 * `Known` maps shared-schema ids to schemas (default: the `SharedSchemas` interface). What the types cannot read (a `$ref` to an unknown id,
 * a schema that is not a literal) is `unknown`, never `any`.
 *
 * @example
 * type User = SchemaToType<
 *   { type: 'object'; properties: { id: { type: 'integer' } }; required: readonly ['id'] },
 *   {}
 * > // { id: number }
 */
export type SchemaToType<S, Known = SharedSchemas, Mode extends InferMode = 'request'> = Infer<
  S,
  Known,
  S,
  Mode
>

/**
 * A schema of any kind, inside the document `Root` (for `#/...` references). `any` and `unknown`
 * give `unknown` (tested as `unknown extends S`, which costs less than the usual `0 extends 1 & S`).
 */
type Infer<S, Known, Root, Mode> = unknown extends S
  ? unknown
  : S extends { readonly type: infer T extends keyof Primitives }
    ? [Extract<keyof S, Refining | '~standard' | 'static'>] extends [never]
      ? Primitives[T]
      : FromValue<S, Known, Root, Mode>
    : FromValue<S, Known, Root, Mode>

/** A Standard Schema value, a TypeBox schema, or a JSON Schema. */
type FromValue<S, Known, Root, Mode> = S extends {
  readonly '~standard': { readonly types?: infer T }
}
  ? StandardType<T, Mode>
  : S extends { readonly static: infer T }
    ? T
    : S extends object
      ? FromJson<S, Known, Root, Mode>
      : S extends false
        ? never
        : unknown

type StandardType<T, Mode> =
  NonNullable<T> extends {
    readonly input: infer I
    readonly output: infer O
  }
    ? Mode extends 'reply'
      ? I
      : O
    : unknown

type FromJson<S, Known, Root, Mode> = string extends keyof S
  ? unknown
  : S extends { readonly type: infer T }
    ? string extends (T extends readonly (infer N)[] ? N : T)
      ? unknown
      : FromLiteral<S, Known, Root, Mode>
    : FromLiteral<S, Known, Root, Mode>

/** The types of the primitive `type` names (the fast path: most schemas are such leaves). */
interface Primitives {
  string: string
  integer: number
  number: number
  boolean: boolean
  null: null
}

/** Keywords that change what a primitive `type` alone would say. */
type Refining = 'const' | 'enum' | 'nullable' | 'anyOf' | 'oneOf' | 'allOf' | '$ref'

/** A schema written as a literal (`as const`, or inline): a `type` of `string` means it was not. */
type FromLiteral<S, Known, Root, Mode> = S extends { readonly $ref: infer Ref extends string }
  ? FromRef<Ref, Known, Root, Mode>
  : S extends { readonly const: infer C }
    ? C
    : S extends { readonly enum: readonly (infer E)[] }
      ? E
      : S extends { readonly properties: object }
        ? OrNull<
            S extends { readonly allOf: infer A extends readonly unknown[] }
              ? FromObject<S, Known, Root, Mode> & AllOf<A, Known, Root, Mode>
              : FromObject<S, Known, Root, Mode>,
            S
          >
        : S extends { readonly anyOf: infer A extends readonly unknown[] }
          ? OrNull<Each<A[number], Known, Root, Mode>, S>
          : S extends { readonly oneOf: infer A extends readonly unknown[] }
            ? OrNull<Each<A[number], Known, Root, Mode>, S>
            : S extends { readonly allOf: infer A extends readonly unknown[] }
              ? OrNull<AllOf<A, Known, Root, Mode>, S>
              : S extends { readonly type: infer T }
                ? OrNull<
                    FromTypeName<T extends readonly (infer N)[] ? N : T, S, Known, Root, Mode>,
                    S
                  >
                : S extends { readonly items: unknown }
                  ? OrNull<FromArray<S, Known, Root, Mode>, S>
                  : unknown

/** `nullable: true`, or `'null'` in a `type` array, adds `null`. */
type OrNull<T, S> = S extends { readonly nullable: true }
  ? T | null
  : S extends { readonly type: readonly unknown[] }
    ? 'null' extends S['type'][number]
      ? T | null
      : T
    : T

/** Distributes over a union of schemas. */
type Each<U, Known, Root, Mode> = U extends unknown ? Infer<U, Known, Root, Mode> : never

type AllOf<A, Known, Root, Mode> = A extends readonly [infer Head, ...infer Tail]
  ? Infer<Head, Known, Root, Mode> & AllOf<Tail, Known, Root, Mode>
  : unknown

type FromTypeName<N, S, Known, Root, Mode> = N extends 'string'
  ? string
  : N extends 'integer' | 'number'
    ? number
    : N extends 'boolean'
      ? boolean
      : N extends 'null'
        ? null
        : N extends 'object'
          ? FromObject<S, Known, Root, Mode>
          : N extends 'array'
            ? FromArray<S, Known, Root, Mode>
            : unknown

/** The `required` names (none when the array was not written as a literal). */
type RequiredKey<S> = S extends { readonly required: readonly (infer K)[] }
  ? string extends K
    ? never
    : K
  : never

/** The properties that are present: `required`, and (what the validator produces) those with a `default`. */
type PresentKey<S, P, Mode> =
  | RequiredKey<S>
  | (Mode extends 'request'
      ? { [K in keyof P]: P[K] extends { readonly default: unknown } ? K : never }[keyof P]
      : never)

type Flatten<T> = { [K in keyof T]: T[K] }

type FromObject<S, Known, Root, Mode> = S extends { readonly properties: infer P extends object }
  ? [keyof P] extends [never]
    ? FreeObject<S, Known, Root, Mode>
    : PresentKey<S, P, Mode> extends infer Present
      ? Flatten<
          {
            -readonly [K in keyof P as K extends Present ? K : never]: Infer<
              P[K],
              Known,
              Root,
              Mode
            >
          } & {
            -readonly [K in keyof P as K extends Present ? never : K]?: Infer<
              P[K],
              Known,
              Root,
              Mode
            >
          }
        >
      : never
  : FreeObject<S, Known, Root, Mode>

/** An object without declared properties: its values are what `additionalProperties` allows. */
type FreeObject<S, Known, Root, Mode> = S extends { readonly additionalProperties: false }
  ? { [key: string]: never }
  : S extends { readonly additionalProperties: infer A extends object }
    ? { [key: string]: Infer<A, Known, Root, Mode> }
    : S extends { readonly patternProperties: infer P extends object }
      ? { [key: string]: Each<P[keyof P], Known, Root, Mode> }
      : { [key: string]: unknown }

/**
 * `items` as a schema: an array of it. `items` as an array (Draft 7 tuples): an array of the union of
 * its schemas (JSON Schema allows a shorter or longer array, so a tuple type would refuse valid
 * values such as `[]`).
 */
type FromArray<S, Known, Root, Mode> = S extends { readonly items: infer I }
  ? I extends readonly unknown[]
    ? Each<I[number], Known, Root, Mode>[]
    : Infer<I, Known, Root, Mode>[]
  : unknown[]

/** A JSON pointer step that leads nowhere. */
interface Missing {
  readonly '~missing': true
}

type Walk<S, Pointer> = Pointer extends `/${infer Step}/${infer Rest}`
  ? Step extends keyof S
    ? Walk<S[Step], `/${Rest}`>
    : Missing
  : Pointer extends `/${infer Step}`
    ? Step extends keyof S
      ? S[Step]
      : Missing
    : Pointer extends ''
      ? S
      : Missing

type AtPointer<Doc, Pointer, Known, Mode> =
  Walk<Doc, Pointer> extends infer Target
    ? Target extends Missing
      ? unknown
      : Infer<Target, Known, Doc, Mode>
    : never

/**
 * `#/definitions/x` (inside the current document), `id#`, `id`, `id#/properties/x` (a shared
 * schema, or a place inside it). Anything else, or an id the types do not know, is `unknown`.
 */
type FromRef<Ref, Known, Root, Mode> = Ref extends `#${infer Pointer}`
  ? AtPointer<Root, Pointer, Known, Mode>
  : Ref extends `${infer Id}#${infer Pointer}`
    ? Id extends keyof Known
      ? AtPointer<Known[Id], Pointer, Known, Mode>
      : unknown
    : Ref extends keyof Known
      ? Infer<Known[Ref], Known, Known[Ref], Mode>
      : unknown
