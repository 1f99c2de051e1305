import { buildJsonParser, type PoisoningAction } from '@framework/http/neutral'

/** A content-type parser in Fastify's callback style. */
type CallbackParser = (
  request: { headers: Record<string, unknown> },
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
) => void

/**
 * Fastify's `instance.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning)`: the default
 * JSON parser with those actions, as a callback-style parser (for `parseAs: 'string'` or
 * `'buffer'`), to register under another type or to call from a parser of one's own.
 *
 * @example
 * app.addContentTypeParser('text/json', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'))
 */
export function getDefaultJsonParser(
  onProtoPoisoning: PoisoningAction = 'error',
  onConstructorPoisoning: PoisoningAction = 'error',
): CallbackParser {
  const parse = buildJsonParser({ onProtoPoisoning, onConstructorPoisoning })
  return function defaultJsonParser(request, body, done) {
    let value: unknown
    try {
      value = parse(request, typeof body === 'string' ? body : body.toString('utf8'))
    } catch (error) {
      done(error as Error)
      return
    }
    done(null, value)
  }
}

/**
 * Fastify's `instance.defaultTextParser`: the `text/plain` parser, callback style: the body as a
 * string.
 *
 * @example
 * app.addContentTypeParser('text/csv', { parseAs: 'string' }, app.defaultTextParser)
 */
export const defaultTextParser: CallbackParser = (_request, body, done) => {
  done(null, typeof body === 'string' ? body : body.toString('utf8'))
}

declare module '@framework/core' {
  interface Instance {
    /** The default JSON parser with these poisoning actions, callback style (Fastify's helper). */
    getDefaultJsonParser: typeof getDefaultJsonParser
    /** The `text/plain` parser, callback style (Fastify's helper). */
    defaultTextParser: typeof defaultTextParser
  }
}
