import { Socket } from 'node:net'

/**
 * How long, after its last answer was written out, a closing connection keeps reading (and
 * discarding) what its client still sends before it is destroyed.
 */
export const LINGER_MS = 2000

/** How many bytes a closing connection discards at most before it is destroyed. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024

const kLingering = Symbol('framework.http.lingering')

type LingeringSocket = Socket & { [kLingering]?: true; parser?: object | null }

/**
 * Closes an HTTP/1 connection whose last answer has been handed to it, without losing that answer
 * (what nginx calls a lingering close): the write side ends after the answer (a FIN, the client
 * reads everything before it), the socket is taken from Node's HTTP parser (nothing read from now
 * on is parsed, so no further request starts), and what the client still sends is read and
 * discarded until the client closes its side, {@link LINGER_MAX_BYTES} were discarded, or
 * {@link LINGER_MS} passed once the answer was written out; then the socket is destroyed.
 *
 * Destroying a socket with unread data at once makes the kernel answer with a reset, and a reset
 * discards the answer on its way to a client still busy writing its request body (a 413 for a body
 * over the limit, a 400, the 503 while closing).
 */
export function lingerClose(socket: Socket): void {
  const lingering = socket as LingeringSocket
  if (lingering[kLingering] === true || socket.destroyed) return
  lingering[kLingering] = true
  detachHttpParser(socket)
  let discarded = 0
  let timer: NodeJS.Timeout | undefined
  const destroy = (): void => {
    clearTimeout(timer)
    socket.destroy()
  }
  const destroyOnceWritten = (): void => {
    if (socket.writableFinished) destroy()
    else socket.once('finish', destroy)
  }
  socket.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > LINGER_MAX_BYTES) destroy()
  })
  socket.once('end', destroyOnceWritten)
  socket.once('close', () => clearTimeout(timer))
  const startClock = (): void => {
    timer = setTimeout(destroy, LINGER_MS)
    timer.unref()
  }
  if (socket.writableFinished) startClock()
  else socket.once('finish', startClock)
  if (socket.writable) socket.end()
  if (socket.readableEnded) destroyOnceWritten()
  else socket.resume()
}

function lingeringDestroySoon(this: LingeringSocket): void {
  // A socket handed over by an upgrade (WebSocket) no longer has Node's parser: Node's own way.
  if (this.parser == null) Socket.prototype.destroySoon.call(this)
  else lingerClose(this)
}

/**
 * Makes Node's HTTP server close `socket` with {@link lingerClose} after a response that closes the
 * connection (Node calls `destroySoon()` then, which destroys the socket as soon as the response
 * is written out). Set on each HTTP/1 connection as it is accepted.
 */
export function closeLingering(socket: Socket): void {
  socket.destroySoon = lingeringDestroySoon
}

/** True once {@link lingerClose} took the socket. */
export function isLingering(socket: Socket | null | undefined): boolean {
  return (socket as LingeringSocket | null | undefined)?.[kLingering] === true
}

/**
 * Node's HTTP server reads a socket through its parser (in C++, or from the socket's 'data'
 * events) and ends the socket on the client's FIN. Adding a 'data' listener makes Node hand the
 * reading back to the socket (its listener wrapper "unconsumes" the parser); the server's own
 * 'data' and 'end' listeners are then removed, so the bytes that follow reach no parser.
 */
function detachHttpParser(socket: Socket): void {
  const noop = (): void => {}
  socket.on('data', noop)
  socket.removeListener('data', noop)
  for (const listener of socket.listeners('data')) {
    if ((listener as { name?: string }).name === 'bound socketOnData') {
      socket.removeListener('data', listener as () => void)
    }
  }
  for (const listener of socket.listeners('end')) {
    if ((listener as { name?: string }).name === 'bound socketOnEnd') {
      socket.removeListener('end', listener as () => void)
    }
  }
}
