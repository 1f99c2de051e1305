import type { IncomingMessage } from 'node:http'
import type { ClientInfo, RawRequest } from '@framework/core'
import { createError } from '@framework/error-formatter'
import { loadProxyAddr } from './load-on-demand.js'

/**
 * Which proxies to believe about the client: `true` (every one), a hop count, addresses or
 * subnets (`'127.0.0.1,10.0.0.0/8'` or an array; `'loopback'`, `'linklocal'`, `'uniquelocal'`), or
 * `(address, hop) => boolean`. Fastify 4's `trustProxy`.
 */
export type TrustProxy = boolean | number | string | readonly string[] | TrustFunction
export type TrustFunction = (address: string, hop: number) => boolean

/** The trust function of a `trustProxy` option, or null when no proxy is trusted. */
export function compileTrust(option: TrustProxy | undefined): TrustFunction | null {
  if (option === undefined || option === false) return null
  if (option === true) return () => true
  if (typeof option === 'function') return option
  if (typeof option === 'number') {
    if (!Number.isInteger(option) || option < 0) {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        'trustProxy',
        `a hop count is a whole number >= 0, received ${option}`,
      )
    }
    // Fastify 5: a hop count cannot tell whether the socket's peer is a proxy at all, so a client
    // that reaches the server directly could forge X-Forwarded-*; it trusts no one.
    return trustNoOne
  }
  const list =
    typeof option === 'string' ? option.split(',').map((item) => item.trim()) : [...option]
  try {
    return loadProxyAddr().compile(list)
  } catch (error) {
    throw createError('FRM_ERR_INVALID_OPTION', 'trustProxy', (error as Error).message)
  }
}

/** The last value of a header a chain of proxies appends to (`a, b` → `b`). */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[value.length - 1] : value
  if (text === undefined) return undefined
  const comma = text.lastIndexOf(',')
  return (comma === -1 ? text : text.slice(comma + 1)).trim()
}

/** The trust function of a hop count: nobody (Fastify 5 fails closed). */
function trustNoOne(): boolean {
  return false
}

/**
 * Who the client is, believing `X-Forwarded-For` as far as `trust` allows, and `X-Forwarded-Host`
 * and `-Proto` only when the socket's peer is trusted (Fastify 5's rules). Computed only when a
 * request asks.
 */
export function describeClient(raw: RawRequest, trust: TrustFunction): ClientInfo {
  const socket = raw.socket as { encrypted?: boolean; remoteAddress?: string } | null | undefined
  const ips = socket == null ? [] : loadProxyAddr().all(raw as IncomingMessage, trust)
  const peer = socket?.remoteAddress
  const trusted = peer != null && trust(peer, 0)
  const forwardedProto = trusted ? lastEntry(raw.headers['x-forwarded-proto']) : undefined
  return {
    ip: socket == null ? undefined : ips[ips.length - 1],
    ips,
    host: trusted ? lastEntry(raw.headers['x-forwarded-host']) : undefined,
    protocol: forwardedProto ?? (socket?.encrypted === true ? 'https' : 'http'),
  }
}
