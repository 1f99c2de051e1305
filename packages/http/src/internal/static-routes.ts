import type { QueryObject, RouteHandle, RouteParams, RouteTable } from '@framework/core'
import type { RouterOptions } from './router.js'

type Handle = RouteHandle<any, any>

/** The routes of a table whose path has no parameter, by method and exact path. */
type StaticRoutes = Map<string, Map<string, Handle>>

/**
 * A request's `params` on a route without parameters: an empty object without a prototype, as
 * find-my-way makes it (one per request: a handler may write to it).
 */
const NoParams = function NoParams() {} as unknown as new () => RouteParams
NoParams.prototype = Object.create(null)

/**
 * The routes a request can reach without walking the router: a path with no parameter, wildcard
 * or RegExp, in a table where no route has constraints (a constrained route, or a strategy the
 * router derives for every request, can take a request away from an unconstrained route on the
 * same path). Null when the router's options change what a path matches (case, trailing or
 * duplicate slashes): then every request walks the router.
 */
export function staticRoutes(
  table: RouteTable<any, any>,
  options: RouterOptions,
): StaticRoutes | null {
  if (!options.caseSensitive || options.ignoreTrailingSlash || options.ignoreDuplicateSlashes)
    return null
  if ((table.constraintStrategies ?? []).length > 0) return null
  if (table.routes.some((route) => route.constraints !== undefined)) return null
  const routes: StaticRoutes = new Map()
  for (const route of table.routes) {
    if (!isStaticPath(route.url)) continue
    let paths = routes.get(route.method)
    if (paths === undefined) routes.set(route.method, (paths = new Map()))
    paths.set(route.url, route.handle)
  }
  return routes.size === 0 ? null : routes
}

/**
 * A path find-my-way matches as it is written: printable ASCII, with no `:param`, `*`,
 * `(RegExp)`, percent-escape or delimiter.
 */
function isStaticPath(url: string): boolean {
  return /^\/[\x21-\x7e]*$/.test(url) && !/[:*(%?#;]/.test(url)
}

/**
 * Routes `raw` to its static route if it has one, as find-my-way would: the path ends at the
 * first `?` or `#` (or `;` with `useSemicolonDelimiter`), and the rest is the query string. A
 * path with a percent-escape is left to the router, which decodes it. False when the request is
 * not for a static route.
 */
export function routeStatic(
  routes: StaticRoutes,
  raw: { method?: string | undefined; url?: string | undefined },
  res: unknown,
  parse: (text: string) => QueryObject,
  semicolon: boolean,
): boolean {
  const paths = routes.get(raw.method ?? 'GET')
  const url = raw.url
  if (paths === undefined || url === undefined || url.charCodeAt(0) !== 47) return false
  let end = 1
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end)
    if (code === 37) return false
    if (code === 63 || code === 35 || (code === 59 && semicolon)) break
  }
  const handle = paths.get(end === url.length ? url : url.slice(0, end))
  if (handle === undefined) return false
  handle(raw, res, new NoParams(), parse(end === url.length ? '' : url.slice(end + 1)))
  return true
}
