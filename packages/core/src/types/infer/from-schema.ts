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
  { known: Known; mode: Mode },
  S
>

/**
 * What the walk carries down a schema besides the document `#/...` references point into: the
 * shared schemas by id (`known`) and the side of the validator (`mode`). One type argument rather
 * than two, the same for every schema of a route's requests (or of its replies): each alias step
 * instantiates its type arguments again (issue 33).
 */
interface Context {
  readonly known: unknown
  readonly mode: InferMode
}

/**
 * The keys that take a schema off the fast path: a Standard Schema value, a TypeBox schema, and the
 * JSON Schema keywords that change what `type` alone would say. (A schema type with an index
 * signature has all of them, and is read as `unknown` there.)
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
 * A schema of any kind, inside the document `Root` (for `#/...` references). `any` and `unknown`
 * give `unknown`. Written for the type checker's sake: most schemas are a `type` with `properties`
 * or a leaf, and they are read with key lookups (`'type' extends keyof S`, `S['type']`), which cost
 * it less than `infer` patterns; `infer` is left to the rarer keywords. The special keys are asked
 * about without wrapping in a tuple (`[X] extends [never]` builds two more types per schema), and
 * the common path is written out here rather than in an alias of its own (`FromShape`, used by the
 * special keywords): each alias step instantiates its type arguments again (issue 33). `unknown` has
 * no keys and falls through to `unknown`; `any` has every key and is caught first in `Special`.
 */
type Infer<S, C extends Context, Root> = keyof S & SpecialKey extends never
  ? 'type' extends keyof S
    ? ByType<S['type' & keyof S], S, C, Root>
    : 'properties' extends keyof S
      ? FromObject<S, C, Root>
      : 'items' extends keyof S
        ? FromArray<S, C, Root>
        : S extends false
          ? never
          : unknown
  : Special<S, C, Root>

/** What a schema's `type`, else its `properties` or `items`, say (`false` allows nothing). */
type FromShape<S, C extends Context, Root> = 'type' extends keyof S
  ? ByType<S['type' & keyof S], S, C, Root>
  : 'properties' extends keyof S
    ? FromObject<S, C, Root>
    : 'items' extends keyof S
      ? FromArray<S, C, Root>
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
type ByType<T, S, C extends Context, Root> = T extends keyof Primitives
  ? Primitives[T]
  : T extends 'object'
    ? 'properties' extends keyof S
      ? ObjectOf<S['properties' & keyof S], S, C, Root>
      : FreeObject<S, C, Root>
    : T extends 'array'
      ? FromArray<S, C, Root>
      : T extends readonly (infer N)[]
        ? ByType<N, S, C, Root>
        : unknown

/** A Standard Schema value, a TypeBox schema, or a JSON Schema with one of the special keywords. */
type Special<S, C extends Context, Root> = unknown extends S
  ? unknown
  : S extends { readonly '~standard': { readonly types?: infer T } }
    ? StandardType<T, C['mode']>
    : S extends { readonly static: infer T }
      ? T
      : string extends keyof S
        ? unknown
        : S extends { readonly $ref: infer Ref extends string }
          ? FromRef<Ref, C, Root>
          : S extends { readonly const: infer C }
            ? C
            : S extends { readonly enum: readonly (infer E)[] }
              ? E
              : S extends { readonly nullable: true }
                ? Combined<S, C, Root> | null
                : Combined<S, C, Root>

/** What a schema's `anyOf`/`oneOf`/`allOf`, else its `type`, `properties` or `items`, say. */
type Combined<S, C extends Context, Root> = S extends {
  readonly anyOf: infer A extends readonly unknown[]
}
  ? Each<A[number], C, Root>
  : S extends { readonly oneOf: infer A extends readonly unknown[] }
    ? Each<A[number], C, Root>
    : S extends { readonly allOf: infer A extends readonly unknown[] }
      ? S extends { readonly properties: object }
        ? FromObject<S, C, Root> & AllOf<A, C, Root>
        : AllOf<A, C, Root>
      : FromShape<S, C, Root>

/** A Standard Schema's output type (what validation produces), or its input type for replies. */
type StandardType<T, Mode> =
  NonNullable<T> extends { readonly input: infer I; readonly output: infer O }
    ? Mode extends 'reply'
      ? I
      : O
    : unknown

/** Distributes over a union of schemas. */
type Each<U, C extends Context, Root> = U extends unknown ? Infer<U, C, Root> : never

type AllOf<A, C extends Context, Root> = A extends readonly [infer Head, ...infer Tail]
  ? Infer<Head, C, Root> & AllOf<Tail, C, Root>
  : unknown

/**
 * The properties that are present: `required`, and (what the validator produces, not a reply) those
 * with a `default`. Whether any property has a `default` is asked first, of all of them at once
 * (most objects have none), so the per-property lookup is built only where one does.
 */
type Present<S, P, C extends Context> =
  | (S extends { readonly required: readonly (infer K)[] } ? K : never)
  | (C['mode'] extends 'reply'
      ? never
      : 'default' extends KeysOfEach<P[keyof P]>
        ? { [K in keyof P]: 'default' extends keyof P[K] ? K : never }[keyof P]
        : never)

/** The keys of each member of a union (`keyof` of a union keeps only the keys they share). */
type KeysOfEach<U> = U extends unknown ? keyof U : never

type Flatten<T> = { [K in keyof T]: T[K] }

/** An object schema: its `properties`, else what `additionalProperties`/`patternProperties` allow. */
type FromObject<S, C extends Context, Root> = 'properties' extends keyof S
  ? ObjectOf<S['properties' & keyof S], S, C, Root>
  : FreeObject<S, C, Root>

type ObjectOf<P, S, C extends Context, Root> = keyof P extends never
  ? FreeObject<S, C, Root>
  : C['mode'] extends 'body'
    ? Open<S, Props<P, Present<S, P, C>, C, Root>>
    : Props<P, Present<S, P, C>, C, Root>

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
type Props<P, R, C extends Context, Root> = keyof P extends R
  ? { -readonly [K in keyof P]: Infer<P[K], C, Root> }
  : [R] extends [never]
    ? { -readonly [K in keyof P]?: Infer<P[K], C, Root> }
    : Flatten<
        { -readonly [K in R & keyof P]: Infer<P[K], C, Root> } & {
          -readonly [K in Exclude<keyof P, R>]?: Infer<P[K], C, Root>
        }
      >

/** An object without declared properties: its values are what `additionalProperties` allows. */
type FreeObject<S, C extends Context, Root> = S extends { readonly additionalProperties: false }
  ? { [key: string]: never }
  : S extends { readonly additionalProperties: infer A extends object }
    ? { [key: string]: Infer<A, C, Root> }
    : S extends { readonly patternProperties: infer P extends object }
      ? { [key: string]: Each<P[keyof P], C, Root> }
      : { [key: string]: unknown }

/**
 * `items` as a schema: an array of it. `items` as an array (Draft 7 tuples): an array of the union of
 * its schemas (JSON Schema allows a shorter or longer array, so a tuple type would refuse valid
 * values such as `[]`).
 */
type FromArray<S, C extends Context, Root> = S extends { readonly items: infer I }
  ? I extends readonly unknown[]
    ? Each<I[number], C, Root>[]
    : Infer<I, C, Root>[]
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

type AtPointer<Doc, Pointer, C extends Context> =
  Walk<Doc, Pointer> extends infer Target
    ? Target extends Missing
      ? unknown
      : Infer<Target, C, Doc>
    : never

/**
 * `#/definitions/x` (inside the current document), `id#`, `id`, `id#/properties/x` (a shared
 * schema, or a place inside it). Anything else, or an id the types do not know, is `unknown`.
 */
type FromRef<Ref, C extends Context, Root> = Ref extends `#${infer Pointer}`
  ? AtPointer<Root, Pointer, C>
  : Ref extends `${infer Id}#${infer Pointer}`
    ? Id extends keyof C['known']
      ? AtPointer<C['known'][Id], Pointer, C>
      : unknown
    : Ref extends keyof C['known']
      ? Infer<C['known'][Ref], C, C['known'][Ref]>
      : unknown
