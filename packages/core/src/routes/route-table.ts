import type { Core, HookEntry, RouteCompilers, RouteContext } from '../context/index.js'
import {
  buildRouteOptions,
  type ContextState,
  contextChildLoggerFactory,
  contextGenReqId,
  contextLogLevel,
  mergedLogSerializers,
  type NotFoundSetting,
  preOrder,
  type RouteOptionsInput,
  type RouteRecord,
  routeHookNames,
  routeKey,
} from '../context/index.js'
import type { SerializerCompiler, ValidatorCompiler } from '../contracts/compilers.js'
import type { MountedRoute, RawRequest, RouteHandle, RouteTable } from '../contracts/transport.js'
import {
  answerNotFound,
  defaultNotFoundHandler,
  handleError,
  loggingNotFoundHandler,
  runHooklessRoute,
  runRoute,
} from '../request/index.js'
import type { FastifyError } from '../types/fastify-error.js'
import type { RouteHookName } from '../types/hooks.js'
import type { RouteHandler } from '../types/route.js'
import {
  compileSerializers,
  compileValidators,
  contextSerializerCompiler,
  contextValidatorCompiler,
  normalizeRouteSchema,
  routeSerializerCompiler,
  routeValidatorCompiler,
} from './compile-schemas.js'
import { hasConstraintStrategy } from './constraints.js'
import { resolveContext } from './resolve-context.js'

/**
 * Builds the route table at ready: every context resolved, every route method compiled into a
 * route context, one not-found entry per prefix that set a handler plus the root's.
 */
export function buildRouteTable(core: Core): RouteTable<RawRequest, unknown> {
  for (const state of preOrder(core.root)) resolveContext(state)
  core.versionConstraintInUse = hasConstraintStrategy(core, 'version')
  const routes: MountedRoute[] = []
  const selectors: SelectorCache = new Map()
  for (const record of core.routes) normalizeRouteSchema(record.schema)
  for (const record of core.routes) {
    const urls = servedUrls(core, record)
    if (urls.length === 0) continue
    for (const method of record.methods) {
      // An automatic HEAD route compiles its schemas as a route of its own (its compilers are
      // called for it too, as in Fastify); the default compilers find them in their caches.
      const rc = createRouteContext(core, record, method, selectors)
      const handle = handleOf(rc)
      const constraints = record.constraints
      for (const url of urls) routes.push({ method, url, handle, constraints })
    }
  }
  const notFound: Core['notFound'] = []
  for (const [prefix, state] of core.notFoundByPrefix) {
    notFound.push({ prefix, rc: createNotFoundContext(core, state, state.notFound) })
  }
  if (!core.notFoundByPrefix.has('')) {
    notFound.push({ prefix: '', rc: createNotFoundContext(core, core.root, undefined) })
  }
  notFound.sort((a, b) => b.prefix.length - a.prefix.length)
  core.notFound = notFound
  const rootNotFound = notFound[notFound.length - 1]!.rc
  const table: RouteTable<RawRequest, unknown> = {
    routes,
    constraintStrategies: [...core.constraintStrategies.values()],
    defaultRoute: core.defaultRoute,
    notFound: notFound.map(({ prefix, rc }) => ({ prefix, handle: handleOf(rc) })),
    fail(raw, res, error, frameworkError) {
      const request = new rootNotFound.Request(rootNotFound, raw, {}, Object.create(null))
      const reply = new rootNotFound.Reply(rootNotFound, res, request)
      if (core.frameworkErrors === undefined) return handleError(reply, error)
      try {
        core.frameworkErrors(
          (frameworkError ?? error) as FastifyError,
          request as never,
          reply as never,
        )
      } catch (thrown) {
        handleError(reply, thrown)
      }
    },
  }
  core.table = table
  return table
}

/** The paths a route serves: all of them, except an automatic HEAD route's taken-over ones. */
export function servedUrls(core: Core, record: RouteRecord): string[] {
  if (!record.autoHead) return record.urls
  return record.urls.filter(
    (url) => core.autoHeads.get(routeKey('HEAD', url, record.constraints))?.record === record,
  )
}

/**
 * The transport's handle for one route context: made once per route, not per request. A context
 * without hooks takes the shorter path (`runHooklessRoute`; the built-in 404, `answerNotFound`).
 */
function handleOf(rc: RouteContext): RouteHandle {
  if (routeHookNames.some((name) => rc[name] !== null)) {
    return (raw, res, params, query) => runRoute(rc, raw, res, params, query)
  }
  if (rc.notFound && rc.handler === defaultNotFoundHandler) {
    return (raw, res, params, query) => answerNotFound(rc, raw, res, params, query)
  }
  return (raw, res, params, query) => runHooklessRoute(rc, raw, res, params, query)
}

function hookList(
  state: ContextState,
  name: RouteHookName,
  own: Partial<Record<RouteHookName, HookEntry[]>>,
): HookEntry[] | null {
  // Routes without hooks of their own share their context's list (nothing changes it after ready).
  const inherited = state.resolved!.hooks[name]
  const extra = own[name]
  if (extra === undefined || extra.length === 0) return inherited.length === 0 ? null : inherited
  return inherited.concat(extra)
}

function writtenLogger(core: Core, method: string, url: string): (error?: Error) => void {
  return (error) => {
    if (error !== undefined)
      core.log.error({ err: error }, `Writing the reply of ${method} ${url} failed`)
  }
}

function baseContext(
  core: Core,
  state: ContextState,
  own: Partial<Record<RouteHookName, HookEntry[]>>,
  method: string,
  url: string,
): Omit<
  RouteContext,
  | 'info'
  | 'config'
  | 'handler'
  | 'validators'
  | 'serializers'
  | 'selectResponse'
  | 'attachValidation'
  | 'validatesBody'
  | 'parsesBody'
  | 'notFound'
  | 'bodyLimit'
  | 'routeOptions'
  | 'routeOptionsInput'
  | 'compilers'
> {
  const resolved = state.resolved!
  return {
    core,
    state,
    instance: state.instance,
    method,
    url,
    Request: resolved.Request,
    Reply: resolved.Reply,
    onRequest: hookList(state, 'onRequest', own),
    preParsing: hookList(state, 'preParsing', own),
    preValidation: hookList(state, 'preValidation', own),
    preHandler: hookList(state, 'preHandler', own),
    preSerialization: hookList(state, 'preSerialization', own),
    onSend: hookList(state, 'onSend', own),
    onResponse: hookList(state, 'onResponse', own),
    onError: hookList(state, 'onError', own),
    onTimeout: hookList(state, 'onTimeout', own),
    onRequestAbort: hookList(state, 'onRequestAbort', own),
    parsers: resolved.parsers,
    schemaErrorFormatter: resolved.schemaErrorFormatter,
    replySerializer: resolved.replySerializer,
    logLevel: contextLogLevel(state),
    genReqId: contextGenReqId(state) ?? core.genReqId,
    childLoggerFactory: contextChildLoggerFactory(state) ?? null,
    logSerializers: mergedLogSerializers(state, undefined),
    errorHandlers: resolved.errorHandlers,
    written: writtenLogger(core, method, url),
  }
}

/** Response selectors by their list of response keys: routes with the same keys share one. */
type SelectorCache = Map<string, (statusCode: number) => string | undefined>

function selectorFor(
  core: Core,
  keys: readonly string[],
  cache: SelectorCache,
): (statusCode: number) => string | undefined {
  const id = JSON.stringify(keys)
  let selector = cache.get(id)
  if (selector === undefined) {
    selector = core.responseSelector(keys)
    cache.set(id, selector)
  }
  return selector
}

function createRouteContext(
  core: Core,
  record: RouteRecord,
  method: string,
  selectors: SelectorCache,
): RouteContext {
  const url = record.urls[0]!
  const options = record.options
  const validators = compileValidators(record, method, url)
  const serializers = compileSerializers(record, method, url)
  const base = baseContext(core, record.state, record.hooks, method, url)
  const bodyLimit = options.bodyLimit ?? core.bodyLimit
  const attachValidation = options.attachValidation === true
  const logLevel = options.logLevel ? options.logLevel : base.logLevel
  const info = {
    url,
    method,
    config: record.config,
    schema: record.schema,
    attachValidation,
    bodyLimit,
    handlerTimeout: (options.handlerTimeout as number | undefined) ?? core.handlerTimeout,
    prefix: record.state.prefix,
    handler: record.handler,
  }
  const input: RouteOptionsInput = {
    info,
    method: record.method,
    url,
    logLevel,
    exposeHeadRoute: record.exposeHeadRoute,
    prefixTrailingSlash: record.prefixTrailingSlash,
  }
  // Added to `base`, not spread into a new literal: V8 defines each property written after a
  // spread in its runtime, tens of microseconds a context (a tenth of ready() at 1000 routes).
  return Object.assign(base, {
    info,
    config: info.config,
    routeOptions: buildRouteOptions(input, undefined),
    routeOptionsInput: input,
    handler: record.handler,
    parsesBody: core.bodyMethods.has(method),
    // A body declared by content type is validated for the types it lists, whatever parsed them.
    validatesBody:
      validators?.some((validator) => validator.part === 'body' && validator.fn !== null) ?? false,
    bodyLimit,
    validators,
    attachValidation,
    schemaErrorFormatter: options.schemaErrorFormatter ?? base.schemaErrorFormatter,
    logLevel,
    childLoggerFactory: (options.childLoggerFactory as never) ?? base.childLoggerFactory,
    logSerializers:
      options.logSerializers === undefined
        ? base.logSerializers
        : mergedLogSerializers(record.state, options.logSerializers),
    serializers,
    selectResponse:
      serializers === null ? null : selectorFor(core, Object.keys(serializers), selectors),
    compilers: routeCompilers(
      () => routeValidatorCompiler(record),
      () => routeSerializerCompiler(record),
    ),
    errorHandlers:
      options.errorHandler === undefined
        ? base.errorHandlers
        : [
            { fn: options.errorHandler as never, ctx: record.state.instance },
            ...base.errorHandlers,
          ],
    notFound: false,
  })
}

function createNotFoundContext(
  core: Core,
  state: ContextState,
  setting: NotFoundSetting | undefined,
): RouteContext {
  const url = `${state.prefix}/*`
  const fallback = core.logNotFound !== false ? loggingNotFoundHandler : defaultNotFoundHandler
  const handler = (setting?.handler ?? fallback) as RouteHandler<any>
  const base = baseContext(core, state, setting?.hooks ?? {}, '*', url)
  const info = {
    url,
    method: '*',
    config: {},
    schema: undefined,
    attachValidation: false,
    bodyLimit: core.bodyLimit,
    handlerTimeout: core.handlerTimeout,
    prefix: state.prefix,
    handler,
  }
  const input: RouteOptionsInput = {
    info,
    // As Fastify: a not-found handler has no route url or method.
    method: undefined,
    url: undefined,
    logLevel: base.logLevel,
    exposeHeadRoute: false,
    prefixTrailingSlash: 'both',
  }
  return Object.assign(base, {
    info,
    config: info.config,
    routeOptions: buildRouteOptions(input, undefined),
    routeOptionsInput: input,
    handler,
    // The whole lifecycle, body parsing included (for the methods that carry one), the built-in
    // 404 too, as Fastify's 404 route: a parser that fails answers its error; a body no parser
    // takes goes on unparsed to the 404 (see body.ts).
    parsesBody: true,
    validatesBody: false,
    bodyLimit: core.bodyLimit,
    validators: null,
    attachValidation: false,
    serializers: null,
    selectResponse: null,
    // As in Fastify: a not-found handler's replies are not given to `setReplySerializer`.
    replySerializer: null,
    compilers: routeCompilers(
      () => contextValidatorCompiler(state),
      () => contextSerializerCompiler(state),
    ),
    errorHandlers:
      setting?.errorHandler === undefined
        ? base.errorHandlers
        : [setting.errorHandler as never, ...base.errorHandlers],
    notFound: true,
  })
}

/** A route's compilers, each resolved on first use, and empty caches. */
function routeCompilers(
  validator: () => ValidatorCompiler,
  serializer: () => SerializerCompiler,
): RouteCompilers {
  let validatorCompiler: ValidatorCompiler | undefined
  let serializerCompiler: SerializerCompiler | undefined
  return {
    validator: () => (validatorCompiler ??= validator()),
    serializer: () => (serializerCompiler ??= serializer()),
    validateFns: null,
    serializeFns: null,
  }
}
