import { createError } from '@framework/error-formatter'
import { describe } from './describe.js'

/**
 * Normalizes a `prefix` option (leading slash, no trailing slash) and appends it to the parent's.
 *
 * @example
 * joinPrefix('/v1', 'users/') // '/v1/users'
 */
export function joinPrefix(parent: string, prefix: unknown): string {
  if (prefix === undefined || prefix === null || prefix === '') return parent
  if (typeof prefix !== 'string') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'prefix',
      `use a path string such as '/v1', received ${describe(prefix)}`,
    )
  }
  let normalized = prefix.startsWith('/') ? prefix : `/${prefix}`
  while (normalized.length > 1 && normalized.endsWith('/')) normalized = normalized.slice(0, -1)
  return normalized === '/' ? parent : parent + normalized
}

/** Where a `/` route under a prefix answers (route option `prefixTrailingSlash`). */
export type PrefixTrailingSlash = 'both' | 'slash' | 'no-slash'

/**
 * The full paths of a route declared as `path` in a context with `prefix`, as Fastify 4 joins
 * them: `/` under a prefix answers `/v1` and `/v1/` (`prefixTrailingSlash: 'both'`, the default),
 * only `/v1/` (`'slash'`) or only `/v1` (`'no-slash'`); `*` stays `*` at the root (the router
 * reads it as `/*`) and is `/v1*` under a prefix. A prefix registered with a trailing slash
 * (`prefixSlash`: `'/v1/'`) makes `/` (and `''`) answer `/v1/` only, as Fastify does.
 */
export function routeUrls(
  prefix: string,
  path: string,
  trailingSlash: PrefixTrailingSlash = 'both',
  prefixSlash = false,
): string[] {
  if (prefix === '') return [path.startsWith('/') || path === '*' ? path : `/${path}`]
  if (path === '' || path === '*')
    return [prefixSlash && path === '' ? `${prefix}/` : prefix + path]
  if (path === '/') {
    if (prefixSlash) return [`${prefix}/`]
    if (trailingSlash === 'slash') return [`${prefix}/`]
    if (trailingSlash === 'no-slash') return [prefix]
    return [prefix, `${prefix}/`]
  }
  return [prefix + (path.startsWith('/') ? path : `/${path}`)]
}
