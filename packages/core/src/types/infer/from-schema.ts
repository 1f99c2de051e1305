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
 * The keys that take a schema off the fast path: a Standard Schema value, a TypeBox schema, and the
 * JSON Schema keywords that change what `type` alone would say. (A schema type with an index
 * signature, not a literal, is read as `unknown`.)
 */
type SpecialKey =
  | '~standard'
  | 'static'
  | '$ref'
  | 'const'
  | 'enum'
  | 'anyOf'
  | 'oneOf'
  | 'allOf'
  | 'nullable'

/**
 * A schema with one of the special keys (`SpecialKey`), as one fixed type: asking whether a schema
 * is assignable to it instantiates nothing, where `[keyof S & SpecialKey] extends [never]` built
 * three types per schema (issue 33). Asked that way round (special schemas in the true branch), the
 * common schemas are read in the false branch, where `S` is not narrowed (a narrowed `S` is one
 * more type to instantiate at each use).
 */
type SpecialShape = { [K in SpecialKey]: { readonly [Key in K]: unknown } }[SpecialKey]

/**
 * A schema of any kind, inside the document `Root` (for `#/...` references). `any` and `unknown`
 * give `unknown`; a union of schemas gives the union of their types. Written for the type
 * checker's sake: most schemas are a `type` with `properties` or a leaf, and they are read with
 * key lookups (`'type' extends keyof S`, `S['type']`), which cost it less than `infer` patterns;
 * `infer` is left to the rarer keywords. The common path is written out here rather than in an alias
 * of its own (`FromShape`, used by the special keywords): each alias step instantiates its type
 * arguments again.
 */
type Infer<S, Known, Root, Mode> = unknown extends S
  ? unknown
  : S extends SpecialShape
    ? Special<S, Known, Root, Mode>
    : string extends keyof S
      ? unknown
      : 'type' extends keyof S
        ? ByType<S['type' & keyof S], S, Known, Root, Mode>
        : 'properties' extends keyof S
          ? FromObject<S, Known, Root, Mode>
          : 'items' extends keyof S
            ? FromArray<S, Known, Root, Mode>
            : S extends false
              ? never
              : unknown

/** What a schema's `type`, else its `properties` or `items`, say (`false` allows nothing). */
type FromShape<S, Known, Root, Mode> = 'type' extends keyof S
  ? ByType<S['type' & keyof S], S, Known, Root, Mode>
  : 'properties' extends keyof S
    ? FromObject<S, Known, Root, Mode>
    : 'items' extends keyof S
      ? FromArray<S, Known, Root, Mode>
      : S extends false
        ? never
        : unknown

/** The types of the primitive `type` names. */
interface Primitives {
  string: string
  integer: number
  number: number
  boolean: boolean
  null: null
}

/** A `type` name (distributes over a `type` array); `object` reads as `FromObject` does, written out. */
type ByType<T, S, Known, Root, Mode> = T extends keyof Primitives
  ? Primitives[T]
  : T extends 'object'
    ? 'properties' extends keyof S
      ? ObjectOf<S['properties' & keyof S], S, Known, Root, Mode>
      : FreeObject<S, Known, Root, Mode>
    : T extends 'array'
      ? FromArray<S, Known, Root, Mode>
      : T extends readonly (infer N)[]
        ? ByType<N, S, Known, Root, Mode>
        : unknown

/** A Standard Schema value, a TypeBox schema, or a JSON Schema with one of the special keywords. */
type Special<S, Known, Root, Mode> = S extends {
  readonly '~standard': { readonly types?: infer T }
}
  ? StandardType<T, Mode>
  : S extends { readonly static: infer T }
    ? T
    : string extends keyof S
      ? unknown
      : S extends { readonly $ref: infer Ref extends string }
        ? FromRef<Ref, Known, Root, Mode>
        : S extends { readonly const: infer C }
          ? C
          : S extends { readonly enum: readonly (infer E)[] }
            ? E
            : S extends { readonly nullable: true }
              ? Combined<S, Known, Root, Mode> | null
              : Combined<S, Known, Root, Mode>

/** What a schema's `anyOf`/`oneOf`/`allOf`, else its `type`, `properties` or `items`, say. */
type Combined<S, Known, Root, Mode> = S extends {
  readonly anyOf: infer A extends readonly unknown[]
}
  ? Each<A[number], Known, Root, Mode>
  : S extends { readonly oneOf: infer A extends readonly unknown[] }
    ? Each<A[number], Known, Root, Mode>
    : S extends { readonly allOf: infer A extends readonly unknown[] }
      ? S extends { readonly properties: object }
        ? FromObject<S, Known, Root, Mode> & AllOf<A, Known, Root, Mode>
        : AllOf<A, Known, Root, Mode>
      : FromShape<S, Known, Root, Mode>

/** A Standard Schema's output type (what validation produces), or its input type for replies. */
type StandardType<T, Mode> =
  NonNullable<T> extends { readonly input: infer I; readonly output: infer O }
    ? Mode extends 'reply'
      ? I
      : O
    : unknown

/** Distributes over a union of schemas. */
type Each<U, Known, Root, Mode> = U extends unknown ? Infer<U, Known, Root, Mode> : never

type AllOf<A, Known, Root, Mode> = A extends readonly [infer Head, ...infer Tail]
  ? Infer<Head, Known, Root, Mode> & AllOf<Tail, Known, Root, Mode>
  : unknown

/**
 * The properties that are present: `required`, and (what the validator produces, not a reply) those
 * with a `default`. Whether any property has a `default` is asked first, of all of them at once
 * (most objects have none), so the per-property lookup is built only where one does.
 */
type Present<S, P, Mode> =
  | ('required' extends keyof S ? RequiredKey<S['required' & keyof S]> : never)
  | (Mode extends 'reply'
      ? never
      : P[keyof P] extends NoDefault
        ? never
        : { [K in keyof P]: 'default' extends keyof P[K] ? K : never }[keyof P])

/** A property schema without `default` (the index signature keeps it from being a "weak" type). */
interface NoDefault {
  readonly [key: string]: unknown
  readonly default?: never
}

/** The `required` names (none when the array was not written as a literal). */
type RequiredKey<R> = R extends readonly (infer K)[] ? (string extends K ? never : K) : never

type Flatten<T> = { [K in keyof T]: T[K] }

/** An object schema: its `properties`, else what `additionalProperties`/`patternProperties` allow. */
type FromObject<S, Known, Root, Mode> = 'properties' extends keyof S
  ? ObjectOf<S['properties' & keyof S], S, Known, Root, Mode>
  : FreeObject<S, Known, Root, Mode>

type ObjectOf<P, S, Known, Root, Mode> = [keyof P] extends [never]
  ? FreeObject<S, Known, Root, Mode>
  : Mode extends 'body'
    ? Open<S, Props<P, Present<S, P, Mode>, Known, Root, Mode>>
    : Props<P, Present<S, P, Mode>, Known, Root, Mode>

/**
 * A body object keeps the properties its schema does not name (the validator removes them only
 * under `additionalProperties: false`): readable, as `unknown`.
 */
type Open<S, T> = S extends { readonly additionalProperties: false }
  ? T
  : T & { [key: string]: unknown }

/**
 * The object type of `properties` P with the present keys R: one mapped type when all or none are
 * present (the common cases, and the cheap ones), two joined otherwise.
 */
type Props<P, R, Known, Root, Mode> = keyof P extends R
  ? { -readonly [K in keyof P]: Infer<P[K], Known, Root, Mode> }
  : [R] extends [never]
    ? { -readonly [K in keyof P]?: Infer<P[K], Known, Root, Mode> }
    : Flatten<
        { -readonly [K in R & keyof P]: Infer<P[K], Known, Root, Mode> } & {
          -readonly [K in Exclude<keyof P, R>]?: Infer<P[K], Known, Root, Mode>
        }
      >

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
