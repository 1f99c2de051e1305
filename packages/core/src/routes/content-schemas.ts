import type { JsonSchema } from '../contracts/compilers.js'

/** One media type's entry of a `content` map: `{ schema }` (OpenAPI's media type object). */
interface MediaEntry {
  schema: JsonSchema
  [other: string]: unknown
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * The `content` map of a body or response schema declared by content type (Fastify 4.9 for
 * responses, 4.29 for bodies): `{ content: { 'application/json': { schema }, ... } }`. Returns the
 * map itself (each value holds its `schema`), or undefined when `value` is an ordinary schema (a
 * shorthand may still declare a property named `content`: its keys are not media types, or its
 * values do not each hold a `schema`). An empty map (`content: {}`) declares no schema at all, as
 * in Fastify.
 *
 * @example
 * contentMap({ content: { 'text/plain': { schema: { type: 'string' } } } })
 * // { 'text/plain': { schema: { type: 'string' } } }
 */
export function contentMap(value: unknown): Record<string, MediaEntry> | undefined {
  if (!isPlainObject(value)) return undefined
  const content = value.content
  if (!isPlainObject(content)) return undefined
  for (const type of Object.keys(content)) {
    const entry = content[type]
    if (!isPlainObject(entry) || entry.schema === undefined || entry.schema === null) {
      return undefined
    }
  }
  return content as Record<string, MediaEntry>
}

/**
 * The first key of a `content` map whose entry holds no `schema`, when `value` reads as such a
 * map (an object under `content` with a media type key, `type/subtype`, or an entry holding a
 * `schema`): Fastify refuses the route (`FRM_ERR_SCH_CONTENT_MISSING_SCHEMA`). A shorthand's
 * property named `content` (`{ content: { type: 'string' } }`) has neither.
 */
export function mediaTypeWithoutSchema(value: unknown): string | undefined {
  if (!isPlainObject(value)) return undefined
  const content = value.content
  if (!isPlainObject(content)) return undefined
  const types = Object.keys(content)
  const holdsSchema = (type: string): boolean => {
    const entry = content[type]
    return isPlainObject(entry) && entry.schema !== undefined && entry.schema !== null
  }
  if (!types.some((type) => type.includes('/') || holdsSchema(type))) return undefined
  return types.find((type) => !holdsSchema(type))
}

/**
 * The media type a `content` key is looked up by: lower-cased, parameters dropped
 * (`Application/JSON; charset=utf-8` → `application/json`).
 */
export function mediaKey(type: string): string {
  const semicolon = type.indexOf(';')
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase()
}
