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
  const cached = cache.get(header)
  if (cached !== undefined) return cached ?? undefined
  const result = parse(header)
  if (cache.size < cacheLimit) cache.set(header, result ?? null)
  return result
}

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
