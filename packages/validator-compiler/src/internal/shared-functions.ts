import type { Ajv } from 'ajv'

/*
 * Shared schemas compiled once, called by every route that refers to them.
 *
 * By default Ajv inlines a referenced schema that has no references of its own: every route that
 * says `$ref: 'address#'` gets its own copy of the code that checks an address. With hundreds of
 * routes over a few shared schemas, that copy is most of the code Ajv generates and most of the
 * start-up time (1000 routes of the start-up bench: 9.2 kB of code per body validator, 4.2 kB
 * without the copies).
 *
 * Ajv's own switch (`inlineRefs: false`) also stops inlining `#/definitions/...` inside a route's
 * schema, and it changes `schemaPath` in the errors of every referenced schema. So the compiler
 * does it only for shared schemas, and keeps the errors as Ajv reports them when it inlines:
 *
 * - Ajv inlines a schema unless it finds one of its reference keywords in it. A ref-free shared
 *   schema gets `$recursiveAnchor: false` (a no-op: draft-07 has no such keyword, and in 2019-09
 *   `false` means "not an anchor"), so Ajv compiles it once as a function of its own;
 * - an inlined schema reports `schemaPath` from the reference that inlined it
 *   (`address#/properties/zip/pattern`); a function of its own reports from its root (`#/...`). The
 *   shared schema's entry in Ajv gets `address#` as its root path, so its errors read as before for
 *   references written `<id>#`, the form of specification 2.5.
 *
 * Only with Ajv's default `inlineRefs: true`: a user who sets `inlineRefs` gets Ajv's behaviour.
 */

/** The keyword that makes Ajv compile a shared schema on its own instead of inlining it. */
const CALL_MARKER = '$recursiveAnchor'

/** Ajv's reference keywords: a schema holding any of them (at any depth) is never inlined. */
const REFERENCE_KEYWORDS = new Set([
  '$ref',
  '$recursiveRef',
  '$recursiveAnchor',
  '$dynamicRef',
  '$dynamicAnchor',
])

/** True when Ajv would inline `schema` (a copy the compiler owns) wherever it is referenced. */
function inlinedByAjv(schema: unknown): schema is Record<string, unknown> {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema) && !hasRef(schema)
}

/** Ajv's test, over every key at any depth (`default` and `enum` values included, as Ajv does). */
function hasRef(value: object): boolean {
  if (Array.isArray(value)) return value.some((item) => isObject(item) && hasRef(item))
  for (const key of Object.keys(value)) {
    if (REFERENCE_KEYWORDS.has(key)) return true
    const child = (value as Record<string, unknown>)[key]
    if (isObject(child) && hasRef(child)) return true
  }
  return false
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** Makes Ajv know the marker keyword, so that strict mode does not refuse it. */
export function allowCallMarker(ajv: Ajv): void {
  if (ajv.getKeyword(CALL_MARKER) === false) ajv.addKeyword({ keyword: CALL_MARKER })
}

/**
 * Marks a prepared shared schema to be compiled once and called, when Ajv would inline it.
 * Returns whether it did; call {@link setErrorRoot} after adding the schema to Ajv.
 */
export function markForCall(ajv: Ajv, schema: unknown): boolean {
  if (ajv.opts.inlineRefs !== true || !inlinedByAjv(schema)) return false
  schema[CALL_MARKER] = false
  return true
}

/**
 * Gives the added shared schema `id` the error root an inlined copy would have (`<id>#`), so its
 * errors keep their `schemaPath`.
 */
export function setErrorRoot(ajv: Ajv, id: string): void {
  const key = id.replace(/#\/?$/, '')
  const entry = ajv.schemas[key]
  if (entry !== undefined) entry.schemaPath = `${key}#`
}
