import type { createInstance } from '@framework/core'
import { createHttpTransport } from '@framework/http'
import { assemble, type TransportSettings } from './assemble.js'
import { errorCodes } from './fastify-error-codes.js'
import type { FrameworkOptions } from './options.js'

/**
 * Creates an application: the root context, with the default validator (Ajv 8), serializer
 * (fast-json-stringify), error formatter and node:http transport wired in, and Standard Schema
 * values (Zod, Valibot, ArkType, ...) accepted in every schema slot and by `addSchema`.
 *
 * @example
 * import framework from 'framework'
 *
 * const app = framework({ logger: true })
 * app.get('/hello', { schema: { response: { 200: { hello: { type: 'string' } } } } }, async () => ({ hello: 'world' }))
 * await app.listen({ port: 3000 })
 */
export function framework(options: FrameworkOptions = {}): ReturnType<typeof createInstance> {
  return assemble(options, { transport: nodeHttpTransport })
}
// `fastify.errorCodes`, as Fastify's factory carries it (also a named export).
framework.errorCodes = errorCodes

/** The node:http transport of the factory options (what `assemble` hands it). */
function nodeHttpTransport({ options, logger, rewriteUrl, clientErrorHandler }: TransportSettings) {
  return createHttpTransport({
    trustProxy: options.trustProxy,
    querystringParser: options.querystringParser,
    rewriteUrl,
    clientErrorHandler,
    bodyLimit: options.bodyLimit,
    requestTimeout: options.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    connectionTimeout: options.connectionTimeout,
    maxParamLength: options.maxParamLength,
    ignoreTrailingSlash: options.ignoreTrailingSlash,
    caseSensitive: options.caseSensitive,
    ignoreDuplicateSlashes: options.ignoreDuplicateSlashes,
    allowUnsafeRegex: options.allowUnsafeRegex,
    useSemicolonDelimiter: options.useSemicolonDelimiter,
    onBadUrl: options.onBadUrl,
    onMaxParamLength: options.onMaxParamLength,
    buildPrettyMeta: options.buildPrettyMeta,
    http: options.http,
    maxRequestsPerSocket: options.maxRequestsPerSocket ?? undefined,
    logger,
    https: options.https,
    http2: options.http2,
    http2SessionTimeout: options.http2SessionTimeout,
    serverFactory: options.serverFactory,
    serverFactoryOptions: options,
    forceCloseConnections: options.forceCloseConnections,
    return503OnClosing: options.return503OnClosing,
  })
}
