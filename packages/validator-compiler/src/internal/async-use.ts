import { forEachChild, isNode, type SchemaNode, walkSchema } from './schema-walk.js'

/** Resolves a reference against a base URI, as Ajv does (its `uriResolver.resolve`). */
export type ResolveUri = (base: string, ref: string) => string

/** Tells whether `$async` appears in `schema` or any of its subschemas. */
export function hasAsync(schema: unknown): boolean {
  let found = false
  walkSchema(schema, (node) => {
    if ('$async' in node) found = true
  })
  return found
}

/**
 * The ids (URIs without fragment) of the schemas `schema` refers to outside itself: every `$ref`
 * resolved against the `$id`s above it (`$merge`/`$patch` sources included, as the walk visits
 * them), minus the ids `schema` declares itself.
 */
export function externalRefs(schema: unknown, resolve: ResolveUri): Set<string> {
  const refs = new Set<string>()
  const own = new Set<string>()
  const visit = (node: SchemaNode, parentBase: string): void => {
    let base = parentBase
    if (typeof node.$id === 'string') {
      base = withoutFragment(resolve(parentBase, node.$id))
      own.add(base)
    }
    if (typeof node.$ref === 'string') refs.add(withoutFragment(resolve(base, node.$ref)))
    forEachChild(node, (child) => visit(child, base))
  }
  if (isNode(schema)) visit(schema, '')
  refs.delete('')
  for (const id of own) refs.delete(id)
  return refs
}

/** Ajv's form of a schema id: the URI without its fragment. */
export function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#')
  return hash === -1 ? uri : uri.slice(0, hash)
}
