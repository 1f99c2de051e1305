export type {
  HttpPart,
  JsonSchema,
  ResponseSelectorFactory,
  ResponseValidatorCompileInput,
  ResponseValidatorCompiler,
  ResponseValidatorCompilerFactory,
  SchemaBucket,
  SchemaControllerOptions,
  SerializeFunction,
  SerializerCompileInput,
  SerializerCompiler,
  SerializerCompilerFactory,
  SharedSchemaAdapter,
  ValidateFunction,
  ValidationOutcome,
  ValidatorCompileInput,
  ValidatorCompiler,
  ValidatorCompilerFactory,
} from './contracts/compilers.js'
export type {
  ClientInfo,
  ConstraintStrategy,
  DeclaredRoute,
  FoundRoute,
  InjectOptions,
  InjectResponse,
  ListenOptions,
  MountedNotFound,
  MountedRoute,
  OutgoingHeaders,
  PrintRoutesOptions,
  QueryObject,
  RawRequest,
  RouteHandle,
  RouteParams,
  RouteTable,
  TrailerSource,
  Transport,
  WebStream,
  WritablePayload,
} from './contracts/transport.js'
export { createInstance } from './create-instance.js'
export { listRoutes, type RouteEntry } from './list-routes.js'
export type { ContentTypeParser, ContentTypeParserOptions } from './types/content-type-parser.js'
export type { BuiltinContentTypeParser, CoreOptions } from './types/core-options.js'
export type { FastifyError } from './types/fastify-error.js'
export type {
  DoneCallback,
  ErrorHook,
  HookMap,
  HookName,
  OnCloseHook,
  OnListenHook,
  OnReadyHook,
  OnRegisterHook,
  OnRequestAbortHook,
  OnRouteHook,
  PayloadDoneCallback,
  PayloadHook,
  PreCloseHook,
  RequestHook,
  RouteHookName,
} from './types/hooks.js'
export type { SchemaToType } from './types/infer/from-schema.js'
export type { InferMode } from './types/infer/mode.js'
export type {
  HandlerResult,
  ReplyPayload,
  ReplyType,
  RouteTypes,
  SchemaRouteGeneric,
} from './types/infer/route-types.js'
export type { KnownSchemas, SchemaEntry, SharedSchemas } from './types/infer/shared-schemas.js'
export type { ExpandShorthand } from './types/infer/shorthand.js'
export type {
  AfterCallback,
  DecoratorAccessors,
  FastifyInstance,
  InjectChain,
  Instance,
  NotFoundOptions,
  RouteShorthand,
  SchemaScope,
  ThenableInstance,
} from './types/instance.js'
export type { Logger } from './types/logger.js'
export type { Plugin, PluginInput, RegisterOptions } from './types/plugin.js'
export type { FastifyReply, FrameworkReply, HeaderValue, StatusReply } from './types/reply.js'
export type {
  FastifyRequest,
  FrameworkRequest,
  HttpRequestPart,
  RequestValidationFunction,
  RouteGeneric,
  RouteGenericPart,
} from './types/request.js'
export type { RequestHeaders } from './types/request-headers.js'
export type {
  AnyRouteSchema,
  ErrorHandler,
  FastifyContextConfig,
  HttpMethod,
  InferredSchema,
  RequestRouteOptions,
  RouteAddress,
  RouteHandler,
  RouteInfo,
  RouteOptions,
  RouteSchema,
  RouteSettings,
  RouteSettingsBase,
  RouteShorthandOptions,
  RouteTypedHandler,
  RouteTypedOptions,
  RouteTypedShorthandOptions,
} from './types/route.js'
