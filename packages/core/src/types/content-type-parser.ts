import type { FrameworkRequest } from './request.js'

/**
 * A content-type parser: `(request, body) => value` (or a promise), or callback style
 * `(request, body, done(error, value))`. `body` is a Buffer, or a string with `parseAs: 'string'`.
 *
 * @example
 * app.addContentTypeParser('text/csv', { parseAs: 'string' }, (request, body) => body.split(','))
 */
export type ContentTypeParser = (
  request: FrameworkRequest,
  body: any,
  done: (error: unknown, value?: unknown) => void,
) => unknown

/**
 * Options of `addContentTypeParser`.
 *
 * @example
 * app.addContentTypeParser('application/x-ndjson', { parseAs: 'string', bodyLimit: 65536 }, parseNdjson)
 */
export interface ContentTypeParserOptions {
  /** How the body reaches the parser: a Buffer (default) or a UTF-8 string. */
  parseAs?: 'string' | 'buffer'
  /** Maximum body size in bytes for this type (default: the route's or instance's). */
  bodyLimit?: number
  /** Content-Encodings this parser decodes itself (a body with another one answers 415). */
  encodings?: readonly string[]
}
