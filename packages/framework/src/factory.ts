import { createInstance } from '@framework/core'
import { defaultSchemaErrorFormatter } from '@framework/error-formatter'
import { createHttpTransport, defaultContentTypeParsers } from '@framework/http'
import { buildResponseSelector, buildSerializerCompiler } from '@framework/serializer-compiler'
import {
  standardSchemaSharedSchemaAdapter,
  withStandardSchemaSerialization,
  withStandardSchemaValidation,
} from '@framework/standard-schema'
import { buildValidatorCompiler } from '@framework/validator-compiler'
import { createLogger, isSilent } from './logger.js'
import { checkOptions, type FrameworkOptions } from './options.js'
import { requestIdGenerator } from './request-id.js'
import { jsonResponseValidator } from './response-validator.js'

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
export function framework(options: FrameworkOptions = {}) {
  checkOptions(options)
  const logger = createLogger(options.logger)
  const transport = createHttpTransport({
    bodyLimit: options.bodyLimit,
    requestTimeout: options.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    connectionTimeout: options.connectionTimeout,
    maxParamLength: options.maxParamLength,
    ignoreTrailingSlash: options.ignoreTrailingSlash,
    caseSensitive: options.caseSensitive,
    logger,
  })
  const validatorCompiler = buildValidatorCompiler({
    customOptions: options.validator?.customOptions,
    plugins: options.validator?.plugins,
    // With logging off, a warning about a dangerous option must still reach someone.
    onWarning: isSilent(logger)
      ? (message) => process.emitWarning(message)
      : (message) => logger.warn(message),
  })
  return createInstance({
    transport,
    validatorCompiler: withStandardSchemaValidation(validatorCompiler),
    serializerCompiler: withStandardSchemaSerialization(buildSerializerCompiler()),
    responseValidatorCompiler: withStandardSchemaValidation(
      jsonResponseValidator(options.validator),
    ),
    responseValidation: options.responseValidation,
    sharedSchemaAdapter: standardSchemaSharedSchemaAdapter(),
    responseSelector: buildResponseSelector,
    schemaErrorFormatter: options.schemaErrorFormatter ?? defaultSchemaErrorFormatter,
    contentTypeParsers: defaultContentTypeParsers,
    logger,
    bodyLimit: options.bodyLimit,
    pluginTimeout: options.pluginTimeout,
    exposeHeadRoutes: options.exposeHeadRoutes,
    genReqId: requestIdGenerator(options.genReqId, options.requestIdHeader),
  })
}
