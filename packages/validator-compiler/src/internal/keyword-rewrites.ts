import { cloneSchema } from './clone-schema.js'
import { stableKey } from './stable-key.js'

/**
 * What Ajv keywords rewrote in a compiled copy of a route schema (a keyword whose `compile`
 * changes its parent schema, as @fastify/multipart's `isFile` sets `type: 'string'` and
 * `format: 'binary'`). Fastify compiles the route's own schema object, so such rewrites show in
 * `request.routeOptions.schema` and in the documents generated from it; the framework compiles a
 * copy, and hands the rewrites back to the route's object with `apply`.
 */
export interface KeywordRewrites {
  /** Copies the rewrites onto a route schema deeply equal to the one compiled. */
  apply(original: unknown): void
}

/** A snapshot of the prepared copy before Ajv sees it. */
export function snapshot(prepared: unknown): unknown {
  return cloneSchema(prepared)
}

/** The rewrites between the snapshot and the copy Ajv compiled, or undefined when none. */
export function rewritesOf(before: unknown, after: unknown): KeywordRewrites | undefined {
  const key = stableKey(after)
  if (key === undefined || key === stableKey(before)) return undefined
  return { apply: (original) => patch(original, before, after) }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Walks the original, the snapshot and the compiled copy side by side, by key: a key the copy
 * changed is set (a copy of its new value), a key it removed is deleted. Keys the preparation
 * itself renamed (lower-cased header names) do not line up and are left alone.
 */
function patch(original: unknown, before: unknown, after: unknown): void {
  if (!isRecord(original) || !isRecord(before) || !isRecord(after)) return
  if (Object.isFrozen(original)) return
  for (const key of Object.keys(before)) {
    if (!(key in after) && key in original) delete original[key]
  }
  for (const key of Object.keys(after)) {
    const now = after[key]
    const was = before[key]
    if (!(key in before)) {
      original[key] = cloneSchema(now)
      continue
    }
    if (!(key in original)) continue
    if (isRecord(now) && isRecord(was) && Array.isArray(now) === Array.isArray(was)) {
      patch(original[key], was, now)
    } else if (stableKey(now) !== stableKey(was)) {
      original[key] = cloneSchema(now)
    }
  }
}
