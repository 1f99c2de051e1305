/**
 * Keywords whose value may be an object or a boolean: a top-level key of that name with such a
 * value makes the schema a full JSON Schema rather than the shorthand (the same rule as
 * `expandShorthand` of `@framework/schema-registry`).
 */
type SchemaValuedKeyword =
  | 'const'
  | 'default'
  | 'example'
  | 'additionalProperties'
  | 'unevaluatedProperties'
  | 'propertyNames'
  | 'items'
  | 'additionalItems'
  | 'unevaluatedItems'
  | 'contains'
  | 'not'
  | 'if'
  | 'then'
  | 'else'
  | 'contentSchema'

type BooleanKeyword =
  | SchemaValuedKeyword
  | 'nullable'
  | 'readOnly'
  | 'writeOnly'
  | 'deprecated'
  | 'uniqueItems'
  | '$async'
  | 'exclusiveMaximum'
  | 'exclusiveMinimum'

type ObjectKeyword =
  | SchemaValuedKeyword
  | '$merge'
  | '$patch'
  | 'properties'
  | 'patternProperties'
  | 'dependencies'
  | 'dependentSchemas'
  | 'dependentRequired'
  | 'definitions'
  | '$defs'
  | 'discriminator'
  | 'errorMessage'

/** The top-level keys that make `S` a full schema (a keyword, or a value that is no schema). */
type NotAProperty<S> = {
  [K in keyof S]-?: K extends 'required'
    ? never
    : S[K] extends readonly unknown[]
      ? K
      : S[K] extends boolean
        ? K extends BooleanKeyword
          ? K
          : never
        : S[K] extends object
          ? K extends ObjectKeyword
            ? K
            : never
          : K
}[keyof S]

/**
 * Whether a request-part or response schema is the shorthand of specification 2.4 (properties at
 * the top level, `type` and `properties` left out).
 */
type IsShorthand<S> = S extends
  | { readonly type: string | readonly string[] }
  | { readonly $ref: string }
  | { readonly properties: object }
  ? false
  : S extends object
    ? string extends keyof S
      ? false
      : '~standard' extends keyof S
        ? false
        : [Exclude<keyof S, 'required'>] extends [never]
          ? false
          : [NotAProperty<S>] extends [never]
            ? true
            : false
    : false

/**
 * A request-part or response schema with the shorthand expanded, as the runtime expands it.
 *
 * @example
 * type Full = ExpandShorthand<{ id: { type: 'integer' } }>
 * // { type: 'object'; properties: { id: { type: 'integer' } } }
 */
export type ExpandShorthand<S> =
  IsShorthand<S> extends true
    ? S extends { readonly required: infer R }
      ? { type: 'object'; properties: Omit<S, 'required'>; required: R }
      : { type: 'object'; properties: S }
    : S
