import { type FrameworkOptions, requestIdHeaderOf } from './options.js'

/**
 * The options Fastify 5 lists in `initialConfig`, each with the value this framework applies when
 * it is not given. Where the framework's default differs from Fastify's (`requestTimeout`,
 * `requestIdHeader`), the framework's is shown: it is what is in force.
 */
const defaults: Readonly<Record<string, unknown>> = {
  connectionTimeout: 0,
  keepAliveTimeout: 72000,
  maxRequestsPerSocket: 0,
  requestTimeout: 30000,
  requestIdHeader: false,
  requestIdLogLabel: 'reqId',
  disableRequestLogging: false,
  bodyLimit: 1048576,
  caseSensitive: true,
  allowUnsafeRegex: false,
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  maxParamLength: 100,
  onProtoPoisoning: 'error',
  onConstructorPoisoning: 'error',
  pluginTimeout: 10000,
  handlerTimeout: 0,
  http2SessionTimeout: 72000,
  exposeHeadRoutes: true,
  useSemicolonDelimiter: false,
}

/** What Fastify 5 lists in `initialConfig.routerOptions` when the option is given. */
const routerDefaults: Readonly<Record<string, unknown>> = {
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  maxParamLength: 100,
  allowUnsafeRegex: false,
  useSemicolonDelimiter: false,
}

/** Listed only when given, as Fastify does. */
const listedWhenGiven = [
  'https',
  'http2',
  'forceCloseConnections',
  'versioning',
  'constraints',
  // Fastify 4.29 listed it (true); Fastify 5 removed the option.
  'jsonShorthand',
]

/**
 * `instance.initialConfig`: Fastify's list of factory options, defaults filled in, deep-frozen.
 * Functions, loggers and other options outside that list are left out, as Fastify leaves them out;
 * `routerOptions`, when given, is listed whole (Fastify 5).
 *
 * @example
 * initialConfig({ bodyLimit: 10 }).bodyLimit // 10
 */
export function initialConfig(
  options: FrameworkOptions,
  routerOptions?: FrameworkOptions['routerOptions'],
): Readonly<Record<string, unknown>> {
  const given = options as Record<string, unknown>
  const config: Record<string, unknown> = {}
  for (const name of listedWhenGiven) {
    if (given[name] !== undefined) config[name] = given[name]
  }
  // The TLS options hold the private key: Fastify lists only whether TLS is on, and allowHTTP1.
  const https = given['https'] as { allowHTTP1?: unknown } | null | undefined
  if (typeof https === 'object' && https !== null) {
    config['https'] = 'allowHTTP1' in https ? { allowHTTP1: https.allowHTTP1 } : true
  }
  for (const name of Object.keys(defaults)) {
    config[name] = given[name] ?? defaults[name]
  }
  config['requestIdHeader'] = requestIdHeaderOf(options.requestIdHeader)
  // `routerOptions` as given (its functions too), the router defaults filled in.
  if (typeof routerOptions === 'object' && routerOptions !== null) {
    const router: Record<string, unknown> = { ...routerOptions }
    for (const name of Object.keys(routerDefaults)) router[name] ??= routerDefaults[name]
    config['routerOptions'] = router
  }
  return deepFreeze(copyNested(config))
}

/**
 * A deep copy of the plain data (objects and arrays; functions are kept as they are), so freezing
 * it never freezes an object the caller still uses (a constraint strategy, TLS options).
 */
function copyNested<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(copyNested) as T
  const copy: Record<string, unknown> = {}
  for (const [name, inner] of Object.entries(value)) copy[name] = copyNested(inner)
  return copy as T
}

function deepFreeze<T extends object>(value: T): T {
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key]
    if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) deepFreeze(inner)
  }
  return Object.freeze(value)
}
