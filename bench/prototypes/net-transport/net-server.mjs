// A measurement prototype (issue 41), not a package: an HTTP/1.1 server on `net` whose requests
// and responses are light objects instead of node:http's IncomingMessage and ServerResponse. It
// parses with node's own llhttp binding (the HTTPParser of `_http_common`, as node:http does,
// reading the socket in C++ through `parser.consume`), and writes each response head once, as a
// string, from the header list. It is handed to the framework through the `serverFactory`
// option, so the framework's node:http transport (router, body reader, response writer) runs
// unchanged on top of it; only the objects under `request.raw` and `reply.raw` differ.
//
// What it covers: keep-alive, Content-Length and chunked request bodies, responses with a known
// length or chunked, HEAD/204/304 without a body, pipelined requests answered in order, the
// `Connection`/`Keep-Alive`/`Date` headers node:http writes, header name and value checks,
// response trailers, and a coarse idle timeout. What it leaves out is listed in README.md.
import { STATUS_CODES } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'

const require = createRequire(import.meta.url)
const {
  HTTPParser,
  methods,
  _checkIsHttpToken,
  _checkInvalidHeaderChar,
} = require('node:_http_common')

const kOnMessageBegin = HTTPParser.kOnMessageBegin | 0
const kOnHeaders = HTTPParser.kOnHeaders | 0
const kOnHeadersComplete = HTTPParser.kOnHeadersComplete | 0
const kOnBody = HTTPParser.kOnBody | 0
const kOnMessageComplete = HTTPParser.kOnMessageComplete | 0
const kOnExecute = HTTPParser.kOnExecute | 0

/** Responses waiting on a connection (pipelining) past which it stops being read. */
const MAX_WAITING = 16

/**
 * A `net.Server` serving HTTP/1.1, calling `handler(req, res)` per request with the light objects
 * below: the shape of node:http's request listener, so it can be the framework's `serverFactory`.
 *
 * - `keepAliveTimeout` (ms, default 72000 as the framework's) is advertised in `Keep-Alive` and
 *   closes connections idle that long;
 * - `requestTimeout` (ms, default 30000 as the framework's; 0: none) and `headersTimeout` (default
 *   the smaller of it and 60000, as the framework gives node:http) bound how long a request may
 *   take to arrive whole, and its head: past them the server's 'clientError' listeners get
 *   node's `ERR_HTTP_REQUEST_TIMEOUT` (the framework answers 408);
 * - `maxHeaderSize` is llhttp's limit on a head (default node's 16 KiB).
 *
 * Every timeout is checked by one 1 s sweep over the connections, as node:http checks its own
 * (`connectionsCheckingInterval`): nothing is timed per request, so they are up to a second late.
 */
export function createNetServer(handler, options = {}) {
  const requestTimeout = options.requestTimeout ?? 30_000
  const settings = {
    handler,
    keepAliveTimeout: options.keepAliveTimeout ?? 72_000,
    requestTimeout,
    headersTimeout:
      options.headersTimeout ?? (requestTimeout > 0 ? Math.min(requestTimeout, 60_000) : 60_000),
    maxHeaderSize: options.maxHeaderSize ?? 16_384,
    /** Seconds since the server started, advanced by the sweep: the connections' clock. */
    clock: 0,
  }
  settings.keepAliveLine = `Keep-Alive: timeout=${Math.floor(settings.keepAliveTimeout / 1000)}\r\n`
  const server = createServer({ noDelay: true })
  const connections = new Set()
  server.on('connection', (socket) => {
    const connection = new Connection(server, socket, settings)
    connections.add(connection)
    socket.once('close', () => connections.delete(connection))
  })
  const sweep = setInterval(() => {
    settings.clock++
    for (const connection of connections) connection.check(settings)
  }, 1000)
  sweep.unref()
  server.once('close', () => clearInterval(sweep))
  return server
}

/** One socket: its parser, the request being read, and the responses waiting to be written. */
class Connection {
  constructor(server, socket, settings) {
    this.server = server
    this.socket = socket
    this.settings = settings
    /** The request whose head or body the parser is reading. */
    this.reading = null
    /** Responses of this connection not yet finished, oldest first (pipelining). */
    this.queue = []
    /** When (the sweep's clock) the last response finished, or the connection opened. */
    this.lastActive = settings.clock
    /** When the request being read began (its first byte), or -1 between requests. */
    this.readingSince = -1
    /** The head of the request being read is complete. */
    this.headDone = false
    /** The socket is being read (see throttle). */
    this.reading_ = true
    /** Header lines and URL of a head split over several reads (llhttp's kOnHeaders). */
    this.partialHeaders = []
    this.partialUrl = ''
    this.closed = false
    /** Responses whose last bytes are with the socket, oldest first; one write callback for all. */
    this.ending = []
    this.afterEnd = () => onEndWritten(this.ending.shift())
    const parser = new HTTPParser()
    parser.initialize(HTTPParser.REQUEST, { socket }, settings.maxHeaderSize, 0)
    parser.connection = this
    parser[kOnMessageBegin] = onMessageBegin
    parser[kOnHeaders] = onHeaders
    parser[kOnHeadersComplete] = onHeadersComplete
    parser[kOnBody] = onBody
    parser[kOnMessageComplete] = onMessageComplete
    parser[kOnExecute] = onExecute
    this.parser = parser
    socket.connection = this
    socket.on('error', onSocketError)
    socket.on('close', onSocketClose)
    socket.on('end', onSocketEnd)
    if (socket._handle?.isStreamBase) {
      // llhttp reads the socket's handle in C++: no 'data' event, no Buffer handed to JS per read.
      parser.consume(socket._handle)
      parser._consumed = true
      // the handle reads once the socket flows (a consumed handle still needs readStart)
      socket.resume()
    } else {
      socket.on('data', onSocketData)
    }
  }

  /**
   * Bytes that are not HTTP, or a request cut short: the server's 'clientError' listeners answer
   * (the framework's do); without any, a bare 400 and the connection closes, as node:http does.
   */
  fail(error) {
    const socket = this.socket
    if (this.closed) return
    this.closed = true
    if (this.server.listenerCount('clientError') > 0) {
      this.server.emit('clientError', error, socket)
      return
    }
    if (socket.writable && this.queue.length === 0) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    }
    socket.destroySoon()
  }

  /**
   * Reads only while the socket takes what is written and few responses are waiting: a client
   * that pipelines without reading its answers stops being read (node:http pauses the same way).
   * Requests already in the last read still start; that read is at most 64 KiB.
   */
  throttle() {
    const handle = this.socket._handle
    if (handle == null || !this.parser._consumed) return
    const read = !this.socket.writableNeedDrain && this.queue.length < MAX_WAITING
    if (read === this.reading_) return
    this.reading_ = read
    handle.reading = read
    if (read) handle.readStart()
    else {
      handle.readStop()
      if (this.socket.writableNeedDrain) this.socket.once('drain', () => this.throttle())
    }
  }

  /** The sweep's look at this connection: idle too long, or a request too slow to arrive. */
  check(settings) {
    if (this.closed) return
    const now = settings.clock
    if (this.readingSince !== -1) {
      const took = (now - this.readingSince) * 1000
      const limit = this.headDone ? settings.requestTimeout : settings.headersTimeout
      if (limit > 0 && took > limit) {
        const error = new Error('Request timeout')
        error.code = 'ERR_HTTP_REQUEST_TIMEOUT'
        this.fail(error)
      }
    } else if (
      this.queue.length === 0 &&
      (now - this.lastActive) * 1000 > settings.keepAliveTimeout
    ) {
      this.closed = true
      this.socket.destroySoon()
    }
  }

  /** The response at the head of the queue finished: the next one may write. */
  finished(res) {
    this.queue.shift()
    this.lastActive = this.settings.clock
    if (!this.reading_) this.throttle()
    if (res.last) {
      this.closed = true
      this.socket.destroySoon()
      return
    }
    const next = this.queue[0]
    if (next !== undefined) next.flush()
  }
}

function onSocketData(chunk) {
  const connection = this.connection
  const result = connection.parser.execute(chunk)
  if (result instanceof Error) connection.fail(withPacket(result, chunk))
}

function onExecute(result) {
  // what node:http hands its 'clientError' listeners: the bytes that failed to parse
  if (result instanceof Error) this.connection.fail(withPacket(result, this.getCurrentBuffer()))
}

function withPacket(error, chunk) {
  error.rawPacket = chunk
  return error
}

function onSocketError(error) {
  // A reset or a write after the client left: the 'close' that follows ends what is under way.
  this.connection.socketError = error
}

function onSocketEnd() {
  // The client finished sending: a request cut short is a client error (llhttp says so);
  // otherwise answers still owed are written, then the socket closes.
  const connection = this.connection
  if (connection.closed) return
  const result = connection.parser.finish()
  if (result instanceof Error) {
    connection.fail(withPacket(result, connection.parser.getCurrentBuffer()))
    return
  }
  if (connection.queue.length === 0) this.destroySoon()
  else connection.endAfterAnswers = true
}

function onSocketClose() {
  const connection = this.connection
  connection.closed = true
  const parser = connection.parser
  if (parser._consumed) parser.unconsume()
  // freed once the parser's own stack has unwound, as node:http does
  setImmediate(() => parser.close())
  const reading = connection.reading
  if (reading !== null && !reading.complete) reading.abort()
  for (const res of connection.queue) res.abort()
  connection.queue = []
}

function onMessageBegin() {
  const connection = this.connection
  connection.readingSince = connection.settings.clock
  connection.headDone = false
}

function onHeaders(headers, url) {
  const connection = this.connection
  connection.partialHeaders.push(...headers)
  connection.partialUrl += url
}

function onHeadersComplete(major, minor, headers, method, url, _code, _message, upgrade, keep) {
  const connection = this.connection
  if (headers === undefined) {
    headers = connection.partialHeaders
    connection.partialHeaders = []
  }
  if (url === undefined) {
    url = connection.partialUrl
    connection.partialUrl = ''
  }
  if (upgrade) {
    // No upgrade (WebSocket) nor CONNECT in this prototype: the connection is dropped.
    connection.closed = true
    connection.socket.destroy()
    return 2
  }
  connection.headDone = true
  const req = new LightRequest(connection.socket, methods[method], url, headers, major, minor)
  const res = new LightResponse(req, connection, keep)
  connection.reading = req
  connection.queue.push(res)
  if (connection.queue.length >= MAX_WAITING) connection.throttle()
  const expect = req.headers.expect
  if (expect !== undefined && major === 1 && minor === 1) {
    // As node:http with no 'checkContinue' listener: 100 Continue, then the request as any
    // other; an expectation it does not know is refused with 417.
    if (!/(?:^|\W)100-continue(?:$|\W)/i.test(expect)) {
      res.writeHead(417)
      res.end()
      return 0
    }
    res.writeContinue()
  }
  connection.settings.handler(req, res)
  return 0
}

function onBody(chunk) {
  const req = this.connection.reading
  if (req !== null) req.receive(chunk)
}

function onMessageComplete() {
  const connection = this.connection
  const req = connection.reading
  connection.reading = null
  connection.readingSince = -1
  if (req === null) return
  if (connection.partialHeaders.length > 0) {
    // trailers: not kept by this prototype
    connection.partialHeaders = []
    connection.partialUrl = ''
  }
  req.finish()
}

// ---------------------------------------------------------------------------------------------
// Events

/**
 * The events of the light objects: EventEmitter's methods that the framework and plugins call
 * (on, once, off, emit, listeners...), with one listener kept as a bare function and more in an
 * array, and no table until a listener is added: no EventEmitter per request (its init, its
 * newListener and max-listener checks). 'error' with no listener throws, as EventEmitter's;
 * `emit` passes on two arguments at most (the events here have one or none).
 */
export class LightEmitter {
  on(event, listener) {
    const all = (this.events ??= { __proto__: null })
    const had = all[event]
    if (had === undefined) all[event] = listener
    else if (typeof had === 'function') all[event] = [had, listener]
    else had.push(listener)
    return this
  }

  addListener(event, listener) {
    return this.on(event, listener)
  }

  prependListener(event, listener) {
    const all = (this.events ??= { __proto__: null })
    const had = all[event]
    if (had === undefined) all[event] = listener
    else if (typeof had === 'function') all[event] = [listener, had]
    else had.unshift(listener)
    return this
  }

  once(event, listener) {
    const emitter = this
    function wrapper(...args) {
      emitter.removeListener(event, wrapper)
      return listener.apply(emitter, args)
    }
    wrapper.listener = listener
    return this.on(event, wrapper)
  }

  removeListener(event, listener) {
    const had = this.events?.[event]
    if (had === undefined) return this
    if (typeof had === 'function') {
      if (had === listener || had.listener === listener) delete this.events[event]
      return this
    }
    const at = had.findLastIndex((one) => one === listener || one.listener === listener)
    if (at !== -1) had.splice(at, 1)
    if (had.length === 0) delete this.events[event]
    return this
  }

  off(event, listener) {
    return this.removeListener(event, listener)
  }

  removeAllListeners(event) {
    if (event === undefined) this.events = null
    else if (this.events) delete this.events[event]
    return this
  }

  emit(event, a, b) {
    const had = this.events?.[event]
    if (had === undefined) {
      if (event === 'error') throw a
      return false
    }
    if (typeof had === 'function') had.call(this, a, b)
    else for (const one of had.slice()) one.call(this, a, b)
    return true
  }

  listeners(event) {
    const had = this.events?.[event]
    if (had === undefined) return []
    return (typeof had === 'function' ? [had] : had).map((one) => one.listener ?? one)
  }

  rawListeners(event) {
    const had = this.events?.[event]
    return had === undefined ? [] : typeof had === 'function' ? [had] : had.slice()
  }

  listenerCount(event) {
    const had = this.events?.[event]
    return had === undefined ? 0 : typeof had === 'function' ? 1 : had.length
  }

  setMaxListeners() {
    return this
  }
}

// ---------------------------------------------------------------------------------------------
// The request

/**
 * `req`: method, url, headers (node's rules for duplicates), rawHeaders, httpVersion*, socket,
 * and enough of a readable stream for the framework's body reader: 'data', 'end', 'error' and
 * 'close' events, pause()/resume(), readableEnded, complete, aborted, destroyed. No Readable per
 * request: chunks that arrive before anyone reads are kept, and handed out on resume().
 */
export class LightRequest extends LightEmitter {
  constructor(socket, method, url, rawHeaders, major, minor) {
    super()
    this.events = null
    this.socket = socket
    this.method = method
    this.url = url
    this.rawHeaders = rawHeaders
    this.headers = headerObject(rawHeaders)
    this.httpVersionMajor = major
    this.httpVersionMinor = minor
    this.complete = false
    this.aborted = false
    this.destroyed = false
    this.readableEnded = false
    this.flowing = false
    this.chunks = null
  }

  get httpVersion() {
    return `${this.httpVersionMajor}.${this.httpVersionMinor}`
  }

  get connection() {
    return this.socket
  }

  receive(chunk) {
    if (this.flowing) this.emit('data', chunk)
    else if (this.chunks === null) this.chunks = [chunk]
    else this.chunks.push(chunk)
  }

  finish() {
    this.complete = true
    if (this.flowing) this.end()
  }

  end() {
    this.readableEnded = true
    this.emit('end')
  }

  resume() {
    if (this.flowing || this.destroyed) return this
    this.flowing = true
    const chunks = this.chunks
    if (chunks !== null) {
      this.chunks = null
      for (let i = 0; i < chunks.length && this.flowing; i++) this.emit('data', chunks[i])
    }
    if (this.complete && this.flowing && !this.readableEnded) this.end()
    return this
  }

  pause() {
    this.flowing = false
    return this
  }

  isPaused() {
    return !this.flowing
  }

  /** The client left before the request was answered. */
  abort() {
    if (this.destroyed) return
    this.aborted = true
    this.destroyed = true
    this.emit('close')
  }

  destroy(error) {
    if (this.destroyed) return this
    this.destroyed = true
    if (error) this.emit('error', error)
    this.emit('close')
    this.socket.destroy()
    return this
  }
}

/**
 * node:http's header object from the flat [name, value, ...] list: names lower-cased; a repeated
 * field joined with ', ' (with '; ' for cookie), set-cookie as an array, and the single-valued
 * fields node keeps the first of (content-type, content-length, authorization, host, ...).
 */
function headerObject(raw) {
  // a plain object, as node's (plugins call hasOwnProperty on it)
  const headers = {}
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase()
    const value = raw[i + 1]
    const previous = headers[name]
    if (previous === undefined) headers[name] = name === 'set-cookie' ? [value] : value
    else if (name === 'set-cookie') previous.push(value)
    else if (name === 'cookie') headers[name] = `${previous}; ${value}`
    else if (!DROP_DUPLICATES.has(name)) headers[name] = `${previous}, ${value}`
  }
  return headers
}

const DROP_DUPLICATES = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
])

// ---------------------------------------------------------------------------------------------
// The response

let dateCache
function utcDate() {
  if (dateCache === undefined) {
    const now = new Date()
    dateCache = now.toUTCString()
    setTimeout(() => {
      dateCache = undefined
    }, 1000 - now.getMilliseconds()).unref()
  }
  return dateCache
}

function headersSentError() {
  return Object.assign(new Error('Cannot set headers after they are sent to the client'), {
    code: 'ERR_HTTP_HEADERS_SENT',
  })
}

function checkName(name) {
  if (typeof name !== 'string' || name === '' || !_checkIsHttpToken(name)) {
    throw Object.assign(new TypeError(`Header name must be a valid HTTP token ["${name}"]`), {
      code: 'ERR_INVALID_HTTP_TOKEN',
    })
  }
}

/** Distinct header names checked so far, with their lower-cased form (bounded). */
const checkedNames = new Map()
const CHECKED_NAMES_LIMIT = 1024

/**
 * The lower-cased form of a header name, which must be an HTTP token: checked and lower-cased
 * once per distinct name (the same few dozen names come back on every response), the cache
 * bounded so that names made up per request cannot grow it.
 */
function lowerName(name) {
  const known = checkedNames.get(name)
  if (known !== undefined) return known
  checkName(name)
  const lower = name.toLowerCase()
  if (checkedNames.size < CHECKED_NAMES_LIMIT) checkedNames.set(name, lower)
  return lower
}

function checkValue(name, value) {
  if (value === undefined) {
    throw Object.assign(new TypeError(`Invalid value "undefined" for header "${name}"`), {
      code: 'ERR_HTTP_INVALID_HEADER_VALUE',
    })
  }
  if (Array.isArray(value)) {
    for (const one of value) checkValue(name, one)
  } else if (_checkInvalidHeaderChar(value)) {
    throw Object.assign(new TypeError(`Invalid character in header content ["${name}"]`), {
      code: 'ERR_INVALID_CHAR',
    })
  }
}

/**
 * `res`: statusCode, statusMessage, setHeader/getHeader/getHeaders/getHeaderNames/hasHeader/
 * removeHeader, writeHead, write, end, headersSent, writableEnded, writableFinished, destroyed,
 * socket, req, shouldKeepAlive, 'finish' and 'close' events. The head is one string built once
 * from the headers set (in the order set, as node keeps them) and those writeHead adds, then
 * Date, Connection and Keep-Alive as node:http writes them; a body given to end() goes out in the
 * same socket write as the head.
 */
export class LightResponse extends LightEmitter {
  constructor(req, connection, keepAlive) {
    super()
    this.events = null
    this.req = req
    this.connection = connection
    this.socket = connection.socket
    this.statusCode = 200
    this.statusMessage = undefined
    this.shouldKeepAlive = keepAlive
    this.sendDate = true
    /**
     * Headers set one by one, in the order set: their names lower-cased, as given, and values
     * (three parallel arrays: a response has a few dozen at most, found by indexOf on names
     * that are mostly the same string objects, from `lowerName`'s cache).
     */
    this.outLowers = null
    this.outNames = null
    this.outValues = null
    /** writeHead's own headers once merged with those set (read back by getHeader). */
    this.merged = null
    this.head = null
    this.headersSent = false
    this.writableEnded = false
    this.writableFinished = false
    this.destroyed = false
    this.chunked = false
    this.hasBody = req.method !== 'HEAD'
    /** The connection closes after this response. */
    this.last = false
    /** Trailer lines of a chunked response (addTrailers). */
    this.trailer = ''
    /** Output waiting for the responses before this one (pipelining). */
    this.waiting = null
  }

  setHeader(name, value) {
    if (this.head !== null) throw headersSentError()
    const lower = lowerName(name)
    checkValue(name, value)
    if (this.outLowers === null) {
      this.outLowers = [lower]
      this.outNames = [name]
      this.outValues = [value]
      return this
    }
    const at = this.outLowers.indexOf(lower)
    if (at === -1) {
      this.outLowers.push(lower)
      this.outNames.push(name)
      this.outValues.push(value)
    } else {
      this.outNames[at] = name
      this.outValues[at] = value
    }
    return this
  }

  getHeader(name) {
    const lower = name.toLowerCase()
    if (this.merged !== null) {
      for (const key in this.merged) if (key.toLowerCase() === lower) return this.merged[key]
    }
    const at = this.outLowers === null ? -1 : this.outLowers.indexOf(lower)
    return at === -1 ? undefined : this.outValues[at]
  }

  hasHeader(name) {
    return this.getHeader(name) !== undefined
  }

  removeHeader(name) {
    if (this.head !== null) throw headersSentError()
    const at = this.outLowers === null ? -1 : this.outLowers.indexOf(name.toLowerCase())
    if (at === -1) return
    this.outLowers.splice(at, 1)
    this.outNames.splice(at, 1)
    this.outValues.splice(at, 1)
  }

  getHeaderNames() {
    return Object.keys(this.getHeaders())
  }

  getHeaders() {
    const out = { __proto__: null }
    if (this.outLowers !== null) {
      for (let i = 0; i < this.outLowers.length; i++) out[this.outLowers[i]] = this.outValues[i]
    }
    if (this.merged !== null)
      for (const key in this.merged) out[key.toLowerCase()] = this.merged[key]
    return out
  }

  get writableLength() {
    return 0
  }

  writeHead(statusCode, reason, headers) {
    if (this.head !== null) throw headersSentError()
    if (typeof reason === 'string') this.statusMessage = reason
    else {
      headers = headers ?? reason
      this.statusMessage ??= STATUS_CODES[statusCode] ?? 'unknown'
    }
    this.statusCode = statusCode
    if (statusCode === 204 || statusCode === 304 || statusCode < 200) this.hasBody = false
    let head = `HTTP/1.1 ${statusCode} ${this.statusMessage}\r\n`
    const state = { head, connection: false, length: false, te: false, date: false }
    if (this.outLowers !== null) this.mergeLines(state, headers)
    else if (headers != null) {
      for (const key of Object.keys(headers)) {
        const value = headers[key]
        const lower = lowerName(key)
        checkValue(key, value)
        addLine(state, key, lower, value)
      }
    }
    head = state.head
    if (this.sendDate && !state.date) head += `Date: ${utcDate()}\r\n`
    if (!state.connection) {
      if (this.shouldKeepAlive) {
        head += `Connection: keep-alive\r\n${this.connection.settings.keepAliveLine}`
      } else {
        this.last = true
        head += 'Connection: close\r\n'
      }
    } else if (state.close) this.last = true
    if (!state.length && !state.te && this.hasBody) {
      if (this.contentLength !== undefined) head += `Content-Length: ${this.contentLength}\r\n`
      else {
        head += 'Transfer-Encoding: chunked\r\n'
        this.chunked = true
      }
    } else if (state.te) this.chunked = state.chunked
    this.head = `${head}\r\n`
    return this
  }

  /**
   * The lines of the headers set one by one, in the order set, then those of writeHead's object
   * not set before: a name in both keeps its place with writeHead's spelling and value, as node's
   * writeHead (which calls setHeader for each) writes it, without a second pass through setHeader.
   */
  mergeLines(state, headers) {
    const lowers = this.outLowers
    const names = this.outNames
    const values = this.outValues
    const keys = headers == null ? null : Object.keys(headers)
    // per writeHead key: its lower-cased name, and whether a header set before has it
    let keyLowers = null
    let replaced = 0
    if (keys !== null) {
      keyLowers = new Array(keys.length)
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]
        const lower = lowerName(key)
        checkValue(key, headers[key])
        keyLowers[k] = lower
        const at = lowers.indexOf(lower)
        if (at !== -1) {
          names[at] = key
          values[at] = headers[key]
          replaced++
        }
      }
      this.merged = headers
    }
    for (let i = 0; i < lowers.length; i++) addLine(state, names[i], lowers[i], values[i])
    if (keys === null) return
    for (let k = 0; k < keys.length; k++) {
      if (replaced === 0 || !lowers.includes(keyLowers[k])) {
        addLine(state, keys[k], keyLowers[k], headers[keys[k]])
      }
    }
  }

  write(chunk, encoding, callback) {
    if (typeof encoding === 'function') {
      callback = encoding
      encoding = undefined
    }
    if (this.writableEnded) throw new Error('write after end')
    if (this.head === null) this.writeHead(this.statusCode)
    if (!this.hasBody) {
      if (callback) process.nextTick(callback)
      return true
    }
    let out = chunk
    if (this.chunked) {
      const length = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length
      if (length === 0) return true
      if (typeof chunk === 'string') out = `${length.toString(16)}\r\n${chunk}\r\n`
      else out = [`${length.toString(16)}\r\n`, chunk, '\r\n']
    }
    return this.output(out, encoding, callback)
  }

  end(chunk, encoding, callback) {
    if (typeof chunk === 'function') {
      callback = chunk
      chunk = undefined
    } else if (typeof encoding === 'function') {
      callback = encoding
      encoding = undefined
    }
    if (this.writableEnded) return this
    if (callback) this.once('finish', callback)
    if (this.head === null) {
      this.contentLength = chunk
        ? typeof chunk === 'string'
          ? Buffer.byteLength(chunk, encoding)
          : chunk.length
        : 0
      this.writeHead(this.statusCode)
    }
    this.writableEnded = true
    let out = chunk && this.hasBody ? chunk : ''
    if (this.chunked) {
      if (out.length > 0) {
        const length = typeof out === 'string' ? Buffer.byteLength(out, encoding) : out.length
        out =
          typeof out === 'string'
            ? `${length.toString(16)}\r\n${out}\r\n0\r\n${this.trailer}\r\n`
            : [`${length.toString(16)}\r\n`, out, `\r\n0\r\n${this.trailer}\r\n`]
      } else out = `0\r\n${this.trailer}\r\n`
    }
    this.output(out, encoding, END)
    return this
  }

  /** `HTTP/1.1 100 Continue`, ahead of the response (the head is still to come). */
  writeContinue() {
    if (this.connection.queue[0] === this) this.socket.write('HTTP/1.1 100 Continue\r\n\r\n')
    else (this.waiting ??= []).push(['HTTP/1.1 100 Continue\r\n\r\n', 'latin1', undefined])
  }

  /** Trailer fields, written after the last chunk of a chunked response (node drops them otherwise). */
  addTrailers(fields) {
    for (const name of Object.keys(fields)) {
      checkName(name)
      checkValue(name, fields[name])
      this.trailer += `${name}: ${fields[name]}\r\n`
    }
  }

  /** Hands bytes to the socket, the head first if not sent; held while an earlier response writes. */
  output(data, encoding, callback) {
    if (this.connection.queue[0] !== this) {
      ;(this.waiting ??= []).push([this.takeHead(data), encoding, callback])
      return true
    }
    return this.send(this.takeHead(data), encoding, callback)
  }

  send(data, encoding, callback) {
    const socket = this.socket
    if (socket.destroyed) return false
    if (callback === END) {
      this.connection.ending.push(this)
      callback = this.connection.afterEnd
    }
    let ok = true
    if (typeof data === 'string') ok = socket.write(data, encoding, callback)
    else {
      socket.cork()
      for (let i = 0; i < data.length; i++) {
        ok = socket.write(data[i], i === data.length - 1 ? callback : undefined)
      }
      socket.uncork()
    }
    if (!ok) this.connection.throttle()
    return ok
  }

  /** The head joined to the first bytes written (one string when both are strings). */
  takeHead(data) {
    if (this.headersSent) return data
    this.headersSent = true
    const head = this.head
    if (typeof data === 'string') return head + data
    return Array.isArray(data) ? [head, ...data] : [head, data]
  }

  /** Writes what waited for the responses before it. */
  flush() {
    const waiting = this.waiting
    if (waiting === null) return
    this.waiting = null
    for (const [data, encoding, callback] of waiting) this.send(data, encoding, callback)
  }

  /** The connection closed before this response finished. */
  abort() {
    if (this.destroyed) return
    this.destroyed = true
    this.req.abort()
    this.emit('close')
  }

  destroy() {
    if (this.destroyed) return this
    this.destroyed = true
    this.socket.destroy()
    return this
  }

  flushHeaders() {
    if (this.head === null) this.writeHead(this.statusCode)
    if (!this.headersSent) this.output('', 'latin1')
  }
}

/** Adds one header line (or one per array item), noting the fields that frame the message. */
function addLine(state, name, lower, value) {
  if (Array.isArray(value)) {
    if (value.length < 2 || lower !== 'cookie') {
      for (const one of value) addLine(state, name, lower, one)
      return
    }
    value = value.join('; ')
  }
  state.head += `${name}: ${value}\r\n`
  const length = lower.length
  if (length < 4 || length > 17) return
  switch (lower) {
    case 'connection':
      state.connection = true
      if (/(?:^|\W)close(?:$|\W)/i.test(value)) state.close = true
      break
    case 'content-length':
      state.length = true
      break
    case 'transfer-encoding':
      state.te = true
      state.chunked = /(?:^|\W)chunked(?:$|\W)/i.test(value)
      break
    case 'date':
      state.date = true
      break
  }
}

/** Marks the end of a response's bytes in `output`: the connection's shared callback takes it. */
const END = Symbol('end')

/** The socket took the last bytes of `res`. */
function onEndWritten(res) {
  if (res === undefined || res.destroyed) return
  res.writableFinished = true
  const req = res.req
  const connection = res.connection
  connection.finished(res)
  res.emit('finish')
  res.emit('close')
  if (!req.destroyed) {
    req.destroyed = true
    req.emit('close')
  }
  if (connection.endAfterAnswers && connection.queue.length === 0) res.socket.destroySoon()
}
