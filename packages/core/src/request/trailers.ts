import { createError } from '@framework/error-formatter'
import type { OutgoingHeaders, TrailerSource } from '../contracts/transport.js'
import type { Logger } from '../types/logger.js'
import { isThenable, kHeaders, kTrailers } from '../util/index.js'

/** What of a reply the trailers read (the reply itself; declared here so reply.ts imports this file). */
export interface TrailerReply {
  [kTrailers]: TrailerTable | null
  [kHeaders]: Record<string, string | number | readonly string[]>
  readonly request: { readonly log: Logger }
}

/**
 * A trailer's value: `(reply, payload, done)` calling `done(error, value)`, or an async function
 * returning the value. The payload is the body as sent (a string or Buffer), or null for a stream.
 */
export type TrailerFunction = (
  reply: any,
  payload: unknown,
  done: (error: Error | null, value?: string) => void,
) => unknown

/** Trailer functions by lower-cased name; a removed trailer is `undefined`. */
export type TrailerTable = Record<string, TrailerFunction | undefined>

/**
 * The fields RFC 9110 forbids in a trailer section (framing, routing, authentication, content
 * metadata, and `trailer` itself): Fastify refuses the same names.
 */
const FORBIDDEN = new Set([
  'transfer-encoding',
  'content-length',
  'host',
  'cache-control',
  'max-forwards',
  'te',
  'authorization',
  'set-cookie',
  'content-encoding',
  'content-type',
  'content-range',
  'trailer',
])

/** `reply.trailer(name, fn)`: checks the name and the function, and records it. */
export function addTrailer(reply: TrailerReply, name: string, fn: unknown): void {
  const key = String(name).toLowerCase()
  if (FORBIDDEN.has(key)) throw createError('FRM_ERR_BAD_TRAILER_NAME', key)
  if (typeof fn !== 'function') throw createError('FRM_ERR_BAD_TRAILER_VALUE', key, typeof fn)
  const table = (reply[kTrailers] ??= Object.create(null) as TrailerTable)
  table[key] = fn as TrailerFunction
}

/** Whether a trailer table still holds a trailer (removed ones are `undefined`). */
export function hasTrailers(table: TrailerTable): boolean {
  for (const name in table) if (table[name] !== undefined) return true
  return false
}

/**
 * The trailer source of a reply about to be written, or undefined when it has no trailer. It also
 * sets the headers a response with trailers needs: `transfer-encoding: chunked` and `trailer`
 * naming each one.
 *
 * The source runs every trailer function once the body is written, and hands the transport the
 * values of those that succeeded: a failing trailer is left out (the client already has the body)
 * and logged at debug level.
 */
export function trailerSource(reply: TrailerReply, payload: unknown): TrailerSource | undefined {
  const table = reply[kTrailers]
  if (table === null) return undefined
  const names = Object.keys(table).filter((name) => table[name] !== undefined)
  const headers: OutgoingHeaders = reply[kHeaders]
  headers['transfer-encoding'] = 'chunked'
  headers['trailer'] = names.join(' ')
  if (names.length === 0) return (finish) => finish({})
  return (finish) => collect(reply, table, names, payload, finish)
}

function collect(
  reply: TrailerReply,
  table: TrailerTable,
  names: readonly string[],
  payload: unknown,
  finish: (trailers: Record<string, string>) => void,
): void {
  const values: Record<string, string> = {}
  let pending = names.length
  for (const name of names) {
    let settled = false
    const done = (error: Error | null, value?: unknown): void => {
      if (settled) return
      settled = true
      if (error !== null && error !== undefined) reply.request.log.debug({ err: error }, 'trailer')
      else if (value !== undefined && value !== null) values[name] = String(value)
      pending -= 1
      // The trailers are written once every function has answered (and after this turn, so a
      // function that answers at once does not write them before the others have started).
      if (pending === 0) process.nextTick(finish, values)
    }
    try {
      const result = table[name]!(reply, payload, done)
      if (isThenable(result)) {
        ;(result as Promise<unknown>).then(
          (value) => done(null, value),
          (error) => done(error ?? new Error('trailer failed')),
        )
      } else if (result !== undefined && result !== null) {
        done(null, result)
      }
    } catch (error) {
      done(error as Error)
    }
  }
}
