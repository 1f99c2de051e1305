import type { RawRequest } from '../contracts/transport.js'

/** Makes a request id from the raw request; `this` is the instance of the route's context. */
export type GenReqId = (raw: any) => string

/** A request id taken from a client header must look like an id: short, printable, no spaces. */
const trustedIdPattern = /^[\w.:/@+=-]{1,128}$/

/**
 * The request-id generator of `genReqId` (the factory option or `setGenReqId`): with
 * `requestIdHeader`, a valid value of that header wins and anything else falls back to the
 * generator, so a client cannot inject log lines through its id. Without a generator, a counter
 * (`req-1`, `req-2`...).
 *
 * @example
 * const gen = requestIdGenerator(undefined, 'x-request-id')
 * gen({ headers: { 'x-request-id': 'abc' } }) // 'abc'
 */
export function requestIdGenerator(
  genReqId: GenReqId | undefined,
  requestIdHeader: string | false | undefined,
): GenReqId {
  let counter = 0
  const generate = genReqId ?? (() => `req-${++counter}`)
  if (!requestIdHeader) return generate
  const header = requestIdHeader.toLowerCase()
  return function fromHeader(this: unknown, raw: RawRequest) {
    const value = raw.headers[header]
    return typeof value === 'string' && trustedIdPattern.test(value)
      ? value
      : generate.call(this, raw)
  }
}
