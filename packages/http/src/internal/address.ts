import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'

/**
 * The address a server listens on, as a URL: `http://127.0.0.1:3000` (`https://` for a TLS server), `http://[::1]:3000`
 * (IPv6 in brackets), or the socket path for a Unix socket or a Windows pipe.
 */
export function formatAddress(address: AddressInfo | string | null, secure = false): string {
  if (address === null) return ''
  if (typeof address === 'string') return address
  const host =
    address.family === 'IPv6' || address.address.includes(':')
      ? `[${address.address}]`
      : address.address
  return `${secure ? 'https' : 'http'}://${host}:${address.port}`
}

/**
 * Every address a server listening on `address` answers on, as Fastify lists them (and logs one
 * `Server listening at` line for each): for `0.0.0.0`, every IPv4 interface, the internal ones
 * first; otherwise the one address.
 *
 * @example
 * listeningAddresses({ address: '0.0.0.0', family: 'IPv4', port: 3000 })
 * // ['http://127.0.0.1:3000', 'http://192.168.1.20:3000']
 */
export function listeningAddresses(address: AddressInfo | string | null, secure = false): string[] {
  if (address === null || typeof address === 'string' || address.address !== '0.0.0.0') {
    return [formatAddress(address, secure)]
  }
  const ipv4 = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === 'IPv4')
  const ordered = [...ipv4.filter((i) => i.internal), ...ipv4.filter((i) => !i.internal)]
  if (ordered.length === 0) return [formatAddress(address, secure)]
  return ordered.map((info) => formatAddress({ ...address, address: info.address }, secure))
}
