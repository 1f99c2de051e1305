import { createRequire } from 'node:module'

// Modules a server loads only when an option asks for them: node:http2 (`http2: true`) and
// node:https (`https`), with the TLS stack they bring (together about a third of the package's
// load time), and proxy-addr (`trustProxy`). Bundlers get load-on-demand.bundler.ts instead,
// which imports all three.

// Made on first use: a runtime without `import.meta.url` (workerd, given this build) must still
// load the package when it asks for none of these.
let load: NodeJS.Require | undefined
let http2: typeof import('node:http2') | undefined
let https: typeof import('node:https') | undefined
let proxyAddr: typeof import('proxy-addr') | undefined

/** node:http2, loaded by the first HTTP/2 server. */
export function loadHttp2(): typeof import('node:http2') {
  http2 ??= ownRequire()('node:http2') as typeof import('node:http2')
  return http2
}

/** node:https, loaded by the first HTTPS server. */
export function loadHttps(): typeof import('node:https') {
  https ??= ownRequire()('node:https') as typeof import('node:https')
  return https
}

/** proxy-addr, loaded by the first `trustProxy` list. */
export function loadProxyAddr(): typeof import('proxy-addr') {
  proxyAddr ??= ownRequire()('proxy-addr') as typeof import('proxy-addr')
  return proxyAddr
}

function ownRequire(): NodeJS.Require {
  load ??= createRequire(import.meta.url)
  return load
}
