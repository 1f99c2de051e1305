import { buildJsonParser, type JsonParserOptions, jsonParser } from './json-parser.js'

/**
 * One content-type parser as the core's `CoreOptions.contentTypeParsers` takes it: `type` is a
 * media type essence (`type/subtype`, lower case) or a RegExp tested against the lower-cased
 * essence; with `parseAs: 'string'` the core hands the parser the body decoded as UTF-8.
 *
 * @example
 * const csv: ContentTypeParserEntry = {
 *   type: 'text/csv',
 *   options: { parseAs: 'string' },
 *   parser: (_request, body) => body.split('\n').map((line) => line.split(',')),
 * }
 */
export interface ContentTypeParserEntry {
  type: string | RegExp
  options: { parseAs: 'string' }
  parser: (request: { headers: Record<string, unknown> }, body: string) => unknown
}

/**
 * The `text/plain` parser: the body, as the string the core decoded.
 *
 * @example
 * textParser(request, 'hello') // 'hello'
 */
export const textParser = (_request: unknown, body: string): string => body

/**
 * The parsers every application starts with: `application/json` and any `type/subtype+json`
 * (JSON, with the checks of {@link jsonParser}) and `text/plain` (the string). Matching is on the
 * lower-cased essence, so parameters such as `charset` are ignored and `application/jsonx` is not
 * JSON.
 *
 * @example
 * const transport = createHttpTransport()
 * const app = createInstance({ transport, contentTypeParsers: defaultContentTypeParsers, ...rest })
 */
export const defaultContentTypeParsers: ContentTypeParserEntry[] = parsersWith(jsonParser)

/**
 * The default parsers with a JSON parser built from `options` (the factory's `onProtoPoisoning`
 * and `onConstructorPoisoning`); see {@link buildJsonParser}.
 *
 * @example
 * createInstance({ transport, contentTypeParsers: buildDefaultContentTypeParsers({ onProtoPoisoning: 'remove' }), ...rest })
 */
export function buildDefaultContentTypeParsers(
  options: JsonParserOptions = {},
): ContentTypeParserEntry[] {
  if (options.onProtoPoisoning === undefined && options.onConstructorPoisoning === undefined) {
    return defaultContentTypeParsers
  }
  return parsersWith(buildJsonParser(options))
}

function parsersWith(json: ContentTypeParserEntry['parser']): ContentTypeParserEntry[] {
  return [
    { type: 'application/json', options: { parseAs: 'string' }, parser: json },
    { type: /^[^/\s]+\/[^/\s]+\+json$/, options: { parseAs: 'string' }, parser: json },
    { type: 'text/plain', options: { parseAs: 'string' }, parser: textParser },
  ]
}
