// Layer 2, context: the tree of contexts and plugins (state, decorators, hook and parser tables, schema scope, plugin loading) and the records of declared and compiled routes. The entry for the layers above.
export {
  ContextState,
  contextLogLevel,
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
  hasScopedDecorator,
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
  parserTableOf,
} from './parser-table.js'
export { enqueue, settle, settleFrom } from './plugin-loader.js'
export { assertPluginInput, hasPlugin } from './plugin-meta.js'
export { createPluginNode } from './plugin-node.js'
export { printPlugins } from './print-plugins.js'
export type { ErrorHandlerEntry, PartValidator, RouteContext } from './route-context.js'
export { buildRouteOptions, type RouteOptionsInput } from './route-options.js'
export { type RouteRecord, routeKey } from './route-record.js'
export {
  applySchemaController,
  assertSchemaController,
  serializerFactoryOf,
  sharedSchemasOf,
  validatorFactoryOf,
} from './schema-controller.js'
