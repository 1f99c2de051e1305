import type { Readable } from 'node:stream'
import { createError } from '@framework/error-formatter'
import type { ParserEntry } from '../context/index.js'
import { isJsonEssence, isThenable, kRoute, mediaTypeEssence } from '../util/index.js'
import { lifecycleError } from './error-handling.js'
import type { Reply } from './reply.js'

/** The lifecycle step that follows body parsing (passed in: this step never imports the lifecycle). */
type Step = (reply: Reply) => void

/** Methods whose body the core reads (Fastify 4.29's, WebDAV's included, not UNLOCK; QUERY). */
export const bodyMethods: ReadonlySet<string> = new Set([
  'QUERY',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'SEARCH',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'REPORT',
  'MKCALENDAR',
])

/** Whether the request announces a body: Transfer-Encoding, or a Content-Length above 0. */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0)
}

/**
 * RFC 10008: a QUERY request must say what its body is and carry one; else a 400
 * (FRM_ERR_ROUTE_MISSING_CONTENT_TYPE, FRM_ERR_ROUTE_MISSING_CONTENT), as Fastify 5 answers.
 */
function queryHasContent(
  reply: Reply,
  contentType: string | string[] | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (contentType === undefined) {
    lifecycleError(reply, createError('FRM_ERR_ROUTE_MISSING_CONTENT_TYPE', 'QUERY'))
    return false
  }
  if (!hasBody(headers)) {
    lifecycleError(reply, createError('FRM_ERR_ROUTE_MISSING_CONTENT', 'QUERY'))
    return false
  }
  return true
}

/**
 * The body parsing step, with Fastify 5's rules, the same for every method that has a body
 * (DELETE and OPTIONS included). Without a Content-Type: no body (no Transfer-Encoding,
 * Content-Length absent or 0) leaves `request.body` undefined; any other body goes to the `'*'`
 * parser (415 when there is none). With a Content-Type, the parser runs even for an empty body.
 * The Content-Type picks the parser (415 when none, or when the route validates its body and the
 * parser is the built-in text/plain one), the Content-Encoding must be identity, one the parser
 * handles, or one a preParsing hook decoded by returning a replacement stream (else 415), and the
 * parser gets the body read within the limit (`parseAs`) or the request stream.
 */
export function parseBody(reply: Reply, stream: Readable | undefined, next: Step): void {
  const rc = reply[kRoute]
  if (!rc.parsesBody || (rc.notFound && !rc.core.bodyMethods.has(reply.request.method))) {
    next(reply)
    return
  }
  const raw = reply.request.raw
  const headers = raw.headers
  const contentType = headers['content-type']
  if (raw.method === 'QUERY' && !queryHasContent(reply, contentType, headers)) return
  if (typeof contentType !== 'string') {
    // As in Fastify: a body without a type goes to an explicit catch-all (multipart plugins rely
    // on it).
    if (!hasBody(headers)) {
      next(reply)
      return
    }
    const catchAll = rc.parsers.catchAll
    if (catchAll === undefined || (rc.validatesBody && catchAll.builtin)) {
      if (noParserGoesOn(reply, next)) return
      lifecycleError(reply, createError('FRM_ERR_CTP_INVALID_MEDIA_TYPE'))
      return
    }
    runParser(reply, catchAll, stream, next)
    return
  }
  // With a type, the parser runs even for an empty body (`text/plain` gives '', JSON a 400).
  const essence = mediaTypeEssence(contentType)
  if (essence === undefined) {
    // Not a media type at all: only an explicit catch-all takes it (Fastify's '*' does).
    const catchAll = rc.parsers.catchAll
    if (catchAll === undefined || (rc.validatesBody && catchAll.builtin)) {
      if (noParserGoesOn(reply, next)) return
      lifecycleError(reply, createError('FRM_ERR_CTP_INVALID_MEDIA_TYPE'))
      return
    }
    runParser(reply, catchAll, stream, next)
    return
  }
  const parser = rc.parsers.lookup(essence, contentType)
  if (parser === undefined) {
    if (noParserGoesOn(reply, next)) return
    lifecycleError(reply, createError('FRM_ERR_CTP_INVALID_MEDIA_TYPE'))
    return
  }
  // A validated body comes from JSON or a registered parser (@fastify/formbody, @fastify/multipart
  // with attachFieldsToBody), never from the built-in text/plain string parser. The client gets
  // Fastify 5's message; the reason, for the log and the error handler, is the cause.
  if (rc.validatesBody && parser.builtin && !isJsonEssence(essence)) {
    const reason = `${essence}: ${rc.method} ${rc.url} validates its body, send JSON or a type with a registered parser`
    lifecycleError(
      reply,
      createError('FRM_ERR_CTP_INVALID_MEDIA_TYPE', { cause: new Error(reason) }),
    )
    return
  }
  runParser(reply, parser, stream, next)
}

/**
 * A body no parser takes, on the way to a not-found handler: it goes on unparsed (the answer is
 * the 404, not a 415), as Fastify's 404 route reads it. True when it went on.
 */
function noParserGoesOn(reply: Reply, next: Step): boolean {
  if (!reply[kRoute].notFound) return false
  next(reply)
  return true
}

/**
 * Checks the Content-Encoding (unless a preParsing hook replaced the stream), then hands the parser
 * the body: read within the limit when it declared `parseAs`, else the request stream itself (a
 * preParsing hook's replacement, or the raw request), which the parser reads and limits on its own.
 */
function runParser(
  reply: Reply,
  parser: ParserEntry,
  stream: Readable | undefined,
  next: Step,
): void {
  const raw = reply.request.raw
  const encoding = raw.headers['content-encoding']
  // A preParsing hook that replaced the payload stream has handled the encoding (as
  // @fastify/compress decompresses): only an encoded body nothing handles is refused.
  if (encoding !== undefined && stream === undefined) {
    const name = String(encoding).trim().toLowerCase()
    if (name !== 'identity' && !parser.encodings.includes(name)) {
      lifecycleError(reply, createError('FRM_ERR_CTP_UNSUPPORTED_ENCODING', String(encoding)))
      return
    }
  }
  if (parser.parseAs === undefined) {
    callParser(reply, parser, stream ?? raw, next)
    return
  }
  const rc = reply[kRoute]
  // As in Fastify: a route's own bodyLimit, else the parser's, else the instance's. (A route limit
  // equal to the instance's reads as none.)
  const limit =
    rc.bodyLimit !== rc.core.bodyLimit ? rc.bodyLimit : (parser.bodyLimit ?? rc.bodyLimit)
  rc.core.transport.readBody(
    raw,
    limit,
    (error, body) => bodyRead(reply, parser, error, body, next),
    stream,
    parser.parseAs === 'string' ? 'utf8' : undefined,
  )
}

function bodyRead(
  reply: Reply,
  parser: ParserEntry,
  error: Error | null,
  body: Buffer | string | undefined,
  next: Step,
): void {
  if (error !== null && error !== undefined) {
    lifecycleError(reply, error)
    return
  }
  callParser(reply, parser, parserInput(parser, body), next)
}

/** The body as the parser takes it (`parseAs`): text, or bytes. */
function parserInput(parser: ParserEntry, body: Buffer | string | undefined): string | Buffer {
  if (typeof body === 'string') return parser.parseAs === 'string' ? body : Buffer.from(body)
  if (parser.parseAs === 'string') return body?.toString('utf8') ?? ''
  return body ?? Buffer.alloc(0)
}

/**
 * Calls the parser with its input and `done`, whatever it declares (Fastify 5; a wrapped parser
 * declares nothing): a promise it returns is awaited, otherwise it ends when it calls `done`. A
 * parser that declares fewer than three parameters may also return its value (not undefined).
 */
function callParser(reply: Reply, parser: ParserEntry, input: unknown, next: Step): void {
  const request = reply.request
  if (parser.returnsValue) {
    callBuiltinParser(reply, parser, input, next)
    return
  }
  let settled = false
  const done = (parseError: unknown, value?: unknown): void => {
    if (settled) return
    settled = true
    parsed(reply, parseError, value, next)
  }
  let result: unknown
  try {
    result = parser.fn.call(parser.ctx, request, input, done)
  } catch (thrown) {
    // A throw after `done` was called (the request has moved on) changes nothing.
    if (settled) return
    settled = true
    lifecycleError(reply, thrown)
    return
  }
  if (isThenable(result)) {
    result.then(
      (value) => done(null, value),
      (reason) => done(reason ?? new Error('A content-type parser rejected without a reason')),
    )
  } else if (!parser.callback && result !== undefined) {
    done(null, result)
  }
}

/**
 * A parser the application started with (the transport's JSON and text parsers) declaring
 * `(request, body)`: it returns its value or throws, so no `done` is made for it.
 */
function callBuiltinParser(reply: Reply, parser: ParserEntry, input: unknown, next: Step): void {
  let result: unknown
  try {
    result = parser.fn.call(parser.ctx, reply.request, input)
  } catch (thrown) {
    lifecycleError(reply, thrown)
    return
  }
  if (isThenable(result)) {
    result.then(
      (value) => parsed(reply, null, value, next),
      (reason) =>
        parsed(
          reply,
          reason ?? new Error('A content-type parser rejected without a reason'),
          undefined,
          next,
        ),
    )
  } else parsed(reply, null, result, next)
}

function parsed(reply: Reply, error: unknown, value: unknown, next: Step): void {
  if (error !== null && error !== undefined) {
    lifecycleError(reply, error)
    return
  }
  reply.request.body = value
  next(reply)
}
