import { createError } from '@framework/error-formatter'
import type { OpenApiUiOptions } from '../openapi-ui-options.js'

/** The options with their defaults filled in. */
export interface OpenApiUiSettings {
  /** Without a trailing slash; '' for '/'. */
  routePrefix: string
  url: string | undefined
  title: string | undefined
}

/**
 * Checks the plugin options and fills in the defaults.
 *
 * @throws FRM_ERR_OPENAPI_OPTIONS naming the option that is wrong
 */
export function checkOptions(options: OpenApiUiOptions | undefined): OpenApiUiSettings {
  const given = options ?? {}
  const routePrefix = given.routePrefix ?? '/docs'
  if (typeof routePrefix !== 'string' || !routePrefix.startsWith('/')) {
    throw optionError(
      `routePrefix must be a path starting with '/', received ${JSON.stringify(routePrefix)}`,
    )
  }
  if (given.url !== undefined && (typeof given.url !== 'string' || given.url === '')) {
    throw optionError('url must be a non-empty string (the URL of the OpenAPI document)')
  }
  if (given.title !== undefined && typeof given.title !== 'string') {
    throw optionError('title must be a string')
  }
  return {
    routePrefix: routePrefix.replace(/\/+$/, ''),
    url: given.url,
    title: given.title,
  }
}

function optionError(message: string) {
  return createError('FRM_ERR_OPENAPI_OPTIONS', `openapi-ui: ${message}`)
}
