import {
  type Core,
  contextLogLevel,
  mergedLogSerializers,
  type RouteRecord,
} from '../context/index.js'
import type { DeclaredRoute, PrintRoutesOptions } from '../contracts/transport.js'
import type { RouteHookName } from '../types/hooks.js'
import type { RouteHandler } from '../types/route.js'
import { printRoutes as printTree } from './print-routes.js'
import { servedUrls } from './route-table.js'

/** Every method + path declared so far, each with the record it belongs to. */
interface DeclaredList {
  count: number
  routes: DeclaredRoute[]
  records: RouteRecord[]
}

const lists = new WeakMap<Core, DeclaredList>()

/**
 * The declared routes as the transport's router takes them, one entry per method and served path
 * (automatic HEAD routes included). The same list is returned while no route is added, so the
 * transport can keep the router it built from it.
 */
function declaredList(core: Core): DeclaredList {
  const cached = lists.get(core)
  if (cached !== undefined && cached.count === core.routes.length) return cached
  const list: DeclaredList = { count: core.routes.length, routes: [], records: [] }
  for (const record of core.routes) {
    const meta = routeMeta(record)
    for (const url of servedUrls(core, record)) {
      for (const method of record.methods) {
        list.routes.push({ method, url, constraints: record.constraints, meta })
        list.records.push(record)
      }
    }
  }
  lists.set(core, list)
  return list
}

/** Fastify's order of the request hooks, as `printRoutes` lists them. */
const hookOrder: readonly RouteHookName[] = [
  'onTimeout',
  'onRequest',
  'preParsing',
  'preValidation',
  'preSerialization',
  'preHandler',
  'onSend',
  'onResponse',
  'onError',
  'onRequestAbort',
]

/**
 * A function `printRoutes` shows as `name()`. Named at run time: a bundler may rename a function
 * declaration whose name another module of the bundle also declares.
 */
function shownAs(name: string): () => void {
  return Object.defineProperty(() => {}, 'name', { value: name })
}

/** Shown as the last onSend hook of an automatic HEAD route (the transport drops its body). */
const headRouteOnSendHandler = shownAs('headRouteOnSendHandler')

/** Shown as the error handler of routes whose contexts set none. */
const defaultErrorHandler = shownAs('defaultErrorHandler')

/** What `printRoutes({ includeMeta })` shows of a route: its hooks, level, serializers, handler. */
function routeMeta(record: RouteRecord): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  const scopes = [...record.state.chain()].reverse()
  for (const name of hookOrder) {
    const fns = scopes.flatMap((scope) => scope.hooks[name].map((entry) => entry.fn))
    for (const entry of record.hooks[name] ?? []) fns.push(entry.fn)
    // Fastify's automatic HEAD route ends its onSend hooks with the one that drops the body.
    if (name === 'onSend' && record.autoHead) fns.push(headRouteOnSendHandler)
    if (fns.length > 0) meta[name] = fns
  }
  const logLevel = record.options.logLevel || contextLogLevel(record.state)
  if (logLevel) meta['logLevel'] = logLevel
  const serializers = mergedLogSerializers(record.state, record.options.logSerializers)
  if (serializers !== undefined) meta['logSerializers'] = serializers
  meta['errorHandler'] =
    record.options.errorHandler ??
    scopes.findLast((scope) => scope.errorHandler !== undefined)?.errorHandler?.fn ??
    defaultErrorHandler
  return meta
}

/** What `findRoute` answers: the route's handler and the params the path gives. */
export interface FoundRouteView {
  handler: RouteHandler<any>
  params: Record<string, string | undefined>
  searchParams: Record<string, string>
}

/**
 * `findRoute({ method, url, constraints })`: the declared route a request of that method and path
 * reaches (the path may be the route's own pattern), as the router matches it, or null.
 */
export function findDeclaredRoute(
  core: Core,
  method: string,
  url: string,
  constraints: Record<string, unknown> | undefined,
): FoundRouteView | null {
  const find = core.transport.findRoute
  if (find === undefined) return null
  const list = declaredList(core)
  const found = find.call(
    core.transport,
    list.routes,
    [...core.constraintStrategies.values()],
    method,
    url,
    constraints,
  )
  if (found === null) return null
  return {
    handler: list.records[found.index]!.handler,
    params: found.params,
    searchParams: found.searchParams,
  }
}

/** Fastify's hook names, for `printRoutes({ includeHooks: true })`. */
const hookMeta: readonly string[] = hookOrder

/**
 * `printRoutes(options)`: the transport router's drawing of the routes (Fastify's format, with
 * its options), or the core's own tree when the transport draws none.
 */
export function printDeclaredRoutes(core: Core, options: PrintRoutesOptions = {}): string {
  const print = core.transport.printRoutes
  if (print === undefined) return printTree(core)
  let includeMeta = options.includeMeta
  if (options.includeHooks) {
    includeMeta = Array.isArray(includeMeta) ? [...hookMeta, ...includeMeta] : hookMeta
  }
  const list = declaredList(core)
  return print.call(core.transport, list.routes, [...core.constraintStrategies.values()], {
    ...options,
    ...(includeMeta === undefined ? {} : { includeMeta }),
  })
}
