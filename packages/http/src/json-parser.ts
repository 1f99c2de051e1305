import { createError } from '@framework/error-formatter'
import secureJson from 'secure-json-parse'

/** Refuses `__proto__` keys and `constructor.prototype`; `safe` turns a refusal into `null`. */
const PARSE_OPTIONS = { protoAction: 'error', constructorAction: 'error', safe: true } as const

/** Longest quoted input kept in an invalid-JSON message. */
const MAX_QUOTED_INPUT = 40

/**
 * The JSON content-type parser: parses a request body (already decoded to a string) with
 * secure-json-parse.
 *
 * - a body that is empty or only whitespace → `FRM_ERR_CTP_EMPTY_JSON_BODY` (400), naming the
 *   request's content type;
 * - invalid JSON → `FRM_ERR_CTP_INVALID_JSON` (400), with the parser's reason (any quoted input
 *   cut to 40 characters);
 * - a `__proto__` key or a `constructor` key holding a `prototype` key, at any depth →
 *   `FRM_ERR_CTP_FORBIDDEN_PROPERTY` (400).
 *
 * @example
 * jsonParser({ headers: { 'content-type': 'application/json' } }, '{"a":1}') // { a: 1 }
 * jsonParser({ headers: { 'content-type': 'application/json' } }, '{"__proto__":{}}')
 * // throws FRM_ERR_CTP_FORBIDDEN_PROPERTY
 */
export const jsonParser = (
  request: { headers: Record<string, unknown> },
  body: string,
): unknown => {
  let value: unknown
  try {
    value = secureJson.parse(body, null, PARSE_OPTIONS)
  } catch (error) {
    if (body.trim() === '') {
      throw createError('FRM_ERR_CTP_EMPTY_JSON_BODY', contentTypeOf(request))
    }
    throw createError('FRM_ERR_CTP_INVALID_JSON', reasonOf(error))
  }
  // `safe` answers null for a forbidden key; a body that is the JSON literal null is fine.
  if (value === null && body.trim() !== 'null') {
    throw createError('FRM_ERR_CTP_FORBIDDEN_PROPERTY')
  }
  return value
}

function contentTypeOf(request: { headers: Record<string, unknown> }): string {
  const contentType = request.headers['content-type']
  return typeof contentType === 'string' ? contentType : 'application/json'
}

/** The parser's reason, with any quoted piece of the input cut short: a message never echoes a huge body. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/"(.*)"/s, (quoted, inner: string) =>
    inner.length > MAX_QUOTED_INPUT ? `"${inner.slice(0, MAX_QUOTED_INPUT)}..."` : quoted,
  )
}
