import { createError } from '@framework/error-formatter'
import type { FetchRawRequest } from './raw-request.js'
import { readWholeText } from './read-text.js'

type Done = (error: Error | null, body?: Buffer | string) => void

/** A Node Readable, as far as reading it goes (a preParsing hook's replacement payload). */
interface NodeLikeStream {
  on(event: string, listener: (...args: any[]) => void): unknown
  destroy?(): void
}

/**
 * Reads a request body within `limit` bytes: a declared Content-Length over the limit fails at once
 * (413, nothing read), a body that grows past it fails as soon as it does (413, the rest is
 * cancelled, never buffered), a body shorter or longer than its Content-Length fails with 400.
 * `stream`, when given, is read instead (a preParsing hook replaced the payload). With `encoding`
 * `'utf8'`, a body of declared length that a host's HTTP server delimited (`raw.framed`) is handed
 * over as text (see `readWholeText`).
 *
 * @example
 * readBody(raw, 1024, (error, body) => console.log(error ?? body!.toString()))
 */
export function readBody(
  raw: FetchRawRequest,
  limit: number,
  done: Done,
  stream?: NodeLikeStream | ReadableStream<Uint8Array>,
  encoding?: 'utf8',
): void {
  const length = raw.headers['content-length']
  // A value that is not a number declares nothing, as Fastify reads it (only `inject` sends one).
  const declared = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : -1
  if (stream === undefined) {
    if (declared > limit) {
      done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
      return
    }
    if (declared > 0) {
      // A body of declared length is read whole; `request.body` is not asked for (Bun makes a
      // stream object on that read, about 0.7 µs). Without a body, that reads as empty: 400.
      if (encoding === 'utf8' && raw.framed) readWholeText(raw.request, limit, declared, done)
      else readWhole(raw.request, limit, declared, done)
      return
    }
    const body = raw.request.body
    if (body === null) done(null, Buffer.alloc(0))
    else if (declared < 0) readWeb(body, limit, declared, done)
    else readWhole(raw.request, limit, declared, done)
    return
  }
  if (typeof (stream as ReadableStream).getReader === 'function') {
    readWeb(stream as ReadableStream<Uint8Array>, limit, -1, done)
  } else {
    readNode(stream as NodeLikeStream, limit, done)
  }
}

/**
 * A body of declared length within the limit, read in one go (the host's HTTP parser delimits it
 * by that length; no stream, reader or chunk list). A body made in process that does not match
 * its Content-Length still fails: 413 past the limit, else 400.
 */
function readWhole(request: Request, limit: number, declared: number, done: Done): void {
  request.arrayBuffer().then(
    (bytes) => {
      if (bytes.byteLength > limit) done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
      else if (bytes.byteLength !== declared)
        done(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
      else done(null, Buffer.from(bytes))
    },
    (error: Error) => done(error),
  )
}

/** A web stream, chunk by chunk, cancelled as soon as it passes the limit. */
function readWeb(
  body: ReadableStream<Uint8Array>,
  limit: number,
  declared: number,
  done: Done,
): void {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  const pump = (): void => {
    reader.read().then(
      ({ done: ended, value }) => {
        if (ended) {
          if (declared !== -1 && received !== declared) {
            done(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
          } else {
            done(null, concat(chunks, received))
          }
          return
        }
        received += value.byteLength
        if (received > limit) {
          reader.cancel().catch(() => {})
          done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
          return
        }
        if (declared !== -1 && received > declared) {
          reader.cancel().catch(() => {})
          done(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
          return
        }
        chunks.push(value)
        pump()
      },
      (error: Error) => done(error),
    )
  }
  pump()
}

/** A Node Readable (a preParsing hook's stream), destroyed as soon as it passes the limit. */
function readNode(stream: NodeLikeStream, limit: number, done: Done): void {
  const chunks: Uint8Array[] = []
  let received = 0
  let finished = false
  const finish = (error: Error | null): void => {
    if (finished) return
    finished = true
    if (error === null) done(null, concat(chunks, received))
    else done(error)
  }
  stream.on('data', (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    received += bytes.byteLength
    if (received > limit) {
      stream.destroy?.()
      finish(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
      return
    }
    chunks.push(bytes)
  })
  stream.on('end', () => finish(null))
  stream.on('error', (error: Error) => finish(error))
}

function concat(chunks: Uint8Array[], length: number): Buffer {
  if (chunks.length === 1) {
    const only = chunks[0]!
    return Buffer.from(only.buffer, only.byteOffset, only.byteLength)
  }
  return Buffer.concat(chunks, length)
}
