import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type {
  SerializeFunction,
  SerializerCompiler,
  ValidateFunction,
  ValidatorCompiler,
} from '../contracts/compilers.js'
import type { Instance } from '../types/instance.js'
import type { RequestRouteOptions, RouteHandler, RouteInfo } from '../types/route.js'
import type { ContextState } from './context-state.js'
import type { Core } from './core.js'
import type { HookEntry } from './hooks.js'
import type { ParserTable } from './parser-table.js'
import type { GenReqId } from './request-id.js'
import type { ChildLoggerFactory, LogSerializers } from './request-logger.js'
import type { ErrorHandlerEntry } from './resolved-context.js'
import type { RouteOptionsInput } from './route-options.js'

/** One request part's compiled validator. */
export interface PartValidator {
  /** Where the value lives on the request. */
  part: 'params' | 'body' | 'querystring' | 'headers'
  /** The `validationContext` of its errors. */
  context: 'params' | 'body' | 'query' | 'headers'
  /** The part's validator; null when the body is validated per content type (`byType`). */
  fn: ValidateFunction | null
  /**
   * A body schema declared by content type (`body.content[type].schema`): the validator per media
   * type (lower-cased essence). A body of a type not listed is not validated, as in Fastify.
   */
  byType: Readonly<Record<string, ValidateFunction>> | null
  /**
   * Compiled by a custom validator compiler (route option, `setValidatorCompiler`, a schema
   * controller's `buildValidator`): the default formatter keeps its messages' wording.
   */
  custom: boolean
  /**
   * Whether `fn` is given the request as the holder of the part's value (an Ajv function whose
   * root value Ajv may replace, see request/validation.ts); undefined until its first call.
   */
  holder: boolean | undefined
  /**
   * The function the request path calls for `fn`, undefined until its first call: `fn` itself, or
   * for a validator of the default compiler built on first use, the function compiled behind it
   * (see `ValidatorCompilerFactory`). `fn` stays what the application is handed.
   */
  direct: ValidateFunction | undefined
}

/**
 * The compiled serializer of one response key: a function, or one per media type for a schema
 * declared by content type (`response[code].content[type].schema`).
 */
export type ResponseSerializer = SerializeFunction | Readonly<Record<string, SerializeFunction>>

/**
 * The compilers a route's `compileValidationSchema`/`compileSerializationSchema` use: the route's
 * own, else its context's, else the default one of its shared schemas (resolved on first use), and
 * the functions they compiled, by schema object.
 */
export interface RouteCompilers {
  validator(): ValidatorCompiler
  serializer(): SerializerCompiler
  /** Compiled by `request.compileValidationSchema`, by schema object (created on first use). */
  validateFns: WeakMap<object, ValidateFunction> | null
  /** Compiled by `reply.compileSerializationSchema`, by schema object (created on first use). */
  serializeFns: WeakMap<object, SerializeFunction> | null
}

/**
 * Everything one mounted method + path needs per request, computed once at ready: the hook lists
 * (`null` when empty, so the lifecycle skips them without walking an array), the compiled
 * validators and serializers, the error handler chain and the request/reply classes (declared by
 * request/request.ts and request/reply.ts, which add them to this interface).
 */
export interface RouteContext {
  core: Core
  state: ContextState
  instance: Instance
  method: string
  url: string
  info: RouteInfo
  /** The route's `config` (Fastify's context field of that name, read through `kRouteContext`). */
  config: RouteInfo['config']
  /** `request.routeOptions` when no route uses the `version` constraint (then it is built per read). */
  routeOptions: RequestRouteOptions
  /** What `routeOptions` is built from. */
  routeOptionsInput: RouteOptionsInput
  handler: RouteHandler<any>

  onRequest: HookEntry[] | null
  preParsing: HookEntry[] | null
  preValidation: HookEntry[] | null
  preHandler: HookEntry[] | null
  preSerialization: HookEntry[] | null
  onSend: HookEntry[] | null
  onResponse: HookEntry[] | null
  onError: HookEntry[] | null
  onTimeout: HookEntry[] | null
  onRequestAbort: HookEntry[] | null

  /** Whether the method carries a body the core parses. */
  parsesBody: boolean
  /** Whether a body validator applies (a body schema on POST, PUT or PATCH). */
  validatesBody: boolean
  parsers: ParserTable
  bodyLimit: number
  validators: PartValidator[] | null
  attachValidation: boolean
  schemaErrorFormatter: SchemaErrorFormatter
  serializers: Record<string, ResponseSerializer> | null
  /** The compilers and caches of `request.compileValidationSchema` and its kin. */
  compilers: RouteCompilers
  /** `setReplySerializer` in force for the route's context, or null (`JSON.stringify`). */
  replySerializer: ((payload: unknown, statusCode: number) => string) | null
  selectResponse: ((statusCode: number) => string | undefined) | null
  errorHandlers: ErrorHandlerEntry[]
  /** True for the context's not-found handler. */
  notFound: boolean
  /** The level of this route's request loggers (route option or register option `logLevel`). */
  logLevel: string | undefined
  /** Makes the request id (`setGenReqId` of the context, else the application's). */
  genReqId: GenReqId
  /** The route's `childLoggerFactory`, else its context's; null: `logger.child(bindings, options)`. */
  childLoggerFactory: ChildLoggerFactory | null
  /** The request logger's serializers (register and route `logSerializers`), or undefined. */
  logSerializers: LogSerializers | undefined
  /** Called when the transport finished writing a reply of a route without onResponse hooks. */
  written: (error?: Error) => void
}

declare module './core.js' {
  interface Core {
    /** Not-found route contexts, longest prefix first (for `reply.callNotFound`). */
    notFound: Array<{ prefix: string; rc: RouteContext }>
  }
}
