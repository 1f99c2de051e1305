import type { ConstraintStrategy } from '@framework/core'
import { createError } from '@framework/error-formatter'

/**
 * Fastify 5's `routerOptions` factory option: the router's settings grouped in one object. The
 * framework reads them where Fastify 4.29 has them, at the top level.
 */
export interface RouterOptions {
  /** `/users/` matches the route `/users`. Default false. */
  ignoreTrailingSlash?: boolean
  /** Paths are matched case-sensitively. Default true. */
  caseSensitive?: boolean
  /** Longest route parameter, in characters. Default 100. */
  maxParamLength?: number
  /** Parses query strings instead of the built-in flat parser. */
  querystringParser?: (text: string) => Record<string, unknown>
  /** Custom route constraint strategies by name. */
  constraints?: Record<string, ConstraintStrategy>
  /** Accepted as at the top level (ignored with a warning unless at Fastify 5's default). */
  ignoreDuplicateSlashes?: boolean
  allowUnsafeRegex?: boolean
  useSemicolonDelimiter?: boolean
  /** Other find-my-way options Fastify passes on are not implemented: ignored with a warning. */
  [option: string]: unknown
}

/**
 * The factory options with `routerOptions` spread over the top level, as Fastify 5 reads them:
 * a key in `routerOptions` wins over the same key at the top level.
 *
 * @example
 * hoistRouterOptions({ caseSensitive: true, routerOptions: { caseSensitive: false } })
 * // { caseSensitive: false }
 */
export function hoistRouterOptions<T extends { routerOptions?: RouterOptions | undefined }>(
  options: T,
): T {
  if (typeof options !== 'object' || options === null) return options
  const router = options.routerOptions
  if (router === undefined || router === null) return options
  if (typeof router !== 'object' || Array.isArray(router)) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'routerOptions',
      `expected an object of router options, received ${Array.isArray(router) ? 'an array' : typeof router}`,
    )
  }
  const { routerOptions: _grouped, ...hoisted } = options
  for (const key of Object.keys(router)) {
    if (router[key] !== undefined) (hoisted as Record<string, unknown>)[key] = router[key]
  }
  return hoisted as T
}
