import type { Readable } from 'node:stream'
import { createError } from '@framework/error-formatter'
import { isThenable } from './describe.js'
import { lifecycleError } from './error-handling.js'
import { afterBody } from './lifecycle.js'
import { isJsonEssence, mediaTypeEssence } from './media-type.js'
import type { ParserEntry } from './parser-table.js'
import type { Reply } from './reply.js'
import { kRoute } from './symbols.js'

/** Methods whose body the core reads. */
export const bodyMethods: ReadonlySet<string> = new Set([
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'SEARCH',
])

/**
 * The body parsing step. A body is present when the request has Transfer-Encoding, a
 * Content-Length above 0, or a Content-Type without a Content-Length; otherwise `request.body`
 * stays undefined (an empty body with a JSON Content-Type answers 400). Otherwise the Content-Type picks the parser (415 when none, when the
 * header is missing, or when the route validates its body and the type is not JSON), the
 * Content-Encoding must be identity or one the parser handles (415), and the transport reads the
 * body within the limit.
 */
export function parseBody(reply: Reply, stream: Readable | undefined): void {
  const rc = reply[kRoute]
  if (!rc.parsesBody || (rc.notFound && !bodyMethods.has(reply.request.method))) {
    afterBody(reply)
    return
  }
  const headers = reply.request.raw.headers
  const contentType = headers['content-type']
  const length = headers['content-length']
  // No body: no Transfer-Encoding and a Content-Length of 0, or none at all without a Content-Type
  // (a typed request without a length, such as an injected stream, is read until it ends).
  if (
    headers['transfer-encoding'] === undefined &&
    (length === undefined ? contentType === undefined : !(Number(length) > 0))
  ) {
    if (typeof contentType === 'string') {
      const essence = mediaTypeEssence(contentType)
      if (essence !== undefined && isJsonEssence(essence)) {
        lifecycleError(reply, createError('FRM_ERR_CTP_EMPTY_JSON_BODY', contentType))
        return
      }
    }
    afterBody(reply)
    return
  }
  if (typeof contentType !== 'string') {
    lifecycleError(
      reply,
      createError(
        'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
        'the request has a body but no Content-Type header',
      ),
    )
    return
  }
  const essence = mediaTypeEssence(contentType)
  if (essence === undefined) {
    lifecycleError(reply, createError('FRM_ERR_CTP_INVALID_MEDIA_TYPE', contentType))
    return
  }
  if (rc.validatesBody && !isJsonEssence(essence)) {
    lifecycleError(
      reply,
      createError(
        'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
        `${essence} (${rc.method} ${rc.url} validates its body: send JSON)`,
      ),
    )
    return
  }
  const parser = rc.parsers.lookup(essence)
  if (parser === undefined) {
    lifecycleError(reply, createError('FRM_ERR_CTP_INVALID_MEDIA_TYPE', essence))
    return
  }
  const encoding = headers['content-encoding']
  if (encoding !== undefined) {
    const name = String(encoding).trim().toLowerCase()
    if (name !== 'identity' && !parser.encodings.includes(name)) {
      lifecycleError(reply, createError('FRM_ERR_CTP_UNSUPPORTED_ENCODING', String(encoding)))
      return
    }
  }
  rc.core.transport.readBody(
    reply.request.raw,
    parser.bodyLimit ?? rc.bodyLimit,
    (error, body) => bodyRead(reply, parser, error, body),
    stream,
  )
}

function bodyRead(
  reply: Reply,
  parser: ParserEntry,
  error: Error | null,
  body: Buffer | undefined,
): void {
  if (error !== null && error !== undefined) {
    lifecycleError(reply, error)
    return
  }
  const request = reply.request
  const input =
    parser.parseAs === 'string' ? (body?.toString('utf8') ?? '') : (body ?? Buffer.alloc(0))
  let result: unknown
  try {
    if (parser.callback) {
      parser.fn.call(parser.ctx, request, input, (parseError: unknown, value?: unknown) =>
        parsed(reply, parseError, value),
      )
      return
    }
    result = parser.fn.call(parser.ctx, request, input)
  } catch (thrown) {
    lifecycleError(reply, thrown)
    return
  }
  if (isThenable(result)) {
    result.then(
      (value) => parsed(reply, null, value),
      (reason) => lifecycleError(reply, reason),
    )
  } else {
    parsed(reply, null, result)
  }
}

function parsed(reply: Reply, error: unknown, value: unknown): void {
  if (error !== null && error !== undefined) {
    lifecycleError(reply, error)
    return
  }
  reply.request.body = value
  afterBody(reply)
}
