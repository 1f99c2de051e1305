/**
 * The client's address as the host gives it: Bun's `server.requestIP(request)`, Deno's
 * `info.remoteAddr`; with `trustProxy` and nothing from the host, `CF-Connecting-IP` (Workers).
 * `host` is the handler's second argument.
 *
 * @example
 * remoteAddressOf(request, { remoteAddr: { hostname: '10.0.0.1' } }, false) // '10.0.0.1'
 */
export function remoteAddressOf(
  request: Request,
  host: unknown,
  trustsProxy: boolean,
): string | undefined {
  if (typeof host === 'object' && host !== null) {
    const bun = host as { requestIP?: (request: Request) => { address?: string } | null }
    if (typeof bun.requestIP === 'function') {
      const address = bun.requestIP(request)?.address
      if (address !== undefined) return address
    } else {
      const deno = (host as { remoteAddr?: { hostname?: unknown } }).remoteAddr
      if (typeof deno?.hostname === 'string') return deno.hostname
    }
  }
  return trustsProxy ? (request.headers.get('cf-connecting-ip') ?? undefined) : undefined
}
