/** A route path token: `::` (an escaped colon), `:name` with an optional `(regex)`, or `*`. */
const token = /::|:([\w$]+)(?:\((?:\\.|[^\\)])*\))?|\*/g

function encodeValue(value: unknown): string {
  return encodeURIComponent(String(value))
}

/**
 * The path and query of a request: `:name` (and `:name(regex)`) replaced by the encoded param,
 * `*` by the `'*'` param encoded segment by segment, `::` by `:`; query values appended as the
 * server parses them, an array as the key repeated. A missing path param throws.
 *
 * @example
 * buildUrl('/users/:id', { id: 'a b' }, { tag: ['x', 'y'] }) // '/users/a%20b?tag=x&tag=y'
 */
export function buildUrl(
  path: string,
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): string {
  const url = path.replace(token, (match, name: string | undefined) => {
    if (match === '::') return ':'
    const key = name ?? '*'
    const value = params[key]
    if (value === undefined || value === null)
      throw new TypeError(`Missing path param '${key}' for ${path}`)
    return name === undefined
      ? String(value).split('/').map(encodeValue).join('/')
      : encodeValue(value)
  })
  const search = new URLSearchParams()
  for (const key of Object.keys(query)) {
    for (const item of ([] as unknown[]).concat(query[key])) {
      if (item !== undefined)
        search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item))
    }
  }
  const text = search.toString()
  return text === '' ? url : `${url}?${text}`
}
