/** The status codes the selector precomputes: every three-digit code. */
const tableSize = 1000

/**
 * Builds the choice of a route's response schema for a status code, per API.md: the exact code
 * (`'201'`), then its class (`'2xx'`, also written `'2XX'`), then `'default'`; `undefined` when
 * none applies. The answer for every three-digit code is computed once, so each call is one array
 * read. Keys that are none of these forms are ignored. When a class is given in both spellings,
 * the first one in `keys` wins.
 *
 * @example
 * const select = buildResponseSelector(['200', '4xx', 'default'])
 * select(200) // '200'
 * select(404) // '4xx'
 * select(500) // 'default'
 */
export function buildResponseSelector(
  keys: readonly string[],
): (statusCode: number) => string | undefined {
  const exact = new Map<number, string>()
  const classes = new Map<number, string>()
  let fallback: string | undefined
  for (const key of keys) {
    if (/^[1-9]\d\d$/.test(key)) {
      if (!exact.has(Number(key))) exact.set(Number(key), key)
    } else if (/^[1-9]xx$/i.test(key)) {
      const digit = Number(key[0])
      if (!classes.has(digit)) classes.set(digit, key)
    } else if (key === 'default' && fallback === undefined) {
      fallback = key
    }
  }

  const table: (string | undefined)[] = new Array(tableSize).fill(fallback)
  for (let code = 100; code < tableSize; code++) {
    table[code] = exact.get(code) ?? classes.get(Math.floor(code / 100)) ?? fallback
  }
  return function selectResponse(statusCode) {
    return table[statusCode] ?? fallback
  }
}
