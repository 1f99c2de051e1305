import type { IncomingMessage } from 'node:http'

/** A request id taken from a client header must look like an id: short, printable, no spaces. */
const trustedIdPattern = /^[\w.:/@+=-]{1,128}$/

/**
 * The request-id generator the options ask for, or undefined for the core's default counter.
 * With `requestIdHeader`, a valid value of that header is used and anything else falls back to the
 * generator, so a client cannot inject log lines through its id.
 */
export function requestIdGenerator(
  genReqId: ((raw: IncomingMessage) => string) | undefined,
  requestIdHeader: string | false | undefined,
): ((raw: IncomingMessage) => string) | undefined {
  if (!requestIdHeader) return genReqId
  const header = requestIdHeader.toLowerCase()
  let counter = 0
  const fallback = genReqId ?? (() => `req-${(++counter).toString(36)}`)
  return (raw) => {
    const value = raw.headers[header]
    return typeof value === 'string' && trustedIdPattern.test(value) ? value : fallback(raw)
  }
}
