// `framework/lib/symbols`: the module path of Fastify's `fastify/lib/symbols`, for code (plugins'
// own tests, mostly) that reads a request's route context through it.

/**
 * `request[kRouteContext]`: the route's context, with its hook lists by name (`onRequest`,
 * `preHandler`, `onSend`, ...), each `null` when the route has none, as in Fastify. The core keeps
 * it under this registered symbol (its `kRoute`); the registry makes it the same symbol here.
 */
export const kRouteContext: unique symbol = Symbol.for('framework.route') as never
