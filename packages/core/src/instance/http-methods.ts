import { createError } from '@framework/error-formatter'
import { stateOf } from '../context/index.js'
import type { Instance } from '../types/instance.js'
import { describe, emitWarning } from '../util/index.js'
import { assertNotStarted } from './assert.js'

/**
 * The methods Node's HTTP parser accepts (`http.METHODS`): what `addHttpMethod` may add. Listed
 * here, as the core runs without node:http.
 */
const parsedMethods: ReadonlySet<string> = new Set([
  'ACL',
  'BIND',
  'CHECKOUT',
  'CONNECT',
  'COPY',
  'DELETE',
  'GET',
  'HEAD',
  'LINK',
  'LOCK',
  'M-SEARCH',
  'MERGE',
  'MKACTIVITY',
  'MKCALENDAR',
  'MKCOL',
  'MOVE',
  'NOTIFY',
  'OPTIONS',
  'PATCH',
  'POST',
  'PROPFIND',
  'PROPPATCH',
  'PURGE',
  'PUT',
  'QUERY',
  'REBIND',
  'REPORT',
  'SEARCH',
  'SOURCE',
  'SUBSCRIBE',
  'TRACE',
  'UNBIND',
  'UNLINK',
  'UNLOCK',
  'UNSUBSCRIBE',
])

/** Options of `addHttpMethod`. */
export interface AddHttpMethodOptions {
  /** Requests of the method carry a body, which is parsed. Default false. */
  hasBody?: boolean
  /** Changes a method already supported (its `hasBody`), without Fastify's deprecation warning. */
  overrideExisting?: boolean
}

/** Methods whose FSTDEP025 warning was emitted (once per process, as Fastify warns). */
const warned = new Set<string>()

/**
 * Fastify 5's `addHttpMethod`: lets routes declare one more method (`PROPFIND`, `REBIND`, ...),
 * whose body is read when `hasBody` is true, and adds a lower-case shorthand (`app.propfind(path,
 * [options], handler)`) unless the instance already has that name. The method is one Node's
 * parser accepts (`http.METHODS`), else FRM_ERR_ROUTE_METHOD_INVALID. Adding a supported method
 * again without `overrideExisting: true` warns (Fastify's FSTDEP025) and changes its `hasBody`.
 */
export const httpMethodMethods = {
  /**
   * @example
   * app.addHttpMethod('PROPFIND', { hasBody: true })
   * app.propfind('/files', async (request) => listing(request.body))
   */
  addHttpMethod(this: Instance, method: string, options: AddHttpMethodOptions = {}): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'addHttpMethod()')
    if (typeof method !== 'string' || !parsedMethods.has(method)) {
      throw createError(
        'FRM_ERR_ROUTE_METHOD_INVALID',
        'addHttpMethod()',
        typeof method === 'string' ? method : describe(method),
      )
    }
    const { methods, supportedMethods, bodyMethods } = state.core
    if (supportedMethods.has(method) && options?.overrideExisting !== true) {
      warnOverride(method)
    }
    methods.add(method)
    supportedMethods.add(method)
    if (options?.hasBody === true) bodyMethods.add(method)
    else bodyMethods.delete(method)
    const name = method.toLowerCase()
    if (!(name in this)) {
      this.decorate(name, function (this: Instance, path: string, ...rest: unknown[]) {
        const [optionsOrHandler, handler] = rest
        const routeOptions =
          typeof optionsOrHandler === 'function'
            ? { handler: optionsOrHandler }
            : {
                ...(optionsOrHandler as object),
                handler: handler ?? (optionsOrHandler as any)?.handler,
              }
        return this.route({ ...routeOptions, method, url: path } as never)
      })
    }
    return this
  },
}

/** Fastify's FSTDEP025 deprecation warning, once per method. */
function warnOverride(method: string): void {
  if (warned.has(method)) return
  warned.add(method)
  emitWarning(
    `addHttpMethod('${method}') changes a method already supported: pass { overrideExisting: true } to say so (Fastify 6 refuses the call without it)`,
    'FastifyDeprecation',
    'FSTDEP025',
  )
}
