import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type { SchemaRegistry } from '@framework/schema-registry'
import type {
  SchemaBucket,
  SchemaControllerOptions,
  SerializerCompiler,
  SerializerCompilerFactory,
  ValidatorCompiler,
  ValidatorCompilerFactory,
} from '../contracts/compilers.js'
import type { Instance } from '../types/instance.js'
import type { ChildLoggerFactory, LogSerializers } from '../types/logger.js'
import type { ErrorHandler, RouteHandler } from '../types/route.js'
import { kContext } from '../util/index.js'
import type { Core } from './core.js'
import type { DecoratorSpec } from './decorators.js'
import { createHookStore, type HookEntry, type HookStore } from './hooks.js'
import type { ParserOperation } from './parser-table.js'
import type { GenReqId } from './request-id.js'
import type { ResolvedContext } from './resolved-context.js'

/** A custom not-found handler with its route-level hooks. */
export interface NotFoundSetting {
  handler: RouteHandler
  hooks: { preValidation?: HookEntry[]; preHandler?: HookEntry[] }
  /** The `errorHandler` option: first in the not-found handler's error handler chain. */
  errorHandler?: { fn: ErrorHandler; ctx: Instance }
}

/**
 * The state of one encapsulation context. The instance object of a child context has its parent's
 * instance as prototype, so instance decorators are inherited by descendants and never seen by
 * ancestors or siblings; everything else is kept here and resolved through `parent` at ready.
 */
export class ContextState {
  readonly children: ContextState[] = []
  /** Own hooks, per name, in declaration order. */
  readonly hooks: HookStore = createHookStore()
  readonly requestDecorators = new Map<string | symbol, DecoratorSpec>()
  readonly replyDecorators = new Map<string | symbol, DecoratorSpec>()
  /** Names of plugins registered in this context (for dependency checks). */
  readonly plugins = new Set<string>()
  /**
   * What `hasPlugin` and `pluginName` read: the context's own plugin name first, then each
   * framework-plugin plugin loaded into it, in load order (`['framework']` for the root).
   */
  readonly pluginNames: string[] = []
  /** Content-type parser additions and removals, in order. */
  readonly parserOperations: ParserOperation[] = []
  validatorCompiler: ValidatorCompiler | undefined
  /** A schema controller's bucket: holds this context's shared schemas instead of `registry`. */
  bucket: SchemaBucket | undefined
  /** The bucket factory new child contexts are opened with. */
  bucketFactory: SchemaControllerOptions['bucket']
  /** A schema controller's validator builder, for this context and its descendants. */
  validatorFactory: ValidatorCompilerFactory | undefined
  /** A schema controller's serializer builder, for this context and its descendants. */
  serializerFactory: SerializerCompilerFactory | undefined
  serializerCompiler: SerializerCompiler | undefined
  errorHandler: { fn: ErrorHandler<any>; ctx: Instance } | undefined
  schemaErrorFormatter: SchemaErrorFormatter | undefined
  replySerializer: ((payload: unknown, statusCode: number) => string) | undefined
  /** The `logLevel` register option: the level of the request loggers of this context's routes. */
  logLevel: string | undefined
  /** `setGenReqId` here (wrapped for `requestIdHeader`), for this context and its descendants. */
  genReqId: GenReqId | undefined
  /** `setChildLoggerFactory` here, for this context and its descendants. */
  childLoggerFactory: ChildLoggerFactory | undefined
  /** The `logSerializers` register option. */
  logSerializers: LogSerializers | undefined
  notFound: NotFoundSetting | undefined
  /**
   * The prefix was registered with a trailing slash (`'/v1/'`): as in Fastify, a `/` route then
   * answers `/v1/` only, not `/v1`.
   */
  prefixSlash = false
  /** The plugin node whose queue receives what is registered on this context right now. */
  currentNode!: PluginNode
  /** True while an awaited instance resolves with itself (its `then` then reads as undefined). */
  unwrapping = false
  /** Computed when the instance becomes ready. */
  resolved: ResolvedContext | undefined

  constructor(
    readonly core: Core,
    readonly parent: ContextState | undefined,
    readonly instance: Instance,
    /** The plugin that opened this context (`root` for the root). */
    readonly name: string,
    /** Full prefix of the context's routes ('' for none). */
    readonly prefix: string,
    readonly registry: SchemaRegistry,
  ) {
    Object.defineProperty(instance, kContext, { value: this, enumerable: false })
    parent?.children.push(this)
    this.bucketFactory = parent?.bucketFactory
  }

  /** This context, then its ancestors up to the root. */
  *chain(): Generator<ContextState> {
    for (let state: ContextState | undefined = this; state; state = state.parent) yield state
  }
}

/** The state of an instance (the context it is). */
export function stateOf(instance: Instance): ContextState {
  return (instance as unknown as { [kContext]: ContextState })[kContext]
}

/** The `logLevel` of the nearest context that set one (register option `logLevel`). */
export function contextLogLevel(state: ContextState): string | undefined {
  for (const scope of state.chain()) if (scope.logLevel !== undefined) return scope.logLevel
  return undefined
}

/** Every context, parents before children, in registration order. */
export function* preOrder(state: ContextState): Generator<ContextState> {
  yield state
  for (const child of state.children) yield* preOrder(child)
}

/** Something waiting in a plugin node's queue. */
export type QueueItem =
  | { kind: 'plugin'; plugin: unknown; opts: unknown; registrar: ContextState }
  | { kind: 'after'; fn: ((...args: any[]) => unknown) | undefined; registrar: ContextState }
  /** Framework work that takes effect at its place in the load order (adding a hook). */
  | { kind: 'task'; run: () => void }

/**
 * One loaded (or loading) plugin. Its queue holds what its body registered; the queue is drained
 * after the body, in order, each plugin's own queue before the next item (so a plugin's children
 * load before its next sibling).
 */
export interface PluginNode {
  name: string
  parent: PluginNode | undefined
  children: PluginNode[]
  /** The context its body runs in (the registering context for a framework-plugin plugin). */
  state: ContextState
  /** False for a framework-plugin plugin. */
  encapsulated: boolean
  queue: QueueItem[]
  draining: Promise<void> | undefined
  failed: boolean
  error: unknown
  /** True while the body runs (its timeout is paused while it awaits its own children). */
  bodyRunning: boolean
  timer: { pause(): void; resume(): void } | undefined
  /** True once the body and the queue are done. */
  done: boolean
}

/** A fresh node. */
export function createPluginNode(
  name: string,
  parent: PluginNode | undefined,
  state: ContextState,
  encapsulated: boolean,
): PluginNode {
  const node: PluginNode = {
    name,
    parent,
    children: [],
    state,
    encapsulated,
    queue: [],
    draining: undefined,
    failed: false,
    error: undefined,
    bodyRunning: false,
    timer: undefined,
    done: false,
  }
  parent?.children.push(node)
  return node
}

declare module './core.js' {
  interface Core {
    /** The root context. */
    root: ContextState
    /** The root of the plugin tree (its queue holds what the root registers). */
    rootNode: PluginNode
    /** Contexts that set a not-found handler, by full prefix. */
    notFoundByPrefix: Map<string, ContextState>
  }
}
