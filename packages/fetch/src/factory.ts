import type { Instance } from '@framework/core'
import { assemble, type FrameworkOptions } from 'framework/assemble'
import { fetchLogger } from './console-logger.js'
import { toFetchHandler } from './fetch-handler.js'
import { FetchTransport } from './fetch-transport.js'
import { transports } from './registry.js'

/** Options of the fetch entry's `framework()`: the umbrella's (node:http-only ones are ignored). */
export interface FetchFrameworkOptions extends FrameworkOptions {
  /**
   * What to run to write the precompiled module, named in the error a schema missing from it
   * gives where code generation is forbidden (Workers). Default: the generic advice.
   */
  buildStep?: string
}

/**
 * Creates an application served through the Fetch API: the umbrella's factory, same options and
 * defaults, wired to the Fetch transport. Hand it to the host with `toFetchHandler(app)`. Where
 * the host forbids code generation (Cloudflare Workers), validators and serializers come from
 * `precompiled` only.
 *
 * @example
 * import framework, { toFetchHandler } from '@framework/fetch'
 *
 * const app = framework()
 * app.get('/hello', async () => ({ hello: 'world' }))
 * export default { fetch: toFetchHandler(app) } // Workers; Deno.serve(toFetchHandler(app)); Bun.serve({ fetch: toFetchHandler(app) })
 */
export function framework(options: FetchFrameworkOptions = {}): Instance {
  const { buildStep, ...rest } = options
  let transport: FetchTransport | undefined
  const app = assemble(rest, {
    transport: ({ options: given, rewriteUrl }) => {
      transport = new FetchTransport({
        trustProxy: given.trustProxy,
        querystringParser: given.querystringParser,
        rewriteUrl,
        bodyLimit: given.bodyLimit,
        maxParamLength: given.maxParamLength,
        ignoreTrailingSlash: given.ignoreTrailingSlash,
        caseSensitive: given.caseSensitive,
        ignoreDuplicateSlashes: given.ignoreDuplicateSlashes,
        allowUnsafeRegex: given.allowUnsafeRegex,
        useSemicolonDelimiter: given.useSemicolonDelimiter,
        onBadUrl: given.onBadUrl,
        onMaxParamLength: given.onMaxParamLength,
        buildPrettyMeta: given.buildPrettyMeta,
      })
      return transport
    },
    logger: fetchLogger,
    // Compilers are guarded everywhere: the guard only turns a refused compilation into
    // FRM_ERR_PRECOMPILED_MISSING, and costs nothing where compiling works.
    codeGeneration: false,
    buildStep,
  })
  transports.set(app, transport!)
  // inject() answers through the same handler a host gets (made on first use).
  transport!.dispatchRequest = (request, remoteAddress) => {
    toFetchHandler(app)
    return transport!.dispatchRequest!(request, remoteAddress)
  }
  return app
}
