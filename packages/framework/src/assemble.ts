import { type CoreOptions, createInstance, type Transport } from '@framework/core'
import { defaultSchemaErrorFormatter, FrameworkError } from '@framework/error-formatter'
import { buildDefaultContentTypeParsers } from '@framework/http/neutral'
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
import {
  type FrameworkLogger,
  hasRequestSerializers,
  isSilent,
  type LoggerOption,
  loggerFromOptions,
} from './logger.js'
import {
  checkOptions,
  type FrameworkOptions,
  knownOptions,
  requestIdHeaderOf,
  validatorOptions,
} from './options.js'
import { precompiledOnly } from './precompiled-only.js'
import { resolvePrecompiled } from './precompiler.js'
import { addRequestLogging, logIncomingRequest } from './request-logging.js'
import { jsonResponseValidator } from './response-validator.js'
import { hoistRouterOptions } from './router-options.js'
import { constraintsOf } from './versioning.js'

/** What the assembly hands the transport it makes: the checked options and what it built from them. */
export interface TransportSettings {
  options: FrameworkOptions
  logger: FrameworkLogger
  /** `rewriteUrl` bound to the instance (Fastify 4 calls it with the instance as `this`). */
  rewriteUrl: ((raw: any) => string) | undefined
  /**
   * `clientErrorHandler` bound to the instance, as Fastify calls it; anything but a function goes
   * through as it is, for the transport to refuse by name.
   */
  clientErrorHandler: ((error: Error, socket: any) => void) | undefined
}

/**
 * The host side of an assembly: the transport, and what differs from host to host. The umbrella
 * (`framework`) passes the node:http transport; `@framework/fetch` its Fetch-API one.
 */
export interface Host<T extends Transport<any, any>> {
  /** Makes the transport from the settings (called once, before the instance exists). */
  transport(settings: TransportSettings): T
  /**
   * Builds the logger of the `logger` option; undefined leaves it to the default (pino, see
   * `createLogger`). Not called when the application gives a `loggerInstance`.
   */
  logger?: (option: LoggerOption | undefined) => FrameworkLogger | undefined
  /**
   * False where the host may forbid code generation from strings (Cloudflare Workers allow it at
   * global scope, not while handling a request, where `ready()` runs): a validator or serializer
   * that is not in the precompiled module and cannot be compiled then fails `ready()` naming the
   * route, the part and the build step, never with a bare EvalError. Default true.
   */
  codeGeneration?: boolean
  /** The name of the build step a missing precompiled schema points to (in that error). */
  buildStep?: string
}

/**
 * Creates an application on the transport a host gives: options checked, logger, validator and
 * serializer compilers (precompiled ones too), Standard Schema support, content-type parsers,
 * request ids, request logging. Everything the factory of a transport package does but make its
 * transport; `framework()` is `assemble(options, nodeHttpHost)`.
 *
 * @example
 * import { assemble } from 'framework/assemble'
 *
 * const app = assemble({ logger: true }, { transport: ({ options }) => createMyTransport(options) })
 */
export function assemble<T extends Transport<any, any>>(
  given: FrameworkOptions,
  host: Host<T>,
): ReturnType<typeof createInstance> {
  const options = hoistRouterOptions(given)
  checkOptions(options)
  const logger =
    (options.loggerInstance == null ? host.logger?.(options.logger) : undefined) ??
    loggerFromOptions(options)
  // Fastify 4's request logging: `incoming request`, `request completed`, and the default 404's
  // message; Fastify 5's `disableRequestLogging` function turns it off request by request.
  const requestLogging = !isSilent(logger) && options.disableRequestLogging !== true
  const loggedRequest = requestLoggingFilter(options.disableRequestLogging)
  // rewriteUrl and clientErrorHandler run with the instance as `this` (Fastify 4); the instance
  // is made just below.
  let app: ReturnType<typeof createInstance> | undefined
  const { rewriteUrl, clientErrorHandler } = options
  const transport = host.transport({
    options,
    logger,
    rewriteUrl: rewriteUrl === undefined ? undefined : (raw) => rewriteUrl.call(app, raw),
    clientErrorHandler:
      typeof clientErrorHandler !== 'function'
        ? (clientErrorHandler as undefined)
        : (error, socket) => clientErrorHandler.call(app, error, socket),
  })
  // With logging off, a warning about a dangerous or ignored option must still reach someone.
  const warn = isSilent(logger) ? emitWarning : (message: string) => logger.warn(message)
  for (const notice of optionNotices(options as Record<string, unknown>, knownOptions)) {
    if (notice.level === 'warn') warn(notice.message)
    else logger.debug(notice.message)
  }
  const { module, precompiler } = resolvePrecompiled(options.precompiled)
  const validator = validatorOptions(options)
  // A host that refuses code generation while serving compiles everything at ready().
  const eager = host.codeGeneration === false
  const validatorCompiler = buildValidatorCompiler({
    eager,
    customOptions: validator?.customOptions,
    plugins: validator?.plugins,
    onWarning: warn,
    precompiled: module,
    collector: precompiler?.validators,
  })
  const serializerCompiler = defaultSerializerCompiler(
    options.serializerOpts,
    module === undefined && precompiler === undefined
      ? { eager }
      : { precompiled: module, collector: precompiler?.serializers, onWarning: warn, eager },
  )
  const onlyPrecompiled =
    host.codeGeneration === false ? precompiledOnly(host.buildStep, module !== undefined) : null
  const instance = createInstance({
    transport,
    validatorCompiler: withStandardSchemaValidation(
      onlyPrecompiled === null ? validatorCompiler : onlyPrecompiled.validators(validatorCompiler),
    ),
    serializerCompiler: withStandardSchemaSerialization(
      onlyPrecompiled === null
        ? serializerCompiler
        : onlyPrecompiled.serializers(serializerCompiler),
    ),
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
    handlerTimeout: options.handlerTimeout,
    exposeHeadRoutes: options.exposeHeadRoutes,
    genReqId: options.genReqId,
    requestIdHeader: requestIdHeaderOf(options.requestIdHeader),
    requestIdLogLabel: options.requestIdLogLabel,
    version,
    logNotFound: requestLogging && (loggedRequest ?? true),
    logRequestErrors: options.disableRequestLogging === true ? false : (loggedRequest ?? true),
    logRequestObjects: hasRequestSerializers(logger),
    frameworkErrors: frameworkErrorsOf(
      options.frameworkErrors,
      requestLogging ? (loggedRequest ?? true) : false,
      hasRequestSerializers(logger),
      () => app,
    ),
    defaultRoute: options.defaultRoute,
    initialConfig: initialConfig(options, given.routerOptions),
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
  if (requestLogging) addRequestLogging(instance, hasRequestSerializers(logger), loggedRequest)
  if (options.childLoggerFactory !== undefined) {
    instance.setChildLoggerFactory(options.childLoggerFactory as never)
  }
  // Fastify's helpers for content-type parsers, on every context.
  instance.decorate('getDefaultJsonParser', getDefaultJsonParser)
  instance.decorate('defaultTextParser', defaultTextParser)
  publishInitialization(instance)
  return instance
}

/** A warning nobody logs: the process's warning channel, or the console where there is none. */
function emitWarning(message: string): void {
  const process = (globalThis as { process?: { emitWarning?: (message: string) => void } }).process
  if (typeof process?.emitWarning === 'function') process.emitWarning(message)
  else console.warn(message)
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

export type { FrameworkLogger, LoggerOption } from './logger.js'
export type { FrameworkOptions } from './options.js'
export type { PrecompiledModule } from './precompiler.js'

/**
 * The core's `frameworkErrors`: the option with the instance as `this`, after the request's
 * `incoming request` line when request logging is on (Fastify 4 logs it there too).
 */
function frameworkErrorsOf(
  handler: FrameworkOptions['frameworkErrors'],
  requestLogging: boolean | ((request: any) => boolean),
  serialized: boolean,
  instance: () => unknown,
): CoreOptions['frameworkErrors'] {
  if (typeof handler !== 'function') return undefined
  return (error, request, reply) => {
    if (requestLogging === true || (requestLogging !== false && requestLogging(request))) {
      logIncomingRequest(request, serialized)
    }
    handler.call(instance(), error, request, reply)
  }
}

/**
 * Fastify 5's `disableRequestLogging` as a function of the request: which requests are logged
 * (the function's answer negated, read once per request line); undefined when it is no function.
 */
function requestLoggingFilter(
  option: FrameworkOptions['disableRequestLogging'],
): ((request: any) => boolean) | undefined {
  if (typeof option !== 'function') return undefined
  return (request) => !option(request)
}
