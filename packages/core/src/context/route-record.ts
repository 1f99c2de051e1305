import type { RouteHookName } from '../types/hooks.js'
import type { RouteHandler, RouteOptions, RouteSchema } from '../types/route.js'
import type { PrefixTrailingSlash } from '../util/index.js'
import type { ContextState } from './context-state.js'
import type { HookEntry } from './hooks.js'

/** A declared route, kept until ready (when each method gets a compiled route context). */
export interface RouteRecord {
  /** Upper-case methods. */
  methods: string[]
  /** Full paths (prefix included); two for `/` under a prefix (`/v1` and `/v1/`). */
  urls: string[]
  /** The path as declared, before the prefix. */
  routePath: string
  state: ContextState
  /** The plugin that declared the route (an fp plugin's own name, not its host's). */
  pluginName: string
  handler: RouteHandler<any>
  schema: RouteSchema | undefined
  options: RouteOptions<any>
  /** The method option after the onRoute hooks: upper-case, an array if declared as one. */
  method: string | string[]
  /** `request.routeOptions.config`: the route's `config` plus `url` and `method` (Fastify 4.29). */
  config: Record<string, any>
  exposeHeadRoute: boolean
  prefixTrailingSlash: PrefixTrailingSlash
  hooks: Partial<Record<RouteHookName, HookEntry[]>>
  /**
   * The HEAD route a GET route declared for itself. Its paths whose key is no longer in
   * `core.autoHeads` were taken over by a HEAD route declared later.
   */
  autoHead: boolean
  /** find-my-way constraints (`version`, `host`), or undefined. */
  constraints: Record<string, unknown> | undefined
  /** For an automatic HEAD route: the GET route it answers for (its compiled schemas are shared). */
  headOf: RouteRecord | undefined
}

/**
 * The key that makes a route unique: method, path shape and constraints
 * (`GET /users/: {"version":"1.0.0"}`). The shape drops parameter names, as the router does:
 * `/users/:id` and `/users/:name` are one route (a second one is a duplicate, as in Fastify).
 */
export function routeKey(
  method: string,
  url: string,
  constraints?: Record<string, unknown>,
): string {
  // `::` is a literal colon; a parameter's name ends at `/`, `-`, `.`, `(` or the next `:`.
  const shape = url.replace(/::|:[^/\-.(:]*/g, (part) => (part === '::' ? part : ':'))
  if (constraints === undefined) return `${method} ${shape}`
  const parts = Object.keys(constraints)
    .sort()
    .map((name) => {
      const value = constraints[name]
      return `${name}=${value instanceof RegExp ? String(value) : JSON.stringify(value)}`
    })
  return `${method} ${shape} {${parts.join(',')}}`
}

declare module './core.js' {
  interface Core {
    /** Every route declared, in declaration order. */
    routes: RouteRecord[]
    /**
     * `HEAD` keys served by an automatic HEAD route (see RouteRecord.autoHead), with the path it
     * was declared with: only a HEAD route declared with that very path takes it over.
     */
    autoHeads: Map<string, { record: RouteRecord; url: string }>
  }
}
