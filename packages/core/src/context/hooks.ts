import { createError } from '@framework/error-formatter'
import type { HookName, RouteHookName } from '../types/hooks.js'
import type { Instance } from '../types/instance.js'
import { isAsyncFunction } from '../util/index.js'

/** One declared hook, ready to call. */
export interface HookEntry {
  fn: (...args: any[]) => any
  /** `this` for the call: the context that declared the hook. */
  ctx: Instance
  /**
   * The function declared a `done` parameter. An application hook (onReady, onClose, ...) that did
   * waits for `done`; request hooks always do (unless they return a promise), whatever they declare.
   */
  callback: boolean
  /**
   * When it took effect in the application's load order (0 until then): hooks of one kind run in
   * that order across contexts, as in Fastify.
   */
  seq: number
}

/** The hooks that run per request, in lifecycle order. */
export const routeHookNames: readonly RouteHookName[] = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
]

/** Every hook name `addHook` accepts. */
export const hookNames: readonly HookName[] = [
  ...routeHookNames,
  'onRoute',
  'onRegister',
  'onReady',
  'onListen',
  'preClose',
  'onClose',
]

/**
 * How many arguments each application hook receives before `done`: one that declares more waits
 * for `done` (avvio's rule). Request hooks always wait for `done` or their promise.
 */
const argumentCounts: Record<HookName, number> = {
  onRequest: 2,
  preParsing: 3,
  preValidation: 2,
  preHandler: 2,
  preSerialization: 3,
  onSend: 3,
  onResponse: 2,
  onError: 3,
  onTimeout: 2,
  onRequestAbort: 1,
  // Synchronous hooks never get `done`.
  onRoute: Number.POSITIVE_INFINITY,
  onRegister: Number.POSITIVE_INFINITY,
  onReady: 0,
  onListen: 0,
  preClose: 0,
  onClose: 1,
}

/**
 * Fastify 5's rule for an `async` hook: refused when it declares `done` (its parameter count
 * reaches `done`'s position), and an onReady, onListen or onRequestAbort hook when it declares
 * other than its own arguments.
 */
function asyncArityRefused(name: HookName, length: number): boolean {
  switch (name) {
    case 'onSend':
    case 'preSerialization':
    case 'onError':
    case 'preParsing':
      return length === 4
    case 'onReady':
    case 'onListen':
      return length !== 0
    case 'onRequestAbort':
      return length !== 1
    default:
      return length === 3
  }
}

const hookNameSet = new Set<string>(hookNames)

/** Own hooks of one context, per name, in declaration order. */
export type HookStore = Record<HookName, HookEntry[]>

/** An empty store. */
export function createHookStore(): HookStore {
  const store = {} as HookStore
  for (const name of hookNames) store[name] = []
  return store
}

/**
 * Checks a hook name and function and wraps them into an entry.
 *
 * @throws FRM_ERR_HOOK_INVALID_TYPE for a name that is no string, FRM_ERR_HOOK_NOT_SUPPORTED for an
 * unknown one, FRM_ERR_HOOK_INVALID_HANDLER for a non-function (Fastify's codes)
 */
export function createHookEntry(name: string, fn: unknown, ctx: Instance): HookEntry {
  if (typeof name !== 'string') throw createError('FRM_ERR_HOOK_INVALID_TYPE')
  if (!hookNameSet.has(name)) {
    throw createError('FRM_ERR_HOOK_NOT_SUPPORTED', name, hookNames.join(', '))
  }
  if (typeof fn !== 'function') {
    // Fastify's wording shows the value itself: `preHandler hook should be a function, instead got null`.
    throw createError('FRM_ERR_HOOK_INVALID_HANDLER', name, fn)
  }
  if (isAsyncFunction(fn) && asyncArityRefused(name as HookName, fn.length)) {
    // Neither done nor the promise could be trusted to end the hook: refuse it up front.
    throw createError('FRM_ERR_HOOK_INVALID_ASYNC_HANDLER')
  }
  const callback = fn.length > argumentCounts[name as HookName]
  return { fn: fn as HookEntry['fn'], ctx, callback, seq: 0 }
}

/**
 * The route-level hooks of a route's options, as entries: each option is a function or an array.
 *
 * @throws FRM_ERR_HOOK_INVALID_HANDLER for a value that is not a function
 */
export function routeLevelHooks(
  options: Record<string, unknown>,
  ctx: Instance,
): Partial<Record<RouteHookName, HookEntry[]>> {
  const hooks: Partial<Record<RouteHookName, HookEntry[]>> = {}
  for (const name of routeHookNames) {
    const value = options[name]
    if (value === undefined) continue
    const list = Array.isArray(value) ? value : [value]
    for (const fn of list) {
      // Fastify names a route option's wrong value by its tag: `instead got [object Null]`.
      if (typeof fn !== 'function') {
        throw createError('FRM_ERR_HOOK_INVALID_HANDLER', name, Object.prototype.toString.call(fn))
      }
    }
    hooks[name] = list.map((fn) => createHookEntry(name, fn, ctx))
  }
  return hooks
}

/** Whether `name` is a hook that runs per request (its order follows the load order). */
export function isRouteHookName(name: string): name is RouteHookName {
  return (routeHookNames as readonly string[]).includes(name)
}

/** Two lists ordered by `seq`, merged into one ordered list. */
export function mergeBySeq(first: readonly HookEntry[], second: readonly HookEntry[]): HookEntry[] {
  if (first.length === 0) return [...second]
  if (second.length === 0) return [...first]
  const merged: HookEntry[] = []
  let i = 0
  let j = 0
  while (i < first.length && j < second.length) {
    merged.push(first[i]!.seq <= second[j]!.seq ? first[i++]! : second[j++]!)
  }
  while (i < first.length) merged.push(first[i++]!)
  while (j < second.length) merged.push(second[j++]!)
  return merged
}

/** The name of a hook function for messages. */
export function hookFunctionName(entry: HookEntry): string {
  return entry.fn.name || 'anonymous'
}
