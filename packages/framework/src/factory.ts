import { createInstance } from '@framework/core'
import { defaultSchemaErrorFormatter, FrameworkError } from '@framework/error-formatter'
import { buildDefaultContentTypeParsers, createHttpTransport } from '@framework/http'
import { buildResponseSelector, buildSerializerCompiler } from '@framework/serializer-compiler'
import {
  standardSchemaSharedSchemaAdapter,
  withStandardSchemaSerialization,
  withStandardSchemaValidation,
} from '@framework/standard-schema'
import { buildValidatorCompiler } from '@framework/validator-compiler'
import { version } from '../package.json'
import { defaultTextParser, getDefaultJsonParser } from './default-parsers.js'
import { publishInitialization } from './diagnostics.js'
import { optionNotices } from './fastify-options.js'
import { initialConfig } from './initial-config.js'
import { isSilent, loggerFromOptions } from './logger.js'
import { checkOptions, type FrameworkOptions, knownOptions, validatorOptions } from './options.js'
import { resolvePrecompiled } from './precompiler.js'
import { addRequestLogging } from './request-logging.js'
import { jsonResponseValidator } from './response-validator.js'
import { hoistRouterOptions } from './router-options.js'
import { constraintsOf } from './versioning.js'

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
export function framework(given: FrameworkOptions = {}) {
  const options = hoistRouterOptions(given)
  checkOptions(options)
  const logger = loggerFromOptions(options)
  // rewriteUrl runs with the instance as `this` (Fastify 4); the instance is made just below.
  let app: ReturnType<typeof createInstance> | undefined
  const rewriteUrl = options.rewriteUrl
  const clientErrorHandler = options.clientErrorHandler
  const transport = createHttpTransport({
    trustProxy: options.trustProxy,
    querystringParser: options.querystringParser,
    rewriteUrl: rewriteUrl === undefined ? undefined : (raw) => rewriteUrl.call(app, raw),
    // Anything but a function goes through as it is, for the transport to refuse by name.
    clientErrorHandler:
      typeof clientErrorHandler !== 'function'
        ? (clientErrorHandler as undefined)
        : (error, socket) => clientErrorHandler.call(app, error, socket),
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
  // With logging off, a warning about a dangerous or ignored option must still reach someone.
  const warn = isSilent(logger)
    ? (message: string) => process.emitWarning(message)
    : (message: string) => logger.warn(message)
  for (const notice of optionNotices(options as Record<string, unknown>, knownOptions)) {
    if (notice.level === 'warn') warn(notice.message)
    else logger.debug(notice.message)
  }
  const { module, precompiler } = resolvePrecompiled(options.precompiled)
  const validator = validatorOptions(options)
  const validatorCompiler = buildValidatorCompiler({
    customOptions: validator?.customOptions,
    plugins: validator?.plugins,
    onWarning: warn,
    precompiled: module,
    collector: precompiler?.validators,
  })
  const serializerCompiler = defaultSerializerCompiler(
    options.serializerOpts,
    module === undefined && precompiler === undefined
      ? {}
      : { precompiled: module, collector: precompiler?.serializers, onWarning: warn },
  )
  const instance = createInstance({
    transport,
    validatorCompiler: withStandardSchemaValidation(validatorCompiler),
    serializerCompiler: withStandardSchemaSerialization(serializerCompiler),
    responseValidatorCompiler: withStandardSchemaValidation(jsonResponseValidator(validator)),
    responseValidation: options.responseValidation,
    sharedSchemaAdapter: standardSchemaSharedSchemaAdapter(),
    responseSelector: buildResponseSelector,
    schemaErrorFormatter: options.schemaErrorFormatter ?? defaultSchemaErrorFormatter,
    contentTypeParsers: buildDefaultContentTypeParsers({
      onProtoPoisoning: options.onProtoPoisoning,
      onConstructorPoisoning: options.onConstructorPoisoning,
    }),
    logger,
    bodyLimit: options.bodyLimit,
    pluginTimeout: options.pluginTimeout,
    exposeHeadRoutes: options.exposeHeadRoutes,
    genReqId: options.genReqId,
    requestIdHeader: options.requestIdHeader,
    requestIdLogLabel: options.requestIdLogLabel,
    version,
    initialConfig: initialConfig(options),
    constraints: constraintsOf(options.constraints, options.versioning),
    schemaController: options.schemaController,
    // What Fastify hands its compilersFactory builders: its `ajv` option ({ customOptions,
    // plugins }, `validator` or `ajv` here) and `serializerOpts`.
    compilerOptions: {
      validator: {
        customOptions: validator?.customOptions ?? {},
        plugins: validator?.plugins ?? [],
      },
      serializer: options.serializerOpts,
    },
  })
  app = instance
  if (!isSilent(logger) && options.disableRequestLogging !== true) addRequestLogging(instance)
  // Fastify's helpers for content-type parsers, on every context.
  instance.decorate('getDefaultJsonParser', getDefaultJsonParser)
  instance.decorate('defaultTextParser', defaultTextParser)
  publishInitialization(instance)
  return instance
}

/** The default serializer compiler; a bad `serializerOpts` entry is named as such. */
function defaultSerializerCompiler(
  serializerOpts: FrameworkOptions['serializerOpts'],
  precompile: Parameters<typeof buildSerializerCompiler>[1],
) {
  try {
    return buildSerializerCompiler(serializerOpts, precompile)
  } catch (error) {
    if (error instanceof FrameworkError && error.code === 'FRM_ERR_INVALID_OPTION') {
      error.message = error.message.replace("Option '", "Option 'serializerOpts.")
    }
    throw error
  }
}
