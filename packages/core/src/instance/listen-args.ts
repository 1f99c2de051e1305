import type { ListenOptions } from '../contracts/transport.js'

type Callback = (error: Error | null, value?: any) => void

/** What `listen(...)` was asked: the options (host defaulted unless a path) and the callback. */
export interface ListenRequest {
  options: ListenOptions
  callback: Callback | undefined
}

/**
 * Reads the forms of `listen()` Fastify 4 accepts: `listen([options][, callback])`, and the
 * deprecated positional ones, `listen(port[, host][, backlog][, callback])` (a port given as text
 * is a number, one that is no valid port listens on a free one, as Fastify's `'-1'`),
 * `listen(path[, backlog][, callback])` (text that is not a number names a pipe or Unix socket)
 * and `listen(options, backlog, callback)`. The host defaults to `localhost` unless a path is given.
 *
 * @example
 * readListenArgs(['/tmp/app.sock', 511]) // { options: { path: '/tmp/app.sock', backlog: 511 } }
 */
export function readListenArgs(args: readonly unknown[]): ListenRequest {
  const rest = [...args]
  const callback =
    typeof rest[rest.length - 1] === 'function' ? (rest.pop() as Callback) : undefined
  const first = rest[0]
  let options: ListenOptions
  if (typeof first === 'object' && first !== null) {
    options = { ...(first as ListenOptions) }
    // listen(options, backlog): what follows the object is read as the positional form would.
    if (typeof rest[1] === 'number') options.backlog = rest[1]
  } else if (first === undefined) {
    options = {}
  } else if (typeof first === 'string' && Number.isNaN(Number(first))) {
    options = { path: first }
    if (rest.length > 1) options.backlog = rest[rest.length - 1] as number
  } else {
    options = { port: Number.isInteger(first) ? (first as number) : freePortUnless(first) }
    if (typeof rest[1] === 'string' && rest[1] !== '') options.host = rest[1]
    if (rest.length >= 3) options.backlog = rest[2] as number
  }
  if (options.path === undefined || options.path === null) {
    options.host ??= 'localhost'
  }
  return { options, callback }
}

/** A positional port: its number when it is a valid one, else 0 (a free port), as Fastify 4. */
function freePortUnless(value: unknown): number {
  const port = Number(value)
  return Number.isInteger(port) && port >= 0 ? port : 0
}
