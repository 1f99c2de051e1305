import { isObject } from './json.js'

/**
 * The media types of a body or response schema declared by content type (Fastify's
 * `{ content: { 'application/json': { schema } } }`): `[type, schema]` pairs, or undefined for an
 * ordinary schema (every entry must hold a `schema`, as the framework reads it).
 *
 * @example
 * contentSchemas({ content: { 'text/plain': { schema: { type: 'string' } } } })
 * // [['text/plain', { type: 'string' }]]
 */
export function contentSchemas(value: unknown): Array<[string, unknown]> | undefined {
  if (!isObject(value) || !isObject(value.content)) return undefined
  const content = value.content
  const types = Object.keys(content)
  if (types.length === 0) return undefined
  const pairs: Array<[string, unknown]> = []
  for (const type of types) {
    const entry = content[type]
    if (!isObject(entry) || entry.schema === undefined || entry.schema === null) return undefined
    pairs.push([type, entry.schema])
  }
  return pairs
}
