import { AsyncResource } from 'node:async_hooks'
import { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { createError } from '@framework/error-formatter'
import { markCloseConnection } from './close-connection.js'

type Done = (error: Error | null, body?: Buffer) => void

const EMPTY_BODY = Buffer.alloc(0)

/**
 * The state of one body being read. It hangs off the stream under {@link kReader}, so the stream's
 * listeners are shared module functions rather than closures made per request.
 *
 * It is the AsyncResource `done` runs in: `done` runs in the async context of `readBody`'s call
 * rather than the socket's, so a store a hook entered with AsyncLocalStorage
 * (`storage.run(store, next)` in onRequest) reaches the handler, as in Fastify. One object per
 * body, not `AsyncResource.bind` (which builds a deprecation wrapper on every call) nor a
 * resource and a closure.
 */
class BodyReader extends AsyncResource {
  // `declare`: set once in the constructor (plain field declarations would define each field as
  // undefined first on every reader, then set it again).
  declare readonly raw: IncomingMessage
  declare readonly limit: number
  /** The Content-Length the request declared, or -1. */
  declare readonly declared: number
  /** True when `raw` itself is read (no replacement stream): its length must match. */
  declare readonly readingRaw: boolean
  declare done: Done | null
  /** The first chunk, and the later ones with it (an array only for a body of several chunks). */
  declare first: Buffer | null
  declare chunks: Buffer[] | null
  declare received: number
  declare finished: boolean

  constructor(
    raw: IncomingMessage,
    limit: number,
    declared: number,
    readingRaw: boolean,
    done: Done,
  ) {
    super('framework.body')
    this.raw = raw
    this.limit = limit
    this.declared = declared
    this.readingRaw = readingRaw
    this.done = done
    this.first = null
    this.chunks = null
    this.received = 0
    this.finished = false
  }

  finish(error: Error | null, body?: Buffer): void {
    if (this.finished) return
    this.finished = true
    // The stream keeps its reader (under kReader) as long as it lives, and node's request objects
    // often outlive their request (a scavenge finds them alive, and a dead old object keeps what it
    // points at alive until the next full GC): let go of `done` (the reply and everything it
    // reaches) and the chunks, so they die young.
    const done = this.done!
    this.done = null
    this.first = null
    this.chunks = null
    if (error === null) this.runInAsyncScope(done, null, null, body)
    else this.runInAsyncScope(done, null, error)
  }
}

const kReader = Symbol('framework.http.bodyReader')

type ReadStream = Readable & { [kReader]?: BodyReader; receivedEncodedLength?: unknown }

/**
 * Reads the whole body of `raw` (or `stream`, when a preParsing hook replaced it), calling `done`
 * exactly once:
 *
 * - a declared Content-Length over `limit` fails at once (one that is not a number is ignored), without reading:
 *   FRM_ERR_CTP_BODY_TOO_LARGE (413), and the connection closes after the response;
 * - a body that grows past `limit` stops being read and fails the same way;
 * - a body whose size differs from its Content-Length: FRM_ERR_CTP_INVALID_CONTENT_LENGTH (400);
 * - a client that goes away: `done(error)` with Node's ECONNRESET error (status 400), no logging;
 * - an error of a replacement stream is passed on (status 400 unless it carries a 4xx/5xx one).
 *
 * A body node has already buffered whole is taken in one read and `done` runs at once (see
 * `readBuffered`); a small one that came with the head, once node has parsed it (see
 * `arrivesWithHead`). Otherwise the stream is resumed (it may come paused), its chunks collected
 * as Buffers and joined once.
 */
export function readBody(
  raw: IncomingMessage,
  limit: number,
  done: Done,
  stream: Readable | undefined,
): void {
  const header = raw.headers['content-length']
  let declared = -1
  if (header !== undefined) {
    // As Fastify reads it: a value that is not a number (only `inject` can send one, Node's parser
    // refuses it on a socket) declares nothing; the body's bytes still count against the limit.
    if (typeof header === 'string' && isDigits(header)) declared = Number(header)
    else if (!Number.isNaN(Number(header))) {
      // A number no body can have (`-1`, `1.5`): the body cannot match it.
      markCloseConnection(raw)
      done(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
      return
    }
    if (declared > limit) {
      markCloseConnection(raw)
      done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
      return
    }
  }
  if (stream === undefined && arrivesWithHead(raw, declared)) {
    // Three arguments: a fourth would cost setImmediate a larger array for them.
    afterIo(readWithHead, raw, declared, done)
    return
  }
  readSource(raw, limit, declared, done, stream)
}

/**
 * Node's `setImmediate`, as it was when the framework loaded: a test that fakes timers afterwards
 * (its clock standing still) does not hold back every body read this way.
 */
const afterIo = setImmediate

/**
 * `readSource` for a body `arrivesWithHead` deferred. Its declared length, already within the
 * limit, serves as the limit: node's parser never gives a request more bytes than its
 * Content-Length (what follows is the next request).
 */
function readWithHead(raw: IncomingMessage, declared: number, done: Done): void {
  readSource(raw, declared, declared, done, undefined)
}

/**
 * `readBody` once the declared length is checked; also after node's parser had its turn (see
 * `arrivesWithHead`): read whole if it is, else by events.
 */
function readSource(
  raw: IncomingMessage,
  limit: number,
  declared: number,
  done: Done,
  stream: Readable | undefined,
): void {
  const source: ReadStream = stream ?? raw
  if (source.readableEnded) {
    done(null, EMPTY_BODY)
    return
  }
  if (source.destroyed) {
    done(abortError())
    return
  }
  if (stream === undefined && isBuffered(raw, declared)) {
    readBuffered(raw, limit, declared, done)
    return
  }
  source[kReader] = new BodyReader(raw, limit, declared, stream === undefined, done)
  source.on('data', onData)
  source.on('end', onEnd)
  // node's own request emits 'error' only to a listener, and 'close' always follows: it needs none
  // (one listener less per body). Any other stream (a replacement, inject's request) may emit one.
  if (!(source instanceof IncomingMessage)) source.on('error', onError)
  source.on('close', onClose)
  // A replacement stream may come paused (@fastify/compress pauses its decompressor): a 'data'
  // listener does not resume an explicitly paused stream, so read it as Fastify does. (Any other
  // stream already flows: the listener resumed it.)
  if (source.readableFlowing !== true) source.resume()
}

/** True for a non-empty string of ASCII digits (a Content-Length as node's parser admits it). */
function isDigits(text: string): boolean {
  if (text.length === 0) return false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 48 || code > 57) return false
  }
  return true
}

/**
 * True when every byte of this HTTP/1 request's body is already in the stream and nobody reads it
 * yet: node's parser finished the request, or holds as many bytes as its Content-Length declares.
 * The usual case once an asynchronous hook ran before the body is read: node parses a request's
 * packet whole, running the microtasks between its callbacks.
 */
function isBuffered(raw: IncomingMessage, declared: number): boolean {
  return (
    raw.httpVersionMajor === 1 &&
    raw.readableFlowing !== true &&
    raw.readableEncoding === null &&
    (raw.complete || (declared !== -1 && raw.readableLength === declared))
  )
}

/**
 * Largest declared body read after node's parser had its turn (see `arrivesWithHead`): what one
 * socket read usually brings with the head (node reads 64 KiB at a time).
 */
const WITH_HEAD_LIMIT = 16384

/**
 * True when node's parser is most likely about to push this request's whole body: a small declared
 * body of an HTTP/1 request, none of it read yet, read by nobody. The request came in the socket
 * read that brought its head (the route had no hook to wait for), and node emits the request at
 * the end of the head, before it parses the body that follows in the same read. The body is then
 * read in `setImmediate`, once node has parsed that whole socket read: it is there and the request
 * is complete, so it is taken in one `read()` that also reads its end. Reading it by events would
 * cost a reader, three listeners and node's flowing mode; a tick later (node runs the ticks
 * between its parser's callbacks) finds the body but not its end, and answering before the end
 * costs a 'readable' listener to read it, and node an 'end' listener to let go of the request. An
 * immediate keeps the async context of the caller, as the reader's AsyncResource does.
 */
function arrivesWithHead(raw: IncomingMessage, declared: number): boolean {
  return (
    declared > 0 &&
    declared <= WITH_HEAD_LIMIT &&
    raw instanceof IncomingMessage &&
    raw.httpVersionMajor === 1 &&
    !raw.complete &&
    raw.readableLength === 0 &&
    raw.readableFlowing === null &&
    raw.readableEncoding === null
  )
}

/**
 * Takes a body already buffered in one `read()` and calls `done` at once: no reader and no async
 * resource (`done` runs in the caller's own context). A stream the parser has not ended yet gets
 * one 'readable' listener that reads its end when the parser pushes it, so it still ends (emitting
 * 'end', then 'close') as it does when read by events; resuming it instead would cost node a tick
 * and a `flow()` per request. The checks are those of the event path.
 */
function readBuffered(raw: IncomingMessage, limit: number, declared: number, done: Done): void {
  const body: Buffer = raw.read() ?? EMPTY_BODY
  if (!raw.complete) raw.on('readable', readEnd)
  if (body.length > limit) {
    markCloseConnection(raw)
    done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
  } else if (declared !== -1 && body.length !== declared) {
    markCloseConnection(raw)
    done(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
  } else done(null, body)
}

/** Reads what is left of a request whose body was taken whole: its end. */
function readEnd(this: IncomingMessage): void {
  this.read()
}

function onData(this: ReadStream, chunk: Buffer | string): void {
  const reader = this[kReader]!
  if (reader.finished) return
  if (typeof chunk === 'string') chunk = Buffer.from(chunk)
  reader.received += chunk.length
  if (reader.received > reader.limit) {
    // Stop reading: the rest of the body is never buffered, and the connection closes after the 413.
    this.pause()
    this.removeListener('data', onData)
    markCloseConnection(reader.raw)
    reader.finish(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
    return
  }
  // Most bodies come in one chunk: no array for them.
  if (reader.first === null) reader.first = chunk
  else if (reader.chunks === null) reader.chunks = [reader.first, chunk]
  else reader.chunks.push(chunk)
}

function onEnd(this: ReadStream): void {
  const reader = this[kReader]!
  if (reader.finished) return
  if (reader.declared !== -1) {
    const encoded = this.receivedEncodedLength
    const received =
      typeof encoded === 'number' ? encoded : reader.readingRaw ? reader.received : -1
    if (received !== -1 && received !== reader.declared) {
      markCloseConnection(reader.raw)
      reader.finish(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
      return
    }
  }
  const chunks = reader.chunks
  reader.finish(
    null,
    chunks !== null ? Buffer.concat(chunks, reader.received) : (reader.first ?? EMPTY_BODY),
  )
}

function onError(this: ReadStream, error: Error & { statusCode?: unknown }): void {
  const reader = this[kReader]!
  if (reader.finished) return
  const status = error.statusCode
  if (!(typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599)) {
    error.statusCode = 400
  }
  reader.finish(error)
}

function onClose(this: ReadStream): void {
  // A stream destroyed without an error never emits 'end' nor 'error'.
  const reader = this[kReader]!
  if (!reader.finished) reader.finish(abortError())
}

/** The error of a body whose stream closed before its end: the client went away. */
function abortError(): Error {
  return Object.assign(new Error('The request body stream closed before it ended'), {
    code: 'ECONNRESET',
    statusCode: 400,
  })
}
