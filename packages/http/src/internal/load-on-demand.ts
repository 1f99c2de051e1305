import { createRequire } from 'node:module'

// Modules a server loads only when an option asks for them: node:http2 (`http2: true`) and
// node:https (`https`), with the TLS stack they bring (together about a third of the package's
// load time), and proxy-addr (`trustProxy`). Bundlers get
// load-on-demand.bundler.ts instead, which imports both.

const load = createRequire(import.meta.url)
let http2: typeof import('node:http2') | undefined
let https: typeof import('node:https') | undefined
let proxyAddr: typeof import('proxy-addr') | undefined

/** node:http2, loaded by the first HTTP/2 server. */
export function loadHttp2(): typeof import('node:http2') {
  http2 ??= load('node:http2') as typeof import('node:http2')
  return http2
}

/** node:https, loaded by the first HTTPS server. */
export function loadHttps(): typeof import('node:https') {
  https ??= load('node:https') as typeof import('node:https')
  return https
}

/** proxy-addr, loaded by the first `trustProxy` list. */
export function loadProxyAddr(): typeof import('proxy-addr') {
  proxyAddr ??= load('proxy-addr') as typeof import('proxy-addr')
  return proxyAddr
}
