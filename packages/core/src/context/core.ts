import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type {
  ResponseSelectorFactory,
  ResponseValidatorCompiler,
  ResponseValidatorCompilerFactory,
  SerializerCompiler,
  SerializerCompilerFactory,
  SharedSchemaAdapter,
  ValidatorCompiler,
  ValidatorCompilerFactory,
} from '../contracts/compilers.js'
import type {
  ConstraintStrategy,
  RawRequest,
  RouteTable,
  Transport,
} from '../contracts/transport.js'
import type { CoreOptions } from '../types/core-options.js'
import type { Logger } from '../types/logger.js'

/**
 * The settings of one application, shared by all its contexts. The files of the records it holds
 * add their fields to it: context-state.ts (`root`, `rootNode`, `notFoundByPrefix`),
 * route-record.ts (`routes`, `autoHeads`) and route-context.ts (`notFound`).
 */
export interface Core {
  transport: Transport<RawRequest, unknown>
  validatorFactory: ValidatorCompilerFactory
  serializerFactory: SerializerCompilerFactory
  /** Compiles the checks of response validation; undefined when none was given. */
  responseValidatorFactory: ResponseValidatorCompilerFactory | undefined
  /** Whether routes validate their replies unless their option `responseValidation` says otherwise. */
  responseValidation: boolean
  /** Turns what `addSchema` received into the JSON Schema kept in the registry. */
  sharedSchemaAdapter: SharedSchemaAdapter | undefined
  responseSelector: ResponseSelectorFactory
  schemaErrorFormatter: SchemaErrorFormatter
  log: Logger
  bodyLimit: number
  pluginTimeout: number
  /** Fastify 5's server-level `handlerTimeout` (0: none). */
  handlerTimeout: number
  genReqId: (raw: RawRequest) => string
  /** Wraps a `setGenReqId` function for `requestIdHeader`. */
  wrapGenReqId: (fn: (raw: any) => string) => (raw: any) => string
  /** The key of the request id in request log lines (Fastify's `requestIdLogLabel`). */
  requestIdLogLabel: string
  exposeHeadRoutes: boolean
  /** Whether the default not-found handler logs its message at `info`. */
  logNotFound: boolean | ((request: any) => boolean)
  /** Whether the default error handler logs (see `CoreOptions.logRequestErrors`). */
  logRequestErrors: boolean | ((request: any) => boolean)
  /** Whether log lines carry the request and reply objects (see `CoreOptions.logRequestObjects`). */
  logRequestObjects: boolean
  /** Answers the requests the transport could not route, instead of the root error handler. */
  frameworkErrors: CoreOptions['frameworkErrors']
  /** What `instance.initialConfig` answers (frozen). */
  initialConfig: Readonly<Record<string, unknown>>
  /** The next `seq` of a hook taking effect (see HookEntry.seq). */
  hookSeq: number

  /** True once every plugin has loaded: adding routes, hooks, decorators or schemas throws. */
  started: boolean
  /** True once every plugin has loaded without error (from the `ready(callback)` calls on). */
  loaded: boolean
  readyPromise: Promise<void> | undefined
  /**
   * What every `ready()` of the application settles with (the root instance): callbacks and
   * promises hang on this one promise, so they settle in the order they were asked for.
   */
  readyResult: Promise<unknown> | undefined
  /**
   * `ready(callback)` called on an encapsulated context while the plugins load (avvio's ready of
   * that context): each runs once everything has loaded, before the onReady hooks, in call order.
   */
  readyCallbacks: Array<(error: unknown) => unknown>
  /** True while the onReady hooks run: `decorate()` and `addHook('onReady' | 'onListen')` still work. */
  inOnReady: boolean
  /**
   * The first loading error an awaited `register()` (or instance) rejected with: awaiting does not
   * handle it (only an `after((error) => ...)` does), so `ready()` and `listen()` fail with it too.
   */
  awaitedError: { error: unknown } | undefined
  closePromise: Promise<void> | undefined
  /** True once the route table was handed to the transport. */
  mounted: boolean
  /** True once `ready()` has resolved (the onReady hooks done): `inject()` dispatches at once. */
  booted: boolean
  listening: boolean
  /** `close()` was called: the instance neither listens nor answers `inject()` again (Fastify). */
  closing: boolean
  /** The `signal` given to `listen()` aborted: the instance closes and does not start listening. */
  aborted: boolean

  /**
   * The methods routes may declare: `supportedMethods`, and Fastify 4.29's WebDAV and SEARCH
   * methods besides; `addHttpMethod` adds to it.
   */
  methods: Set<string>
  /** `supportedMethods`: Fastify 5's, and those `addHttpMethod` added. */
  supportedMethods: Set<string>
  /** The methods whose body the core reads; `addHttpMethod(m, { hasBody: true })` adds to it. */
  bodyMethods: Set<string>

  /** `METHOD url` of every mounted method + path, to refuse duplicates. */
  routeKeys: Set<string>

  /** Default compilers built per shared-schema fingerprint. */
  validatorCache: Map<string, ValidatorCompiler>
  serializerCache: Map<string, SerializerCompiler>
  responseValidatorCache: Map<string, ResponseValidatorCompiler>

  /** Custom find-my-way constraint strategies by name (`constraints` option, `addConstraintStrategy`). */
  constraintStrategies: Map<string, ConstraintStrategy>
  /** Whether `version` is a strategy in use (custom, or a route's constraint), set at ready. */
  versionConstraintInUse: boolean

  /** The second argument of a schema controller's builders (validator and serializer options). */
  compilerOptions: { validator?: unknown; serializer?: unknown }

  /** `setDefaultRoute(fn)`: answers requests that match no route, instead of the 404 handling. */
  defaultRoute: ((raw: any, res: any) => void) | undefined
  /** Built at ready. */
  table: RouteTable<RawRequest, unknown> | undefined
}
