import { stateOf } from './context/index.js'
import type { Instance } from './types/instance.js'
import type { RouteSchema } from './types/route.js'

/** One declared method of one route, as `listRoutes` reports it. */
export interface RouteEntry {
  /** Upper-case method (a route declared with several methods gives one entry per method). */
  method: string
  /** Full path, prefixes included (`/users/:id`). */
  url: string
  /** The route's `schema` option, exactly as declared (undefined when it has none). */
  schema: RouteSchema | undefined
  /** The route's `config` option (`{}` when it has none). */
  config: Record<string, unknown>
  /** The context that declared the route: its `getSchemas()` are the shared schemas the route sees. */
  context: Instance
}

/**
 * Every route of the application that `instance` belongs to, whatever context declared it, in
 * declaration order: one entry per declared method (automatic HEAD routes are not listed).
 * Complete once the application is ready (or from an `onReady` hook); before that it lists what
 * was declared so far. Meant for tools that describe an application (documentation generators).
 *
 * @example
 * app.get('/users/:id', { schema: { params: { id: { type: 'integer' } } } }, handler)
 * await app.ready()
 * listRoutes(app) // [{ method: 'GET', url: '/users/:id', schema: {...}, config: {}, context: app }]
 */
export function listRoutes(instance: Instance): RouteEntry[] {
  const entries: RouteEntry[] = []
  for (const record of stateOf(instance).core.routes) {
    if (record.autoHead) continue
    const config = (record.options.config ?? {}) as Record<string, unknown>
    for (const method of record.methods) {
      entries.push({
        method,
        url: record.urls[0]!,
        schema: record.schema,
        config,
        context: record.state.instance,
      })
    }
  }
  return entries
}
