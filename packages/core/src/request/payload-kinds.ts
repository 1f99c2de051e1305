/**
 * What a reply payload is, by shape only: the core imports neither node:stream nor a Fetch API
 * polyfill, so a Node stream, a WHATWG `ReadableStream` and a WHATWG `Response` are recognized as
 * Fastify recognizes them, whatever realm or library made them.
 */

import type { WebStream } from '../contracts/transport.js'
import { normalizedContentType } from '../util/index.js'

/** The part of a WHATWG `Response` the core reads. */
export interface WebResponse {
  readonly status: number
  readonly headers: { forEach(fn: (value: string, name: string) => void): void }
  readonly body: WebStream | null
  readonly bodyUsed: boolean
}

/** A Node stream (anything with `pipe`). */
export function isNodeStream(payload: unknown): payload is { pipe: unknown } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { pipe?: unknown }).pipe === 'function'
  )
}

/** A WHATWG `ReadableStream` (anything with `getReader`). */
export function isWebStream(payload: unknown): payload is WebStream {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { getReader?: unknown }).getReader === 'function'
  )
}

/**
 * A WHATWG `Response`: its `Symbol.toStringTag` is `'Response'` (WebIDL puts it on the prototype),
 * which is what `Object.prototype.toString` reads to answer `[object Response]`; read directly, it
 * is a property load where the builtin call cost every object payload about 150 instructions.
 * Objects only: a string would be wrapped first, which costs JavaScriptCore (Bun) as much as a
 * small request's routing.
 */
export function isWebResponse(payload: unknown): payload is WebResponse {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Response'
  )
}

/** A payload sent as it is: a Node stream, a WHATWG stream or a WHATWG `Response`. */
export function isStreamLike(payload: unknown): boolean {
  return isNodeStream(payload) || isWebStream(payload) || isWebResponse(payload)
}

/** A stream-like object `discardStream` may read to its end, destroy or close. */
interface DiscardedStream {
  on?: (event: 'error', listener: (error: unknown) => void) => unknown
  resume?: () => unknown
  destroy?: () => void
  close?: (cb?: () => void) => void
}

/**
 * Releases a stream body that will not be written (a HEAD request, a 1xx, 204 or 304 answer), as
 * Fastify releases it: a Node stream is read to its end unwritten, so its 'end' still comes (one
 * that cannot be resumed is destroyed, else closed), and an 'error' it emits goes to `onError`; a
 * WHATWG stream is cancelled with `reason`, a failing cancel going to `onError`. A locked WHATWG
 * stream is being read by someone else: it is left to them.
 */
export function discardStream(
  payload: object,
  onError: (error: unknown) => void,
  reason?: string,
): void {
  if (isWebStream(payload)) {
    if (!payload.locked) payload.cancel(reason).catch(onError)
    return
  }
  const stream = payload as DiscardedStream
  if (typeof stream.resume === 'function' && typeof stream.on === 'function') {
    stream.on('error', onError)
    stream.resume()
  } else if (typeof stream.destroy === 'function') stream.destroy()
  else if (typeof stream.close === 'function') stream.close(() => {})
}

/**
 * The Content-Type of a JSON reply whose type the application set, as Fastify 5 gives it: as it is
 * when it has a `charset` parameter (any case: `CHARSET=utf-8`; a `charset=` inside another
 * parameter's quoted value does not count); otherwise normalized (parameter values quoted) with
 * `; charset=utf-8` appended (`application/json; version=2` →
 * `application/json; version="2"; charset=utf-8`).
 */
export function withJsonCharset(contentType: string): string {
  const normalized = normalizedContentType(contentType)
  if (normalized === undefined) {
    if (contentType.toLowerCase().includes('charset')) return contentType
    const type = contentType.trim()
    return type.endsWith(';') ? `${type} charset=utf-8` : `${type}; charset=utf-8`
  }
  if (/; charset="/.test(normalized)) return contentType
  return `${normalized}; charset=utf-8`
}
