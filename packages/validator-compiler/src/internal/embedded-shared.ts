import { createError } from '@framework/error-formatter'
import { type ResolveUri, withoutFragment } from './async-use.js'
import { forEachChild, isNode, type SchemaNode } from './schema-walk.js'
import { stableKey } from './stable-key.js'

/** A shared schema as it will be added to Ajv: its key in `getSchemas()` and its prepared copy. */
export interface PreparedShared {
  key: string
  schema: unknown
}

/**
 * Lets a shared schema embed another shared schema, `$id` included (`properties: { b: bSchema }`
 * after `addSchema(bSchema)`), as Fastify allows. Ajv refuses two schemas under one id, whatever
 * the order they are added in, so each embedded copy of a shared schema becomes a `$ref` to it in
 * the prepared copies (never in the user's objects): the same validation, one schema per id.
 *
 * @throws FRM_ERR_SCHEMA_INVALID when the embedded copy differs from the shared schema of that id,
 * which would leave `<id>#` meaning two different schemas
 */
export function linkEmbeddedShared(shared: readonly PreparedShared[], resolve: ResolveUri): void {
  const byId = new Map<string, PreparedShared>()
  for (const entry of shared) {
    if (isNode(entry.schema)) byId.set(rootId(entry, resolve), entry)
  }
  if (byId.size < 2) return
  for (const entry of shared) {
    if (!isNode(entry.schema)) continue
    const base = rootId(entry, resolve)
    forEachChild(entry.schema, (child) => link(child, base, entry, byId, resolve))
  }
}

function link(
  node: SchemaNode,
  parentBase: string,
  owner: PreparedShared,
  byId: ReadonlyMap<string, PreparedShared>,
  resolve: ResolveUri,
): void {
  let base = parentBase
  if (typeof node.$id === 'string' && !node.$id.startsWith('#')) {
    base = withoutFragment(resolve(parentBase, node.$id))
    const target = byId.get(base)
    if (target !== undefined && target !== owner) {
      if (stableKey(node) !== stableKey(target.schema)) {
        throw createError(
          'FRM_ERR_SCHEMA_INVALID',
          `shared schema '${owner.key}' embeds a schema with $id '${node.$id}' that differs from the shared schema '${target.key}': embed the very schema added, or refer to it with { $ref: '${target.key}#' }`,
        )
      }
      for (const key of Object.keys(node)) delete node[key]
      node.$ref = `${base}#`
      return
    }
  }
  forEachChild(node, (child) => link(child, base, owner, byId, resolve))
}

/**
 * The route-part counterpart of `linkEmbeddedShared`: a route schema may embed a shared schema,
 * `$id` included (`querystring: app.getSchema('user')`), as Fastify allows when the copy equals
 * the shared schema. Each such embedded copy (the root included) becomes a `$ref` to the shared
 * schema, so Ajv sees one schema per id. A copy that differs is left as it is: Ajv then refuses
 * it, as it does in Fastify ("reference resolves to more than one schema").
 *
 * @param sharedKeys the `stableKey` of each prepared shared schema (before linking), by id
 * @returns the schema to compile: `schema` changed in place, or a new root `{ $ref }`
 */
export function linkRouteToShared(
  schema: unknown,
  sharedKeys: ReadonlyMap<string, string | undefined>,
  resolve: ResolveUri,
): unknown {
  if (!isNode(schema) || sharedKeys.size === 0) return schema
  const replace = (node: SchemaNode, base: string): string | undefined => {
    if (typeof node.$id !== 'string' || node.$id.startsWith('#')) return undefined
    const id = withoutFragment(resolve(base, node.$id))
    const key = sharedKeys.get(id)
    return key !== undefined && key === stableKey(node) ? `${id}#` : undefined
  }
  const rootRef = replace(schema, '')
  if (rootRef !== undefined) return { $ref: rootRef }
  const visit = (node: SchemaNode, parentBase: string): void => {
    forEachChild(node, (child) => {
      const ref = replace(child, parentBase)
      if (ref !== undefined) {
        for (const key of Object.keys(child)) delete child[key]
        child.$ref = ref
        return
      }
      const id = child.$id
      visit(child, typeof id === 'string' ? withoutFragment(resolve(parentBase, id)) : parentBase)
    })
  }
  const rootIdOf = schema.$id
  visit(schema, typeof rootIdOf === 'string' ? withoutFragment(resolve('', rootIdOf)) : '')
  return schema
}

function rootId(entry: PreparedShared, resolve: ResolveUri): string {
  const id = (entry.schema as SchemaNode).$id
  return withoutFragment(resolve('', typeof id === 'string' ? id : entry.key))
}
