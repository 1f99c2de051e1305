import * as http2 from 'node:http2'
import * as https from 'node:https'
import proxyAddr from 'proxy-addr'

// The build bundlers use (`module` condition): static imports, so that esbuild, Rollup and
// webpack see both. The Node builds load them on demand (load-on-demand.ts).

/** node:http2. */
export function loadHttp2(): typeof import('node:http2') {
  return http2
}

/** node:https. */
export function loadHttps(): typeof import('node:https') {
  return https
}

/** proxy-addr. */
export function loadProxyAddr(): typeof import('proxy-addr') {
  return proxyAddr
}
