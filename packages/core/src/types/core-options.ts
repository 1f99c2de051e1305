import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type {
  ResponseSelectorFactory,
  ResponseValidatorCompilerFactory,
  SchemaControllerOptions,
  SerializerCompilerFactory,
  SharedSchemaAdapter,
  ValidatorCompilerFactory,
} from '../contracts/compilers.js'
import type { ConstraintStrategy, RawRequest, Transport } from '../contracts/transport.js'
import type { ContentTypeParser, ContentTypeParserOptions } from './content-type-parser.js'
import type { FastifyError } from './fastify-error.js'
import type { Logger } from './logger.js'
import type { FrameworkReply } from './reply.js'
import type { FrameworkRequest } from './request.js'

/**
 * A content-type parser installed by `createInstance` (a user may override its type).
 *
 * @example
 * const text: BuiltinContentTypeParser = { type: 'text/plain', options: { parseAs: 'string' }, parser: (_request, body) => body }
 */
export interface BuiltinContentTypeParser {
  type: string | RegExp
  options?: ContentTypeParserOptions
  parser: ContentTypeParser
}

/**
 * What `createInstance` takes: the transport, the compilers and the defaults the umbrella wires.
 *
 * @example
 * createInstance({
 *   transport: createHttpTransport(),
 *   validatorCompiler: buildValidatorCompiler(),
 *   serializerCompiler: buildSerializerCompiler(),
 *   responseSelector: buildResponseSelector,
 *   contentTypeParsers: defaultContentTypeParsers,
 * })
 */
export interface CoreOptions<Req extends RawRequest = RawRequest, Res = unknown> {
  transport: Transport<Req, Res>
  /** The default validator compiler, built per shared-schema set. */
  validatorCompiler: ValidatorCompilerFactory
  /** The default serializer compiler, built per shared-schema set. */
  serializerCompiler: SerializerCompilerFactory
  /** `(keys) => (statusCode) => key | undefined`. */
  responseSelector: ResponseSelectorFactory
  /** Compiles the checks of response validation, built per shared-schema set. Needed by `responseValidation`. */
  responseValidatorCompiler?: ResponseValidatorCompilerFactory
  /** Validate each reply against its response schema before serializing it. Default false; the route option `responseValidation` wins. */
  responseValidation?: boolean
  /** Turns what `addSchema(value)` receives into JSON Schema (e.g. a schema of another language). Default: kept as given. */
  sharedSchemaAdapter?: SharedSchemaAdapter
  /** Default: `defaultSchemaErrorFormatter`. */
  schemaErrorFormatter?: SchemaErrorFormatter
  /** Built-in parsers installed on the root; a user may override these types (others throw when redeclared). */
  contentTypeParsers?: readonly BuiltinContentTypeParser[]
  /** Pino-shaped; default: a no-op logger. */
  logger?: Logger
  /** Maximum request body in bytes. Default 1048576. */
  bodyLimit?: number
  /** Milliseconds a plugin (or an onReady hook) may take. Default 10000; 0 turns the limit off. */
  pluginTimeout?: number
  /**
   * Fastify 5's `handlerTimeout`: milliseconds a request may take from its arrival until the
   * reply is sent, for routes that set none; past it the reply is a 503 `FRM_ERR_HANDLER_TIMEOUT`
   * and `request.signal` aborts. Default 0: no limit.
   */
  handlerTimeout?: number
  /** Default: a counter (`req-1`, `req-2`...). */
  genReqId?: (raw: Req) => string
  /**
   * A request header to take the request id from when it holds an id-like value (short,
   * printable, no spaces); else `genReqId` makes it. Default: none.
   */
  requestIdHeader?: string | false
  /** The key of the request id in request log lines. Default `'reqId'`. */
  requestIdLogLabel?: string
  /** Default true: every GET route also answers HEAD. */
  exposeHeadRoutes?: boolean
  /**
   * Default false. True: the default not-found handler logs `Route GET:/path not found` at `info`
   * through the request's logger, as Fastify's does while its request logging is on. A function
   * decides per request (Fastify 5's `disableRequestLogging` function, negated).
   */
  logNotFound?: boolean | ((request: any) => boolean)
  /**
   * Default true: the default error handler logs the error it answers (5xx at `error`, others at
   * `info`). False (Fastify's `disableRequestLogging: true`) logs nothing; a function decides per
   * request.
   */
  logRequestErrors?: boolean | ((request: any) => boolean)
  /**
   * Default false. True when the logger has serializers for a request (`req`) and a reply (`res`),
   * as pino built with Fastify's has: log lines then carry the objects themselves.
   */
  logRequestObjects?: boolean
  /**
   * Fastify 4's `frameworkErrors`: answers the requests the transport could not route (a malformed
   * URL: FRM_ERR_BAD_URL, 400; a parameter over maxParamLength: FRM_ERR_MAX_PARAM_LENGTH, 414; a
   * failing asynchronous constraint: FRM_ERR_ASYNC_CONSTRAINT, 500) instead of the root error
   * handler, with the error, a request and a reply of the root context. Default: the root error
   * handler answers them.
   */
  frameworkErrors?: (error: FastifyError, request: FrameworkRequest, reply: FrameworkReply) => void
  /**
   * Answers every request that matches no route, `(raw, res)`, instead of the not-found handlers
   * (Fastify 5's `routerOptions.defaultRoute`; `setDefaultRoute` replaces it). Default: none.
   */
  defaultRoute?: ((raw: any, res: any) => void) | undefined
  /** What `instance.initialConfig` answers (copied and frozen). Default `{}`. */
  initialConfig?: Readonly<Record<string, unknown>>
  /** What `instance.version` answers: the application framework's own version. Default `'0.0.0'`. */
  version?: string
  /**
   * Custom route constraint strategies by name (Fastify's `constraints` option), handed to the
   * transport's router; `version` or `host` replaces the built-in one.
   */
  constraints?: Record<string, ConstraintStrategy<Req>>
  /**
   * Fastify's `schemaController`: a `bucket` factory that stores the shared schemas, and
   * `compilersFactory` builders that replace `validatorCompiler` / `serializerCompiler`.
   */
  schemaController?: SchemaControllerOptions
  /**
   * The second argument of the `compilersFactory` builders: the application's validator options
   * and serializer options (Fastify passes its `ajv` and `serializerOpts` options).
   */
  compilerOptions?: { validator?: unknown; serializer?: unknown }
}
