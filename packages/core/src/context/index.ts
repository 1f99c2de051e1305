// Layer 2, context: the tree of contexts and plugins (state, decorators, hook and parser tables,
// schema scope, plugin loading) and the records of declared and compiled routes. The entry for the
// layers above.
export { parserTableOf } from './context-parsers.js'
export {
  ContextState,
  contextLogLevel,
  createPluginNode,
  type NotFoundSetting,
  preOrder,
  stateOf,
} from './context-state.js'
export type { Core } from './core.js'
export {
  assertDependencies,
  assertNotReference,
  type DecoratorSpec,
  defineDecorator,
  toDecoratorSpec,
} from './decorators.js'
export {
  createHookEntry,
  type HookEntry,
  hookFunctionName,
  isRouteHookName,
  mergeBySeq,
  routeHookNames,
  routeLevelHooks,
} from './hooks.js'
export {
  createParserEntry,
  type ParserEntry,
  type ParserTable,
  parserKey,
} from './parser-table.js'
export {
  enqueue,
  extendLoading,
  settle,
  settleFrom,
  withAvvioCause,
} from './plugin-loader.js'
export { assertPluginInput, hasPlugin } from './plugin-meta.js'
export { printPlugins } from './print-plugins.js'
export { type GenReqId, requestIdGenerator } from './request-id.js'
export {
  assertLogger,
  type ChildLoggerFactory,
  contextChildLoggerFactory,
  contextGenReqId,
  type LogSerializers,
  mergedLogSerializers,
} from './request-logger.js'
export type { ErrorHandlerEntry, ResolvedContext } from './resolved-context.js'
export type {
  PartValidator,
  ResponseSerializer,
  RouteCompilers,
  RouteContext,
} from './route-context.js'
export { buildRouteOptions, type RouteOptionsInput } from './route-options.js'
export { type RouteRecord, routeKey } from './route-record.js'
export {
  applySchemaController,
  assertSchemaController,
  bucketSchemasOf,
  serializerFactoryOf,
  sharedSchemasOf,
  validatorFactoryOf,
} from './schema-controller.js'
export { hasScopedDecorator } from './scoped-decorators.js'
