import type { ServerResponse } from 'node:http'
import type { QueryObject, RouteHandle, RouteParams, RouteTable } from '@framework/core'
import { createError } from '@framework/error-formatter'
import FindMyWay from 'find-my-way'
import { parseQuery } from '../parse-query.js'
import { withoutCodeGeneration } from './router-without-eval.js'

type Table = RouteTable<any, any>
type Handle = RouteHandle<any, any>

/** What the router takes from the transport's options. */
export interface RouterOptions {
  caseSensitive: boolean
  ignoreTrailingSlash: boolean
  maxParamLength: number
  querystringParser?: ((text: string) => Record<string, unknown>) | undefined
  /** `//` in a path counts as one `/`. Default false. */
  ignoreDuplicateSlashes?: boolean | undefined
  /** Accept route RegExps that can backtrack exponentially. Default false. */
  allowUnsafeRegex?: boolean | undefined
  /** `;` ends the path as `?` does (Fastify 4.29's default; Fastify 5's is false). */
  useSemicolonDelimiter?: boolean | undefined
  /**
   * Answers a request whose path holds a malformed percent-escape (`routerOptions.onBadUrl`):
   * `(path, raw, res)`. Default: the table's `fail` with FRM_ERR_BAD_URL (400).
   */
  onBadUrl?: ((path: string, raw: any, res: any) => void) | undefined
  /**
   * Answers a request with a parameter longer than `maxParamLength`
   * (`routerOptions.onMaxParamLength`): `(path, raw, res)`. Default: the table's `fail` with
   * FRM_ERR_MAX_PARAM_LENGTH (414, as Fastify 5).
   */
  onMaxParamLength?: ((path: string, raw: any, res: any) => void) | undefined
  /**
   * What `printRoutes({ includeMeta })` shows of a route (`routerOptions.buildPrettyMeta`):
   * `(route) => object`, given find-my-way's route with its meta as `store`.
   */
  buildPrettyMeta?: ((route: any) => Record<string | symbol, unknown>) | undefined
  /**
   * Runs the switch to compiled lookups between two requests; `null` never compiles (a host that
   * forbids code generation, or a short-lived one). Default: `setImmediate`, unref'd.
   */
  schedule?: ((task: () => void) => void) | null
  /**
   * False where the host forbids code generation from strings (Cloudflare Workers): find-my-way's
   * generated matchers are then built as closures (see router-without-eval.ts). Default true.
   */
  codeGeneration?: boolean
}

/** The router of a mounted table: `lookup(req, res)` routes one request to its handle. */
export type Router = FindMyWay.Instance<FindMyWay.HTTPVersion.V1>

/**
 * The find-my-way handler of every route: the route's handle is its store. One shared function,
 * so routing a request allocates no closure.
 */
function callRouteHandle(
  raw: unknown,
  res: unknown,
  params: RouteParams,
  handle: Handle,
  query: QueryObject,
): void {
  handle(raw, res, params, query)
}

/**
 * Requests routed by walking the trees before the router switches to compiled lookups. Compiling
 * a tree into a lookup function is what makes routing fast under load, but it costs about as much
 * as compiling the routes' schemas did (tens of milliseconds for a thousand routes): paid at
 * `ready()` it slowed every start, paid by the first request it made a cold start's first
 * response five times slower than Fastify's. A process that serves only a few requests (a
 * serverless invocation, a test) never pays it; one that keeps serving compiles once, between
 * two requests.
 */
const WARM_LOOKUPS = 32

/** Switches `router` to compiled lookups once it has routed {@link WARM_LOOKUPS} requests. */
function compileWhenWarm(router: Router, schedule: (task: () => void) => void): void {
  const walk = router.lookup
  let left = WARM_LOOKUPS
  router.lookup = function countingLookup(this: Router, ...args: unknown[]) {
    left -= 1
    if (left === 0) {
      router.lookup = walk
      // Between two requests, never inside one; an idle process does not wait for it.
      schedule(() => router.compile())
    }
    return (walk as (...a: unknown[]) => unknown).apply(this, args)
  } as Router['lookup']
}

/**
 * Builds the find-my-way router of `table`. It walks the trees for its first requests and then
 * compiles them ({@link WARM_LOOKUPS}). Path parameters are decoded by
 * find-my-way; the query string goes through {@link parseQuery}. A path with a malformed
 * percent-escape is handed to `table.fail` with FRM_ERR_BAD_URL (400); a request that matches no
 * route goes to the first not-found handle whose prefix covers its path.
 */
export function buildRouter(table: Table, options: RouterOptions): Router {
  if (options.codeGeneration === false) {
    return withoutCodeGeneration(() =>
      buildRouter(table, { ...options, codeGeneration: true, schedule: null }),
    )
  }
  const notFound = table.notFound.map((entry) => ({
    prefix: options.caseSensitive ? entry.prefix : entry.prefix.toLowerCase(),
    handle: entry.handle,
  }))
  const parse = (options.querystringParser ?? parseQuery) as (text: string) => QueryObject
  const strategies = table.constraintStrategies ?? []
  const router = FindMyWay({
    // Not in find-my-way's types, read by its lookup: `;` ends the path as `?` does.
    ...({ useSemicolonDelimiter: options.useSemicolonDelimiter } as object),
    // Custom strategies (a `version` or `host` one replaces find-my-way's own).
    ...(strategies.length === 0
      ? {}
      : {
          constraints: Object.fromEntries(
            strategies.map((strategy) => [strategy.name, strategy]),
          ) as unknown as Record<string, FindMyWay.ConstraintStrategy<FindMyWay.HTTPVersion.V1>>,
        }),
    caseSensitive: options.caseSensitive,
    ignoreTrailingSlash: options.ignoreTrailingSlash,
    ignoreDuplicateSlashes: options.ignoreDuplicateSlashes,
    allowUnsafeRegex: options.allowUnsafeRegex,
    maxParamLength: options.maxParamLength,
    querystringParser: parse,
    onBadUrl:
      options.onBadUrl ??
      ((path, raw, res) => table.fail(raw, res, createError('FRM_ERR_BAD_URL', path))),
    // A parameter over maxParamLength answers 414 (Fastify 5), where find-my-way alone would
    // match no route.
    onMaxParamLength:
      options.onMaxParamLength ??
      ((path, raw, res) => table.fail(raw, res, createError('FRM_ERR_MAX_PARAM_LENGTH', path))),
    defaultRoute(raw, res) {
      if (table.defaultRoute !== undefined) {
        table.defaultRoute(raw, res)
        return
      }
      const url = raw.url ?? '/'
      const queryAt = url.indexOf('?')
      let path = pathOf(queryAt === -1 ? url : url.slice(0, queryAt))
      if (options.useSemicolonDelimiter) {
        const semicolonAt = path.indexOf(';')
        if (semicolonAt !== -1) path = path.slice(0, semicolonAt)
      }
      if (!options.caseSensitive) path = path.toLowerCase()
      for (const entry of notFound) {
        if (coversPath(entry.prefix, path)) {
          entry.handle(
            raw,
            res,
            Object.create(null),
            parse(queryAt === -1 ? '' : url.slice(queryAt + 1)),
          )
          return
        }
      }
      // The core always registers a root not-found handle; answer anyway if it did not.
      ;(res as ServerResponse).writeHead(404, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': 9,
      })
      res.end('Not Found')
    },
  })
  const added = new Map<string, Handle>()
  for (const route of table.routes) {
    try {
      const constraints = route.constraints
      // `/` under a prefix serves `/v1` and `/v1/`: one path to a router that ignores trailing
      // (or duplicate) slashes, added once.
      if (options.ignoreTrailingSlash || options.ignoreDuplicateSlashes) {
        const key = `${route.method} ${normalizedPath(route.url, options)} ${JSON.stringify(constraints ?? {})}`
        if (added.get(key) === route.handle) continue
        added.set(key, route.handle)
      }
      if (constraints === undefined) {
        router.on(route.method as FindMyWay.HTTPMethod, route.url, callRouteHandle, route.handle)
      } else {
        router.on(
          route.method as FindMyWay.HTTPMethod,
          route.url,
          { constraints },
          callRouteHandle,
          route.handle,
        )
      }
    } catch (error) {
      // Two paths of one shape (`/:a` and `/:b`) under one method: Fastify's duplicate error.
      if (String((error as Error).message).includes('already declared for route')) {
        throw createError('FRM_ERR_DUPLICATED_ROUTE', route.method, route.url, { cause: error })
      }
      throw createError('FRM_ERR_ROUTE_INVALID', `${route.method} ${route.url}`, error, {
        cause: error,
      })
    }
  }
  const schedule = options.schedule === undefined ? scheduleUnref : options.schedule
  if (schedule !== null) compileWhenWarm(router, schedule)
  return router
}

/**
 * The path as a router with `ignoreTrailingSlash` / `ignoreDuplicateSlashes` stores it: `/v1/` and
 * `/v1` (or `/v1//x` and `/v1/x`) are then one path.
 */
function normalizedPath(url: string, options: RouterOptions): string {
  let path = options.ignoreDuplicateSlashes ? url.replace(/\/{2,}/g, '/') : url
  if (options.ignoreTrailingSlash && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  return path
}

/**
 * Checks a declared route path the way the router will take it at mount, so a path it refuses
 * (an unsafe RegExp without `allowUnsafeRegex`, a malformed pattern) fails at the declaration with
 * FRM_ERR_ROUTE_INVALID. Only paths with a RegExp part can fail; the others are not looked at.
 */
export function checkRoutePath(method: string, url: string, options: RouterOptions): void {
  if (!url.includes('(')) return
  const probe = FindMyWay({
    caseSensitive: options.caseSensitive,
    ignoreTrailingSlash: options.ignoreTrailingSlash,
    ignoreDuplicateSlashes: options.ignoreDuplicateSlashes,
    allowUnsafeRegex: options.allowUnsafeRegex,
    maxParamLength: options.maxParamLength,
  })
  try {
    probe.on(method as FindMyWay.HTTPMethod, url, () => {})
  } catch (error) {
    throw createError('FRM_ERR_ROUTE_INVALID', `${method} ${url}`, (error as Error).message, {
      cause: error,
    })
  }
}

/**
 * Whether a strategy of `table` derives its value asynchronously (`deriveConstraint(req, ctx,
 * done)`): requests are then routed with a callback, and a failed derivation is answered by
 * `table.fail`.
 */
export function hasAsyncConstraints(table: Table): boolean {
  return (table.constraintStrategies ?? []).some(
    (strategy) => strategy.deriveConstraint.length === 3,
  )
}

/** Runs `task` after the current request, without keeping an idle process alive. */
function scheduleUnref(task: () => void): void {
  setImmediate(task).unref()
}

/** The path of a request target, for the absolute form (`http://host/path`) too. */
function pathOf(target: string): string {
  if (target.charCodeAt(0) === 47) return target
  const schemeEnd = target.indexOf('://')
  if (schemeEnd === -1) return target
  const pathStart = target.indexOf('/', schemeEnd + 3)
  return pathStart === -1 ? '/' : target.slice(pathStart)
}

/**
 * True when `path` is inside the prefix `prefix`: `/api` covers `/api` and `/api/users`, not
 * `/apix`. The root prefix `''` covers every path.
 */
function coversPath(prefix: string, path: string): boolean {
  if (prefix === '') return true
  if (!path.startsWith(prefix)) return false
  return (
    path.length === prefix.length ||
    prefix.charCodeAt(prefix.length - 1) === 47 ||
    path.charCodeAt(prefix.length) === 47
  )
}
