import { createError } from '@framework/error-formatter'
import secureJson from 'secure-json-parse'

/** What the JSON parser does with a `__proto__` key, or a `constructor` key holding `prototype`. */
export type PoisoningAction = 'error' | 'remove' | 'ignore'

/** Options of {@link buildJsonParser}: the factory options of the same names. */
export interface JsonParserOptions {
  /** `'error'` (default): 400; `'remove'`: the key is dropped; `'ignore'`: kept as an own key. */
  onProtoPoisoning?: PoisoningAction
  /** `'error'` (default): 400; `'remove'`: the key is dropped; `'ignore'`: kept. */
  onConstructorPoisoning?: PoisoningAction
}

/** The JSON content-type parser: a request (for its Content-Type) and the body string in. */
export type JsonParser = (request: { headers: Record<string, unknown> }, body: string) => unknown

const actions: readonly unknown[] = ['error', 'remove', 'ignore']

/** What secure-json-parse throws for a forbidden key outside `safe` mode. */
const FORBIDDEN_MESSAGE = 'Object contains forbidden prototype property'

/**
 * Builds a JSON content-type parser that parses a request body (already decoded to a string) with
 * secure-json-parse:
 *
 * - a body that is empty or only whitespace → `FRM_ERR_CTP_EMPTY_JSON_BODY` (400), naming the
 *   request's content type;
 * - invalid JSON → `FRM_ERR_CTP_INVALID_JSON_BODY` (400), naming the request's content type, as
 *   Fastify 5 answers (the parser's reason is the error's `cause`, never sent to the client);
 * - a `__proto__` key, or a `constructor` key holding a `prototype` key, at any depth: with the
 *   action `'error'` (the default) `FRM_ERR_CTP_FORBIDDEN_PROPERTY` (400); `'remove'` drops it;
 *   `'ignore'` keeps it.
 *
 * The options are read once here, not per request.
 *
 * @throws FRM_ERR_INVALID_OPTION for an action other than 'error', 'remove' or 'ignore'
 * @example
 * const parse = buildJsonParser({ onProtoPoisoning: 'remove' })
 * parse({ headers: {} }, '{"__proto__":{"admin":true},"a":1}') // { a: 1 }
 */
export function buildJsonParser(options: JsonParserOptions = {}): JsonParser {
  const protoAction = checkAction('onProtoPoisoning', options.onProtoPoisoning)
  const constructorAction = checkAction('onConstructorPoisoning', options.onConstructorPoisoning)
  // With both actions 'error', `safe` turns a refusal into null (cheaper than a SyntaxError). With
  // another action, `safe` would refuse too, so the refusal is told by secure-json-parse's message.
  const safe = protoAction === 'error' && constructorAction === 'error'
  const parseOptions = { protoAction, constructorAction, safe }
  return function jsonParser(request, body) {
    let value: unknown
    try {
      value = secureJson.parse(body, null, parseOptions)
    } catch (error) {
      if (body.trim() === '') {
        throw createError('FRM_ERR_CTP_EMPTY_JSON_BODY', contentTypeOf(request))
      }
      if (error instanceof SyntaxError && error.message === FORBIDDEN_MESSAGE) {
        throw createError('FRM_ERR_CTP_FORBIDDEN_PROPERTY')
      }
      throw createError('FRM_ERR_CTP_INVALID_JSON_BODY', contentTypeOf(request), { cause: error })
    }
    // `safe` answers null for a forbidden key; a body that is the JSON literal null is fine.
    if (value === null && safe && body.trim() !== 'null') {
      throw createError('FRM_ERR_CTP_FORBIDDEN_PROPERTY')
    }
    return value
  }
}

/**
 * The JSON content-type parser with the default actions (a `__proto__` or `constructor.prototype`
 * key is a 400); see {@link buildJsonParser}.
 *
 * @example
 * jsonParser({ headers: { 'content-type': 'application/json' } }, '{"a":1}') // { a: 1 }
 * jsonParser({ headers: { 'content-type': 'application/json' } }, '{"__proto__":{}}')
 * // throws FRM_ERR_CTP_FORBIDDEN_PROPERTY
 */
export const jsonParser: JsonParser = buildJsonParser()

function checkAction(name: string, value: unknown): PoisoningAction {
  if (value === undefined) return 'error'
  if (actions.includes(value)) return value as PoisoningAction
  throw createError(
    'FRM_ERR_INVALID_OPTION',
    name,
    `use 'error', 'remove' or 'ignore', received ${typeof value === 'string' ? `'${value}'` : typeof value}`,
  )
}

function contentTypeOf(request: { headers: Record<string, unknown> }): string {
  const contentType = request.headers['content-type']
  return typeof contentType === 'string' ? contentType : 'application/json'
}
