import type { ContextState, ResolvedContext } from '../context/index.js'
import {
  type DecoratorSpec,
  defineDecorator,
  type HookEntry,
  mergeBySeq,
  parserTableOf,
  routeHookNames,
} from '../context/index.js'
import { Reply, Request } from '../request/index.js'
import type { RouteHookName } from '../types/hooks.js'

/** Resolves `state` (and, first, its ancestors). */
export function resolveContext(state: ContextState): ResolvedContext {
  if (state.resolved !== undefined) return state.resolved
  const parent = state.parent === undefined ? undefined : resolveContext(state.parent)
  const hooks = {} as Record<RouteHookName, HookEntry[]>
  for (const name of routeHookNames) {
    hooks[name] =
      parent === undefined
        ? [...state.hooks[name]]
        : mergeBySeq(parent.hooks[name], state.hooks[name])
  }
  const parsers = parserTableOf(state)
  const inherited = parent?.errorHandlers ?? [{ fn: null, ctx: state.instance }]
  const resolved: ResolvedContext = {
    hooks,
    Request: withDecorators(parent?.Request ?? Request, state.requestDecorators),
    Reply: withDecorators(parent?.Reply ?? Reply, state.replyDecorators),
    parsers,
    errorHandlers:
      state.errorHandler === undefined ? inherited : [state.errorHandler, ...inherited],
    schemaErrorFormatter:
      state.schemaErrorFormatter ?? parent?.schemaErrorFormatter ?? state.core.schemaErrorFormatter,
    validatorCompiler: state.validatorCompiler ?? parent?.validatorCompiler,
    serializerCompiler: state.serializerCompiler ?? parent?.serializerCompiler,
    replySerializer: state.replySerializer ?? parent?.replySerializer ?? null,
  }
  state.resolved = resolved
  return resolved
}

/** A subclass holding the context's decorators on its prototype (the parent's class when none). */
function withDecorators<C extends typeof Request | typeof Reply>(
  base: C,
  decorators: Map<string | symbol, DecoratorSpec>,
): C {
  if (decorators.size === 0) return base
  const Scoped = class extends (base as any) {} as unknown as C
  for (const [name, spec] of decorators) defineDecorator(Scoped.prototype, name, spec)
  return Scoped
}
