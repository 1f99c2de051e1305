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

/**
 * The full paths of a route declared as `path` in a context with `prefix`: `/` under a prefix
 * answers both `/v1` and `/v1/`.
 */
export function routeUrls(prefix: string, path: string): string[] {
  if (prefix === '')
    return [path.startsWith('/') || path === '*' ? (path === '*' ? '/*' : path) : `/${path}`]
  if (path === '') return [prefix]
  if (path === '/') return [prefix, `${prefix}/`]
  return [prefix + (path.startsWith('/') ? path : `/${path}`)]
}
