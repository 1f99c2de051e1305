import type { SchemaErrorFormatter } from '@framework/error-formatter'
import type { SerializerCompiler, ValidatorCompiler } from '../contracts/compilers.js'
import type { RouteHookName } from '../types/hooks.js'
import type { Instance } from '../types/instance.js'
import type { HookEntry } from './hooks.js'
import type { ParserTable } from './parser-table.js'

/** An error handler in a route's chain; `fn: null` is the default handler. */
export interface ErrorHandlerEntry {
  fn: ((error: unknown, request: any, reply: any) => unknown) | null
  ctx: Instance
}

/**
 * What a context sees, computed once at ready from its own settings and its parent's. Its
 * `Request` and `Reply` classes (the context's decorators on their prototypes) are declared by
 * request/request.ts and request/reply.ts, which add them to this interface.
 */
export interface ResolvedContext {
  /** Ancestors' hooks and the context's own, in the order they took effect as plugins loaded. */
  hooks: Record<RouteHookName, HookEntry[]>
  parsers: ParserTable
  /** Nearest first; the last entry (`fn: null`) is the default handler. */
  errorHandlers: ErrorHandlerEntry[]
  schemaErrorFormatter: SchemaErrorFormatter
  validatorCompiler: ValidatorCompiler | undefined
  serializerCompiler: SerializerCompiler | undefined
  /** `setReplySerializer`, here or in the nearest ancestor that set one. */
  replySerializer: ((payload: unknown, statusCode: number) => string) | null
}
