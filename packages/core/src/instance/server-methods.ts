import { createError } from '@framework/error-formatter'
import { stateOf } from '../context/index.js'
import type { Instance } from '../types/instance.js'

/** The answer of requests no route matches when no default route was set: the root's 404. */
function notFoundDefaultRoute(this: Instance, raw: any, res: any): void {
  const notFound = stateOf(this).core.table?.notFound
  const root = notFound?.[notFound.length - 1]
  root?.handle(raw, res, Object.create(null), Object.create(null))
}

/** Fastify's default route (find-my-way's `defaultRoute`), kept for Fastify 4 code. */
export const serverMethods = {
  /**
   * Answers every request that matches no route with `fn(req, res)` (raw request and response),
   * instead of the not-found handlers. Deprecated in Fastify 4: prefer `setNotFoundHandler`.
   */
  setDefaultRoute(this: Instance, fn: (raw: any, res: any) => void): void {
    if (typeof fn !== 'function') throw createError('FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE')
    const core = stateOf(this).core
    core.defaultRoute = fn
    if (core.table !== undefined) core.table.defaultRoute = fn
  },

  /** The default route set with `setDefaultRoute`, else one that runs the 404 handling. */
  getDefaultRoute(this: Instance): (raw: any, res: any) => void {
    return stateOf(this).core.defaultRoute ?? notFoundDefaultRoute.bind(this)
  },
}

export const serverAccessors = {
  /**
   * The origin the server listens on (`http://127.0.0.1:3000`, `https://[::1]:8443`), or the
   * socket path; undefined before `listen()`.
   */
  get listeningOrigin(): string | undefined {
    const server = stateOf(this as unknown as Instance).core.transport.server as {
      address?: () => unknown
      setSecureContext?: unknown
    } | null
    const address = typeof server?.address === 'function' ? server.address() : null
    if (address === null || address === undefined) return undefined
    if (typeof address === 'string') return address
    const {
      family,
      address: ip,
      port,
    } = address as { family: string; address: string; port: number }
    const host = family === 'IPv6' ? `[${ip}]` : ip
    const scheme = typeof server?.setSecureContext === 'function' ? 'https' : 'http'
    return `${scheme}://${host}:${port}`
  },
}

/** `await using app = framework()`: disposing the instance closes it (Fastify 4.24). */
export const disposeMethods: Record<symbol, unknown> =
  typeof Symbol.asyncDispose === 'symbol'
    ? {
        [Symbol.asyncDispose](this: Instance): Promise<void> {
          return (this as unknown as { close(): Promise<void> }).close()
        },
      }
    : {}
