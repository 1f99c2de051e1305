/** The other schemas one schema refers to, as {@link schemaRefs} finds them. */
export interface SchemaRefs {
  /** The ids named before the `#` of each `$ref` that is not local (`user` for `user#/definitions/a`). */
  readonly ids: readonly string[]
  /**
   * Every id involved is a plain name (no `:`, `/` or `%`) and the schema embeds no other schema
   * with its own `$id`: each `$ref` then names a shared schema by its exact id, with no base URI
   * to resolve it against.
   */
  readonly plain: boolean
}

const notPlain = /[:/%]/

/**
 * Lists the schema ids a schema refers to. Every object inside is looked at, not only the
 * subschema keywords, so the list is never short of a reference the serializer builder follows.
 *
 * @example
 * schemaRefs({ properties: { a: { $ref: 'user#' }, b: { $ref: '#/definitions/b' } } })
 * // { ids: ['user'], plain: true }
 */
export function schemaRefs(schema: unknown): SchemaRefs {
  const ids = new Set<string>()
  let plain = true
  const rootId = (schema as { $id?: unknown } | null)?.$id
  if (typeof rootId === 'string' && notPlain.test(rootId)) plain = false

  const seen = new Set<object>()
  const visit = (node: unknown, isRoot: boolean): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) {
      for (const item of node) visit(item, false)
      return
    }
    const record = node as Record<string, unknown>
    const ref = record.$ref
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const hash = ref.indexOf('#')
      const id = hash === -1 ? ref : ref.slice(0, hash)
      ids.add(id)
      if (notPlain.test(id)) plain = false
    }
    const id = record.$id
    if (!isRoot && typeof id === 'string' && !id.startsWith('#')) plain = false
    for (const key of Object.keys(record)) visit(record[key], false)
  }
  visit(schema, true)
  return { ids: [...ids], plain }
}
