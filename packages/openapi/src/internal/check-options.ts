import { createError } from '@framework/error-formatter'
import type { OpenApiInfo, OpenApiOptions, OpenApiServer, OpenApiTag } from '../openapi-options.js'

/** The options with their defaults filled in. */
export interface OpenApiSettings {
  info: OpenApiInfo
  servers: OpenApiServer[] | undefined
  tags: OpenApiTag[] | undefined
  routePrefix: string
  exposeRoute: boolean
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Checks the plugin options and fills in the defaults.
 *
 * @throws FRM_ERR_OPENAPI_OPTIONS naming the option that is wrong
 */
export function checkOptions(options: OpenApiOptions | undefined): OpenApiSettings {
  const given = options ?? {}
  const doc = given.openapi ?? {}
  if (!isObject(doc)) throw optionError('openapi must be an object { info, servers?, tags? }')
  const info = doc.info ?? { title: 'API', version: '0.0.0' }
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    throw optionError(
      "openapi.info needs a string title and version, e.g. { title: 'Shop', version: '1.0.0' }",
    )
  }
  if (doc.servers !== undefined && !Array.isArray(doc.servers)) {
    throw optionError('openapi.servers must be an array of { url }')
  }
  if (doc.tags !== undefined && !Array.isArray(doc.tags)) {
    throw optionError('openapi.tags must be an array of { name, description? }')
  }
  const routePrefix = given.routePrefix ?? '/openapi'
  if (typeof routePrefix !== 'string' || !routePrefix.startsWith('/')) {
    throw optionError(
      `routePrefix must be a path starting with '/', received ${JSON.stringify(routePrefix)}`,
    )
  }
  const exposeRoute = given.exposeRoute ?? true
  if (typeof exposeRoute !== 'boolean') throw optionError('exposeRoute must be true or false')
  return {
    info,
    servers: doc.servers,
    tags: doc.tags,
    routePrefix: routePrefix.length > 1 ? routePrefix.replace(/\/+$/, '') : '',
    exposeRoute,
  }
}

function optionError(message: string) {
  return createError('FRM_ERR_OPENAPI_OPTIONS', message)
}
