import type { ConstraintStrategy } from '@framework/core'
import { createError } from '@framework/error-formatter'

/**
 * Fastify 5's `routerOptions` factory option: the router's settings grouped in one object (the
 * top-level forms are Fastify 4's, still read, deprecated in Fastify 5).
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
  /** `//` in a path counts as one `/`. Default false. */
  ignoreDuplicateSlashes?: boolean
  /** Accept route RegExps that can backtrack exponentially. Default false. */
  allowUnsafeRegex?: boolean
  /** `;` ends the path as `?` does (`/a;b=1` is `/a`, query `b=1`). Default false (Fastify 5). */
  useSemicolonDelimiter?: boolean
  /** Answers every request that matches no route: `(raw, res)`. Default: the not-found handlers. */
  defaultRoute?: (raw: any, res: any) => void
  /** Answers a path with a malformed percent-escape: `(path, raw, res)`. Default: 400. */
  onBadUrl?: (path: string, raw: any, res: any) => void
  /** Answers a parameter over `maxParamLength`: `(path, raw, res)`. Default: 414. */
  onMaxParamLength?: (path: string, raw: any, res: any) => void
  /** What `printRoutes({ includeMeta: true })` shows of a route: `(route) => object`. */
  buildPrettyMeta?: (route: any) => Record<string | symbol, unknown>
  /** An option find-my-way does not know is ignored, as Fastify passes it on to find-my-way. */
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
