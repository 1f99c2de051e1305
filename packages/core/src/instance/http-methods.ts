import { createError } from '@framework/error-formatter'
import { stateOf } from '../context/index.js'
import type { Instance } from '../types/instance.js'
import { describe } from '../util/index.js'
import { assertNotStarted } from './assert.js'

/** An HTTP method token as Node's parser gives it: upper-case letters, digits, `-` and `_`. */
const methodToken = /^[A-Z][A-Z0-9_-]*$/

/**
 * Fastify 5's `addHttpMethod`: lets routes declare one more method (`PROPFIND`, `REBIND`, ...),
 * whose body is read when `hasBody` is true, and adds a lower-case shorthand (`app.propfind(path,
 * [options], handler)`) unless the instance already has that name. The transport must accept
 * the method (node:http parses the methods of `http.METHODS`).
 */
export const httpMethodMethods = {
  /**
   * @example
   * app.addHttpMethod('PROPFIND', { hasBody: true })
   * app.propfind('/files', async (request) => listing(request.body))
   */
  addHttpMethod(this: Instance, method: string, options: { hasBody?: boolean } = {}): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'addHttpMethod()')
    if (typeof method !== 'string' || !methodToken.test(method)) {
      throw createError(
        'FRM_ERR_ROUTE_METHOD_INVALID',
        'addHttpMethod()',
        typeof method === 'string' ? method : describe(method),
      )
    }
    const { methods, bodyMethods } = state.core
    methods.add(method)
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
