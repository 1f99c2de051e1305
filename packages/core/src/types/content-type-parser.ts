import type { FrameworkRequest } from './request.js'

/**
 * A content-type parser: `(request, payload) => value` (or a promise), or callback style
 * `(request, payload, done(error, value))`. `payload` is the request stream (the raw request, or
 * the stream a preParsing hook returned), which the parser reads and limits itself; with
 * `parseAs: 'buffer'` it is the body read as a Buffer, with `parseAs: 'string'` as a UTF-8 string,
 * both within the body limit.
 *
 * @example
 * app.addContentTypeParser('text/csv', { parseAs: 'string' }, (request, body) => body.split(','))
 * app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
 *   const chunks = []
 *   payload.on('data', (chunk) => {
 *     chunks.push(chunk)
 *   })
 *   payload.on('end', () => {
 *     done(null, Buffer.concat(chunks))
 *   })
 *   payload.on('error', done)
 * })
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
  /** How the body reaches the parser: read as a Buffer or a UTF-8 string; default: the stream. */
  parseAs?: 'string' | 'buffer'
  /** Maximum body size in bytes for this type, with `parseAs`; a route's own bodyLimit wins. */
  bodyLimit?: number
  /** Content-Encodings this parser decodes itself (a body with another one answers 415). */
  encodings?: readonly string[]
}
