import { createError } from '@framework/error-formatter'
import {
  type ContextState,
  contextLogLevel,
  extendLoading,
  type RouteRecord,
  routeKey,
  routeLevelHooks,
  stateOf,
} from '../context/index.js'
import type { PrintRoutesOptions } from '../contracts/transport.js'
import {
  addConstraintStrategy,
  type FoundRouteView,
  findDeclaredRoute,
  hasConstraintStrategy,
  printDeclaredRoutes,
} from '../routes/index.js'
import type { Instance } from '../types/instance.js'
import type { RouteOptions } from '../types/route.js'
import { describe, routeUrls } from '../util/index.js'
import { assertNotStarted, formatterProblem } from './assert.js'

/** Fastify 5's `supportedMethods`, each with its shorthand; `addHttpMethod` adds to them. */
export const supportedMethodNames: readonly string[] = [
  'GET',
  'HEAD',
  'TRACE',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'PUT',
  'POST',
  // RFC 10008
  'QUERY',
]

/**
 * The methods a route may declare without `addHttpMethod`; `all` declares every one. Fastify 5's,
 * and Fastify 4.29's SEARCH and WebDAV methods (routed by 4.29 without being added).
 */
export const routeMethodNames: readonly string[] = [
  ...supportedMethodNames,
  'SEARCH',
  // WebDAV (RFC 4918), its versioning (RFC 3253) and CalDAV (RFC 4791), as Fastify 4.29 routes them.
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'REPORT',
  'MKCALENDAR',
]
function normalizeMethods(method: unknown, url: string, methodSet: ReadonlySet<string>): string[] {
  const list = Array.isArray(method) ? method : [method]
  if (list.length === 0)
    throw createError(
      'FRM_ERR_ROUTE_INVALID',
      url,
      'method is an empty array: name at least one HTTP method',
    )
  const methods: string[] = []
  for (const item of list) {
    if (typeof item !== 'string') {
      throw createError('FRM_ERR_ROUTE_METHOD_INVALID', url, describe(item))
    }
    const upper = item.toUpperCase()
    if (!methodSet.has(upper)) throw createError('FRM_ERR_ROUTE_METHOD_NOT_SUPPORTED', upper)
    if (!methods.includes(upper)) methods.push(upper)
  }
  return methods
}

const trailingSlashes: ReadonlySet<unknown> = new Set(['both', 'slash', 'no-slash'])

/** The method option as the onRoute hooks see it: upper-case, an array kept an array. */
function declaredMethods(
  method: unknown,
  url: string,
  methodSet: ReadonlySet<string>,
): string | string[] {
  const methods = normalizeMethods(method, url, methodSet)
  return Array.isArray(method) ? methods : methods[0]!
}

/**
 * Declares a route (`route()`): runs the onRoute hooks, checks it, refuses duplicates. A route
 * with GET also declares its HEAD route (unless `exposeHeadRoute` is false or a HEAD route is
 * declared for the path, before or after): a full route, seen by the onRoute hooks.
 */
function declareRoute(
  state: ContextState,
  definition: RouteOptions<any>,
  headOf?: RouteRecord,
): void {
  const autoHead = headOf !== undefined
  assertNotStarted(state, 'route()')
  if (!autoHead) extendLoading(state)
  if (typeof definition !== 'object' || definition === null) {
    throw createError(
      'FRM_ERR_ROUTE_INVALID',
      describe(definition),
      'a route definition is an object { method, url, handler }',
    )
  }
  // Checked before the url, as Fastify does.
  assertBodyLimit(definition.bodyLimit)
  assertHandlerTimeout(definition.handlerTimeout)
  const declared = definition.url ?? definition.path
  if (typeof declared !== 'string') throw createError('FRM_ERR_INVALID_URL', typeof declared)
  // As Fastify (find-my-way refuses it): '' names the prefix, and there is none at the root.
  if (declared === '' && state.prefix === '') throw createError('FRM_ERR_ROUTE_PATH_EMPTY')
  const trailingSlash = definition.prefixTrailingSlash ?? 'both'
  if (!trailingSlashes.has(trailingSlash)) {
    throw createError(
      'FRM_ERR_ROUTE_INVALID',
      declared,
      `prefixTrailingSlash must be 'both', 'slash' or 'no-slash', received ${describe(trailingSlash)}`,
    )
  }
  const urls = routeUrls(state.prefix, declared, trailingSlash, state.prefixSlash)
  // What the onRoute hooks receive, filled in as Fastify 4.29 fills it in before running them.
  const options: RouteOptions<any> & { prefix: string; routePath: string } = {
    ...definition,
    method: declaredMethods(definition.method, urls[0]!, state.core.methods),
    url: urls[0]!,
    path: urls[0]!,
    routePath: declared,
    prefix: state.prefix,
    logLevel: definition.logLevel || contextLogLevel(state) || '',
    attachValidation: definition.attachValidation ?? false,
  }
  for (const scope of [...state.chain()].reverse()) {
    // As in Fastify, `this` is the instance that declares the route.
    for (const hook of scope.hooks.onRoute) hook.fn.call(state.instance, options)
  }
  const finalUrls: string[] = options.url === urls[0] ? urls : [options.url as string]
  const label = finalUrls[0]!
  if (typeof label !== 'string') {
    throw createError(
      'FRM_ERR_ROUTE_INVALID',
      describe(label),
      'an onRoute hook set url to something that is not a string',
    )
  }
  const methods = normalizeMethods(options.method, label, state.core.methods)
  if (typeof options.handler !== 'function') {
    throw createError('FRM_ERR_ROUTE_MISSING_HANDLER', methods.join(','), label)
  }
  // A method whose body is not read cannot validate one (GET, HEAD, TRACE, a method added without
  // `hasBody`), as Fastify 5.
  const bodyless = methods.find((method) => !state.core.bodyMethods.has(method))
  if (bodyless !== undefined && options.schema?.body !== undefined && !autoHead) {
    throw createError('FRM_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED', bodyless, label)
  }
  // Again after the onRoute hooks, which may have set it.
  assertBodyLimit(options.bodyLimit)
  assertLogLevel(options.logLevel, methods, label, state.core.log)
  if (options.errorHandler !== undefined && typeof options.errorHandler !== 'function') {
    throw createError('FRM_ERR_ROUTE_HANDLER_NOT_FN', methods.join(','), label)
  }
  const formatter = options.schemaErrorFormatter
  const formatterIssue = formatter === undefined ? null : formatterProblem(formatter)
  if (formatterIssue !== null) {
    throw createError(
      'FRM_ERR_ROUTE_INVALID',
      `${methods.join(',')} ${label}`,
      `schemaErrorFormatter: ${formatterIssue}`,
    )
  }
  for (const [name, value] of [
    ['validatorCompiler', options.validatorCompiler],
    ['serializerCompiler', options.serializerCompiler],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw createError(
        'FRM_ERR_ROUTE_INVALID',
        `${methods.join(',')} ${label}`,
        `${name} must be a function, received ${describe(value)}`,
      )
    }
  }
  const constraints = options.constraints
  if (constraints !== undefined && (typeof constraints !== 'object' || constraints === null)) {
    throw createError(
      'FRM_ERR_ROUTE_INVALID',
      `${methods.join(',')} ${label}`,
      `constraints must be an object such as { version: '1.0.0' }, received ${describe(constraints)}`,
    )
  }
  const core = state.core
  // A custom strategy refuses a value where the route is declared, as find-my-way's `on()` does in
  // Fastify (its own error, thrown as it is).
  for (const [name, value] of Object.entries(constraints ?? {})) {
    core.constraintStrategies.get(name)?.validate?.(value)
  }
  const hooks = routeLevelHooks(options as unknown as Record<string, unknown>, state.instance)
  const keys: string[] = []
  const served: string[] = []
  for (const method of methods) {
    for (const url of finalUrls) {
      const key = routeKey(method, url, constraints)
      if (autoHead && core.routeKeys.has(key)) continue // a HEAD route of its own is declared
      if (keys.includes(key)) throw createError('FRM_ERR_DUPLICATED_ROUTE', method, url)
      if (core.routeKeys.has(key)) {
        // A HEAD route declared after the GET route replaces the automatic one, as in Fastify
        // 4.29, when it has the very same path (`/:a` then `/:b`, one shape, is a duplicate).
        if (core.autoHeads.get(key)?.url !== url) {
          throw createError('FRM_ERR_DUPLICATED_ROUTE', method, url)
        }
        core.autoHeads.delete(key)
      }
      keys.push(key)
      if (!served.includes(url)) served.push(url)
    }
  }
  if (keys.length === 0) return
  const checkRoute = core.transport.checkRoute
  if (checkRoute !== undefined) {
    for (const url of served) checkRoute.call(core.transport, methods[0]!, url)
  }
  for (const key of keys) core.routeKeys.add(key)
  const exposeHead =
    options.exposeHeadRoute ?? options.exposeHeadRoutes ?? core.exposeHeadRoutes ?? true
  const method = Array.isArray(options.method) ? methods : methods[0]!
  const record: RouteRecord = {
    methods,
    urls: served,
    routePath: declared,
    state,
    // A route its plugin's options function declares comes before the plugin's node exists.
    pluginName: (state.currentNode as typeof state.currentNode | undefined)?.name ?? state.name,
    handler: options.handler,
    schema: options.schema,
    method,
    config: { ...options.config, url: label, method },
    exposeHeadRoute: exposeHead,
    prefixTrailingSlash: trailingSlash,
    options,
    hooks,
    autoHead,
    headOf,
    constraints,
  }
  core.routes.push(record)
  if (autoHead) {
    for (const url of served)
      core.autoHeads.set(routeKey('HEAD', url, constraints), { record, url })
    return
  }
  if (methods.includes('GET') && !methods.includes('HEAD') && exposeHead) {
    declareRoute(state, { ...definition, method: 'HEAD' }, record)
  }
}

function shorthand(method: string | readonly string[]) {
  return function (
    this: Instance,
    path: string,
    optionsOrHandler?: unknown,
    handler?: unknown,
  ): Instance {
    let options: Record<string, unknown>
    if (typeof optionsOrHandler === 'function') {
      handler = optionsOrHandler
      options = {}
    } else {
      if (
        typeof handler === 'function' &&
        Object.prototype.toString.call(optionsOrHandler) !== '[object Object]'
      ) {
        throw createError('FRM_ERR_ROUTE_OPTIONS_NOT_OBJ', String(method), path)
      }
      options = (optionsOrHandler ?? {}) as Record<string, unknown>
    }
    if (handler !== undefined && options.handler !== undefined) {
      throw createError(
        'FRM_ERR_ROUTE_INVALID',
        `${String(method)} ${path}`,
        'the handler is given twice: in the options and as the last argument',
      )
    }
    declareRoute(stateOf(this), {
      ...options,
      method: method as string[],
      url: path,
      handler: (handler ?? options.handler) as RouteOptions['handler'],
    })
    return this
  }
}

export const routeMethods = {
  route(this: Instance, definition: RouteOptions<any>): Instance {
    declareRoute(stateOf(this), definition)
    return this
  },
  get: shorthand('GET'),
  head: shorthand('HEAD'),
  post: shorthand('POST'),
  put: shorthand('PUT'),
  patch: shorthand('PATCH'),
  delete: shorthand('DELETE'),
  options: shorthand('OPTIONS'),
  trace: shorthand('TRACE'),
  /** RFC 10008's QUERY: a safe, idempotent request whose query is its body (Fastify 5). */
  query: shorthand('QUERY'),
  /** Every method routes may declare at the time of the call (`addHttpMethod` adds to them). */
  all(this: Instance, path: string, optionsOrHandler?: unknown, handler?: unknown): Instance {
    const methods = [...stateOf(this).core.methods]
    return shorthand(methods).call(this, path, optionsOrHandler, handler)
  },
  /** Whether a route answers `method` on `url` (the full path, prefix included). */
  hasRoute(
    this: Instance,
    route: { url: string; method: string | string[]; constraints?: Record<string, unknown> },
  ): boolean {
    const core = stateOf(this).core
    const methods = Array.isArray(route?.method) ? route.method : [route?.method]
    return methods.every((method) => {
      if (typeof method !== 'string' || typeof route.url !== 'string') return false
      const upper = method.toUpperCase()
      if (core.routeKeys.has(routeKey(upper, route.url, route.constraints))) return true
      return findDeclaredRoute(core, upper, route.url, route.constraints) !== null
    })
  },
  findRoute(
    this: Instance,
    route: { url: string; method: string; constraints?: Record<string, unknown> },
  ): FoundRouteView | null {
    if (typeof route?.method !== 'string' || typeof route.url !== 'string') return null
    const core = stateOf(this).core
    return findDeclaredRoute(core, route.method.toUpperCase(), route.url, route.constraints)
  },
  addConstraintStrategy(this: Instance, strategy: unknown): void {
    const state = stateOf(this)
    assertNotStarted(state, 'addConstraintStrategy()')
    addConstraintStrategy(state.core, strategy)
  },
  hasConstraintStrategy(this: Instance, name: string): boolean {
    return hasConstraintStrategy(stateOf(this).core, name)
  },
  printRoutes(this: Instance, options?: PrintRoutesOptions): string {
    return printDeclaredRoutes(stateOf(this).core, options)
  },
}

/** The methods routes may declare (Fastify's `supportedMethods`, `addHttpMethod` included). */
export const routeAccessors = {
  get supportedMethods(): string[] {
    return [...stateOf(this as unknown as Instance).core.supportedMethods]
  },
}

/**
 * A route's `bodyLimit`, when given, is a whole number of bytes above 0.
 *
 * @throws FRM_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT with the value received
 */
function assertBodyLimit(limit: unknown): void {
  if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) > 0)) {
    throw createError('FRM_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT', String(limit))
  }
}

/**
 * A route's `logLevel`, when given, is one of the logger's levels (Fastify 5 checks it against a
 * pino logger's `levels.values`; a logger without that list is not checked).
 *
 * @throws FRM_ERR_ROUTE_LOG_LEVEL_INVALID naming the route and the value
 */
function assertLogLevel(level: unknown, methods: string[], label: string, log: unknown): void {
  if (level === undefined || level === null || level === '') return
  const values = (log as { levels?: { values?: Record<string, number> } } | undefined)?.levels
    ?.values
  if (values === undefined || values === null) return
  if (typeof level !== 'string' || values[level] === undefined) {
    throw createError('FRM_ERR_ROUTE_LOG_LEVEL_INVALID', methods.join(','), label, String(level))
  }
}

/**
 * A route's `handlerTimeout` (Fastify 5), when given, is a whole number of milliseconds above 0.
 *
 * @throws FRM_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT with the value received
 */
function assertHandlerTimeout(timeout: unknown): void {
  if (timeout !== undefined && !(Number.isInteger(timeout) && (timeout as number) > 0)) {
    throw createError('FRM_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT', String(timeout))
  }
}
