/*
 * What HTTP/1.1 allows in a response header, checked where a header is set so that writing the
 * response head can never fail later. The rules are those Node's own `writeHead` enforces:
 * a name is an RFC 9110 token; a value holds only tab, visible ASCII, space and obs-text
 * (U+0080-U+00FF), so no CR, LF, NUL or other control characters and nothing above U+00FF.
 */

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const FORBIDDEN_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/

/** True when `name` may be sent as a header name. */
export function isHeaderName(name: unknown): name is string {
  return typeof name === 'string' && TOKEN.test(name)
}

/** True when `value` may be sent as (one line of) a header value. */
export function isHeaderValue(value: string): boolean {
  return !FORBIDDEN_VALUE_CHAR.test(value)
}
