/**
 * The shared schemas every instance knows by type, keyed by `$id` (without a trailing `#`).
 * Augment it once, and `{ $ref: 'user#' }` infers in every route, plugins in other files included:
 *
 * @example
 * const user = { $id: 'user', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const
 * declare module 'framework' {
 *   interface SharedSchemas { user: typeof user }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface SharedSchemas {}

/**
 * The key `addSchema(schema)` files a schema under: its literal `$id` without a trailing `#`
 * (nothing when the `$id` is not a literal the types can read).
 *
 * @example
 * type Entry = SchemaEntry<{ $id: 'user#'; type: 'object' }> // { user: { $id: 'user#'; type: 'object' } }
 */
export type SchemaEntry<T> = T extends { readonly $id: infer Id extends string }
  ? string extends Id
    ? {}
    : { [K in Id extends `${infer Bare}#` ? Bare : Id]: T }
  : {}

/**
 * Every shared schema a context knows by type: the augmented `SharedSchemas` and those its
 * instance type collected through `addSchema`.
 */
export type KnownSchemas<Local> = SharedSchemas & Local
