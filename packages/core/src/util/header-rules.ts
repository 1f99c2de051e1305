/*
 * What HTTP/1.1 allows in a response header, checked where a header is set so that writing the
 * response head can never fail later. The rules are those Node's own `writeHead` enforces:
 * a name is an RFC 9110 token; a value holds only tab, visible ASCII, space and obs-text
 * (U+0080-U+00FF), so no CR, LF, NUL or other control characters and nothing above U+00FF.
 */

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const FORBIDDEN_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/

/**
 * Names already found to be tokens: a service sets the same few names on every reply, and a set
 * lookup costs a fraction of the regular expression. Bounded, so names that vary cannot grow it.
 */
const knownNames = new Set<string>()
const KNOWN_NAMES_MAX = 512

/** True when `name` may be sent as a header name. */
export function isHeaderName(name: unknown): name is string {
  if (typeof name !== 'string') return false
  if (knownNames.has(name)) return true
  if (!TOKEN.test(name)) return false
  if (knownNames.size < KNOWN_NAMES_MAX) knownNames.add(name)
  return true
}

/** True when `value` may be sent as (one line of) a header value. */
export function isHeaderValue(value: string): boolean {
  return !FORBIDDEN_VALUE_CHAR.test(value)
}
