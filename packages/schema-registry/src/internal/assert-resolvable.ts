import { createError } from '@framework/error-formatter'
import type { JsonSchema } from '../json-schema.js'
import { hasResourceId, type RefLocator } from './ref-locator.js'
import { isObject, subschemasOf } from './subschemas.js'

interface Pending {
  node: Record<string, unknown>
  /** The schema resource `node` belongs to: its `#...` references resolve there. */
  base: JsonSchema
  /** The shared schema `node` was reached in, for the error message. */
  sharedId: string | undefined
}

/**
 * Describes where a reference sits for FRM_ERR_SCHEMA_REF_NOT_FOUND: the caller's `where`, plus
 * the shared schema holding the reference when it is not the schema the caller passed.
 */
export function describeWhere(where: string | undefined, sharedId: string | undefined): string {
  const place = where ?? 'the schema'
  return sharedId === undefined ? place : `${place} (inside shared schema '${sharedId}')`
}

/**
 * Walks `schema` and every schema its references lead to (transitively, through shared schemas)
 * and throws FRM_ERR_SCHEMA_REF_NOT_FOUND for the first `$ref` that does not resolve. Only the
 * part of a shared schema a reference points at is followed, as a compiler would.
 */
export function assertResolvable(
  schema: JsonSchema,
  locator: RefLocator,
  where: string | undefined,
): void {
  if (!isObject(schema)) return
  const seen = new Set<object>()
  const stack: Pending[] = [{ node: schema, base: schema, sharedId: undefined }]
  while (stack.length > 0) {
    const { node, base: inherited, sharedId } = stack.pop()!
    if (seen.has(node)) continue
    seen.add(node)
    // An embedded `$id` (not an anchor) starts a resource of its own.
    const base = node !== inherited && hasResourceId(node) ? node : inherited
    const ref = node.$ref
    if (typeof ref === 'string') {
      const target = locator.locate(ref, base)
      if (target === undefined) {
        throw createError('FRM_ERR_SCHEMA_REF_NOT_FOUND', ref, describeWhere(where, sharedId))
      }
      if (isObject(target.schema)) {
        stack.push({
          node: target.schema,
          base: target.resource,
          sharedId: target.sharedId ?? sharedId,
        })
      }
    }
    const children = subschemasOf(node)
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i]!.schema, base, sharedId })
    }
  }
}
