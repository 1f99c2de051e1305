import type { AddressInfo } from 'node:net'

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
