import type { RequestRouteOptions, RouteInfo } from '../types/route.js'

/** What a route context knows of itself beyond `RouteInfo`, for `request.routeOptions`. */
export interface RouteOptionsInput {
  info: RouteInfo
  /** The method(s) as declared: one upper-case name, or the array the route gave. */
  method: string | string[] | undefined
  /** The route's full path; undefined for a not-found handler. */
  url: string | undefined
  logLevel: string | undefined
  exposeHeadRoute: boolean
  prefixTrailingSlash: RequestRouteOptions['prefixTrailingSlash']
}

/**
 * Builds `request.routeOptions` as Fastify 4.29 does: the route's settings in a frozen object,
 * `config` and `schema` as read-only getters that are not enumerable, and `version` the request's
 * `Accept-Version` (undefined when no route uses the `version` constraint).
 */
export function buildRouteOptions(
  input: RouteOptionsInput,
  version: string | undefined,
): RequestRouteOptions {
  const info = input.info
  const options = {
    method: input.method,
    url: input.url,
    bodyLimit: info.bodyLimit,
    handlerTimeout: info.handlerTimeout,
    attachValidation: info.attachValidation,
    logLevel: input.logLevel ?? '',
    exposeHeadRoute: input.exposeHeadRoute,
    prefixTrailingSlash: input.prefixTrailingSlash,
    handler: info.handler,
    version,
  }
  Object.defineProperties(options, {
    config: { get: () => info.config },
    schema: { get: () => info.schema },
  })
  return Object.freeze(options) as RequestRouteOptions
}
