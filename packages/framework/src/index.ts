import { framework } from './factory.js'

export type {
  AnyRouteSchema,
  ContentTypeParser,
  ContentTypeParserOptions,
  DecoratorAccessors,
  DoneCallback,
  ErrorHandler,
  FrameworkReply,
  FrameworkRequest,
  HookMap,
  HookName,
  HttpMethod,
  InferMode,
  InjectChain,
  InjectOptions,
  InjectResponse,
  Instance,
  JsonSchema,
  ListenOptions,
  Logger,
  Plugin,
  PluginInput,
  RegisterOptions,
  ReplyType,
  RouteGeneric,
  RouteHandler,
  RouteOptions,
  RouteSchema,
  RouteSettings,
  RouteShorthand,
  RouteShorthandOptions,
  RouteTypedHandler,
  RouteTypes,
  SchemaRouteGeneric,
  SchemaToType,
  SerializerCompiler,
  SharedSchemas,
  ThenableInstance,
  ValidateFunction,
  ValidatorCompiler,
} from '@framework/core'
export { listRoutes, type RouteEntry } from '@framework/core'
export {
  codes,
  createError,
  type ErrorCode,
  FrameworkError,
  type FrameworkSchemaValidationError,
  isValidationError,
  type SchemaErrorFormatter,
  type ValidationError,
} from '@framework/error-formatter'
export { fp } from 'framework-plugin'
export type { FrameworkLogger, LoggerOption } from './logger.js'
export type { FrameworkOptions, ValidatorOptions, ValidatorPlugin } from './options.js'
export { precompile } from './precompile.js'
export {
  createPrecompiler,
  type PrecompiledModule,
  Precompiler,
  type PrecompileSummary,
} from './precompiler.js'
export { framework }
export default framework
