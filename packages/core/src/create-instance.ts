import { createError, defaultSchemaErrorFormatter } from '@framework/error-formatter'
import { SchemaRegistry } from '@framework/schema-registry'
import type { Core } from './context/index.js'
import {
  applySchemaController,
  assertSchemaController,
  ContextState,
  createParserEntry,
  createPluginNode,
  requestIdGenerator,
} from './context/index.js'
import type { ConstraintStrategy, RawRequest } from './contracts/transport.js'
import {
  assertFormatter,
  closeInstance,
  instancePrototype,
  routeMethodNames,
  supportedMethodNames,
} from './instance/index.js'
import { bodyMethods, connectRequestPath } from './request/index.js'
import { assertConstraintStrategy } from './routes/index.js'
import type { CoreOptions } from './types/core-options.js'
import type { Instance } from './types/instance.js'
import { createNoopLogger, describe } from './util/index.js'

/**
 * Creates the root instance of an application. The core knows no protocol: `transport` serves the
 * route table it builds at ready; the compilers, the response selector and the error formatter are
 * parameters, so the umbrella wires the defaults and a user can swap any of them.
 *
 * @throws FRM_ERR_INVALID_OPTION naming the option that is missing or malformed
 * @example
 * import { createInstance } from '@framework/core'
 *
 * const app = createInstance({
 *   transport: createHttpTransport(),
 *   validatorCompiler: buildValidatorCompiler(),
 *   serializerCompiler: buildSerializerCompiler(),
 *   responseSelector: buildResponseSelector,
 * })
 * app.get('/', async () => ({ hello: 'world' }))
 * await app.listen({ port: 3000 })
 */
export function createInstance<Req extends RawRequest, Res>(
  options: CoreOptions<Req, Res>,
): Instance {
  if (typeof options !== 'object' || options === null) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'options',
      `createInstance takes an options object, received ${describe(options)}`,
    )
  }
  const transport = options.transport
  if (typeof transport !== 'object' || transport === null) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'transport',
      `expected a Transport object, received ${describe(transport)}`,
    )
  }
  for (const method of [
    'mount',
    'listen',
    'close',
    'inject',
    'readBody',
    'send',
    'isSent',
    'onTimeout',
  ] as const) {
    if (typeof transport[method] !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        'transport',
        `transport.${method} must be a function`,
      )
    }
  }
  for (const name of ['validatorCompiler', 'serializerCompiler', 'responseSelector'] as const) {
    if (typeof options[name] !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        name,
        `expected a function, received ${describe(options[name])}`,
      )
    }
  }
  for (const name of ['responseValidatorCompiler', 'sharedSchemaAdapter'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        name,
        `expected a function, received ${describe(options[name])}`,
      )
    }
  }
  const responseValidation = options.responseValidation ?? false
  if (typeof responseValidation !== 'boolean') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'responseValidation',
      `expected true or false, received ${describe(responseValidation)}`,
    )
  }
  const formatter = options.schemaErrorFormatter ?? defaultSchemaErrorFormatter
  assertFormatter(formatter)
  const bodyLimit = options.bodyLimit ?? 1048576
  if (!Number.isInteger(bodyLimit) || bodyLimit <= 0) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'bodyLimit',
      `use a positive integer (bytes), received ${describe(bodyLimit)}`,
    )
  }
  const pluginTimeout = options.pluginTimeout ?? 10000
  if (!Number.isInteger(pluginTimeout) || pluginTimeout < 0) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'pluginTimeout',
      `use an integer number of milliseconds (0 for none), received ${describe(pluginTimeout)}`,
    )
  }
  const handlerTimeout = options.handlerTimeout ?? 0
  if (!Number.isInteger(handlerTimeout) || handlerTimeout < 0) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'handlerTimeout',
      `use an integer number of milliseconds (0 for none), received ${describe(handlerTimeout)}`,
    )
  }
  if (options.genReqId !== undefined && typeof options.genReqId !== 'function') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'genReqId',
      `expected a function, received ${describe(options.genReqId)}`,
    )
  }
  const strategies = new Map<string, ConstraintStrategy>()
  for (const strategy of Object.values(options.constraints ?? {})) {
    assertConstraintStrategy(strategy, strategies)
    strategies.set(strategy.name, strategy as ConstraintStrategy)
  }
  const core = {
    transport,
    validatorFactory: options.validatorCompiler,
    serializerFactory: options.serializerCompiler,
    responseValidatorFactory: options.responseValidatorCompiler,
    responseValidation,
    sharedSchemaAdapter: options.sharedSchemaAdapter,
    responseSelector: options.responseSelector,
    schemaErrorFormatter: formatter,
    log: options.logger ?? createNoopLogger(),
    bodyLimit,
    pluginTimeout,
    handlerTimeout,
    genReqId: requestIdGenerator(options.genReqId, options.requestIdHeader),
    wrapGenReqId: (fn: (raw: RawRequest) => string) =>
      requestIdGenerator(fn, options.requestIdHeader),
    requestIdLogLabel: options.requestIdLogLabel ?? 'reqId',
    exposeHeadRoutes: options.exposeHeadRoutes ?? true,
    logNotFound: options.logNotFound ?? false,
    logRequestErrors: options.logRequestErrors ?? true,
    logRequestObjects: options.logRequestObjects === true,
    frameworkErrors: options.frameworkErrors,
    initialConfig: Object.freeze({ ...(options.initialConfig ?? {}) }),
    hookSeq: 1,
    started: false,
    loaded: false,
    readyPromise: undefined,
    readyResult: undefined,
    inOnReady: false,
    readyCallbacks: [],
    awaitedError: undefined,
    closePromise: undefined,
    mounted: false,
    booted: false,
    listening: false,
    aborted: false,
    closing: false,
    routes: [],
    routeKeys: new Set(),
    methods: new Set(routeMethodNames),
    supportedMethods: new Set(supportedMethodNames),
    bodyMethods: new Set(bodyMethods),
    autoHeads: new Map(),
    notFoundByPrefix: new Map(),
    validatorCache: new Map(),
    serializerCache: new Map(),
    responseValidatorCache: new Map(),
    constraintStrategies: strategies,
    compilerOptions: { ...options.compilerOptions },
    versionConstraintInUse: false,
    defaultRoute: defaultRouteOf(options.defaultRoute),
    table: undefined,
    notFound: [],
  } as unknown as Core
  connectRequestPath()
  const instance = Object.create(instancePrototype) as Instance
  Object.defineProperty(instance, 'log', { value: core.log, enumerable: false, writable: false })
  // Bound to the application, as avvio's close is: `setTimeout(app.close, 10)` closes it too.
  Object.defineProperty(instance, 'close', {
    value: function close(callback?: (error: Error | null) => void) {
      return closeInstance(core, callback, this ?? instance)
    },
    enumerable: false,
    writable: true,
    configurable: true,
  })
  // A getter an application (or a test) may redefine, as Fastify's: a version it sets is the one
  // plugins' `meta.fastify` ranges are then checked against too (context/plugin-meta.ts).
  const version = options.version ?? '0.0.0'
  Object.defineProperty(instance, 'version', {
    get: () => version,
    enumerable: false,
    configurable: true,
  })
  const root = new ContextState(core, undefined, instance, 'root', '', new SchemaRegistry())
  root.pluginNames.push('framework')
  if (options.schemaController !== undefined) {
    applySchemaController(
      root,
      assertSchemaController(options.schemaController, 'schemaController'),
    )
  }
  core.root = root
  core.rootNode = createPluginNode('root', undefined, root, true)
  root.currentNode = core.rootNode
  for (const builtin of options.contentTypeParsers ?? []) {
    root.parserOperations.push({
      add: createParserEntry(builtin.type, builtin.options, builtin.parser, instance, true),
    })
  }
  return instance
}

/** The `defaultRoute` option: a function, or nothing (FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE). */
function defaultRouteOf(fn: CoreOptions['defaultRoute']): CoreOptions['defaultRoute'] {
  if (fn === undefined || fn === null) return undefined
  if (typeof fn !== 'function') throw createError('FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE')
  return fn
}
