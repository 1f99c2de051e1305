const token = /^[!#$%&'*+.^_`|~0-9a-z-]+$/
const cache = new Map<string, string | null>()
const cacheLimit = 256

/**
 * The essence of a Content-Type (`type/subtype`, lower-cased, parameters dropped), or undefined
 * when it is not a valid media type. Strict: `application/json` and `application/jsonx` differ.
 *
 * @example
 * mediaTypeEssence('Application/JSON; charset=utf-8') // 'application/json'
 */
export function mediaTypeEssence(header: string): string | undefined {
  // A request's header is a new string each time: comparing it with the last one costs less than
  // hashing it for the map (most requests to a service send the same Content-Type).
  if (header === lastHeader) return lastEssence
  const cached = cache.get(header)
  const result = cached !== undefined ? (cached ?? undefined) : parse(header)
  if (cached === undefined && cache.size < cacheLimit) cache.set(header, result ?? null)
  lastHeader = header
  lastEssence = result
  return result
}

let lastHeader: string | undefined
let lastEssence: string | undefined

function parse(header: string): string | undefined {
  const semicolon = header.indexOf(';')
  const essence = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase()
  const slash = essence.indexOf('/')
  if (slash === -1) return undefined
  const type = essence.slice(0, slash)
  const subtype = essence.slice(slash + 1)
  if (!token.test(type) || !token.test(subtype)) return undefined
  return essence
}

/** JSON media types: `application/json` and any `type/subtype+json`. */
export function isJsonEssence(essence: string): boolean {
  if (essence === 'application/json') return true
  const slash = essence.indexOf('/')
  return essence.endsWith('+json') && essence.length - slash - 1 > 5
}

const parameterCache = new Map<string, string | null>()

/**
 * A Content-Type with its parameters, normalized as Fastify 5 keys and matches parsers registered
 * with parameters: the essence, then each `name="value"` (names lower-cased, values unquoted and
 * requoted) in the order given, joined by `; `. Without parameters, the essence; undefined when
 * not a media type.
 *
 * @example
 * normalizedContentType('Application/JSON; Charset=utf8') // 'application/json; charset="utf8"'
 */
export function normalizedContentType(header: string): string | undefined {
  const essence = mediaTypeEssence(header)
  if (essence === undefined) return undefined
  const semicolon = header.indexOf(';')
  if (semicolon === -1) return essence
  const cached = parameterCache.get(header)
  if (cached !== undefined) return cached ?? undefined
  const parameters: string[] = []
  for (const [name, value] of readParameters(header.slice(semicolon + 1))) {
    parameters.push(`${name}="${value}"`)
  }
  const result = parameters.length === 0 ? essence : `${essence}; ${parameters.join('; ')}`
  if (parameterCache.size < cacheLimit) parameterCache.set(header, result)
  return result
}

/** The `name=value` pairs of a parameter list; a malformed pair is skipped. */
function readParameters(list: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  let index = 0
  while (index < list.length) {
    const equals = list.indexOf('=', index)
    if (equals === -1) break
    const name = list.slice(index, equals).trim().toLowerCase()
    let value: string
    let next: number
    if (list[equals + 1] === '"') {
      // A quoted string: up to the closing quote, backslash escapes taken literally.
      let text = ''
      let at = equals + 2
      while (at < list.length && list[at] !== '"') {
        if (list[at] === '\\' && at + 1 < list.length) at++
        text += list[at]
        at++
      }
      value = text
      const after = list.indexOf(';', at)
      next = after === -1 ? list.length : after + 1
    } else {
      const end = list.indexOf(';', equals)
      value = list.slice(equals + 1, end === -1 ? list.length : end).trim()
      next = end === -1 ? list.length : end + 1
    }
    if (token.test(name) && value !== '') pairs.push([name, value])
    index = next
  }
  return pairs
}
