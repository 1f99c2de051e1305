/** A route path in OpenAPI's form, with the names of its path parameters. */
export interface PathTemplate {
  /** `/users/{id}` for `/users/:id`. */
  path: string
  /** Parameter names in order of appearance (`*` for a wildcard). */
  params: string[]
}

/**
 * Turns a route path (find-my-way syntax) into an OpenAPI path template: `:id` and `:id(^\\d+)`
 * → `{id}`, several parameters in one segment (`/:from-:to`) each their own, a trailing `*` →
 * `{*}`, and `::` (an escaped colon) → `:`.
 *
 * @example
 * toPathTemplate('/users/:id(^\\d+)/files/*') // { path: '/users/{id}/files/{*}', params: ['id', '*'] }
 */
export function toPathTemplate(url: string): PathTemplate {
  const params: string[] = []
  let path = ''
  for (let i = 0; i < url.length; i++) {
    const char = url[i]!
    if (char === ':' && url[i + 1] === ':') {
      path += ':'
      i++
    } else if (char === ':') {
      let end = i + 1
      while (end < url.length && /[\w$]/.test(url[end]!)) end++
      const name = url.slice(i + 1, end)
      if (url[end] === '(') end = closingParen(url, end) + 1
      params.push(name)
      path += `{${name}}`
      i = end - 1
    } else if (char === '*') {
      params.push('*')
      path += '{*}'
    } else {
      path += char
    }
  }
  return { path, params }
}

function closingParen(url: string, open: number): number {
  let depth = 0
  for (let i = open; i < url.length; i++) {
    if (url[i] === '\\') i++
    else if (url[i] === '(') depth++
    else if (url[i] === ')' && --depth === 0) return i
  }
  return url.length - 1
}
