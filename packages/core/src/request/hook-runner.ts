import { createError } from '@framework/error-formatter'
import type { HookEntry } from '../context/index.js'
import { isThenable, kPhase, kRoute, Phase } from '../util/index.js'
import type { Reply } from './reply.js'

/** What runs after a hook list: `error` is null when every hook passed. */
export type HookNext = (reply: Reply, error: unknown) => void
/** What runs after a payload hook list, with the (possibly replaced) payload. */
export type PayloadHookNext = (reply: Reply, error: unknown, payload: unknown) => void

/** A rejection (or throw) without a reason still fails the hook, with Fastify's undefined-error. */
function toError(reason: unknown): unknown {
  return reason === undefined || reason === null
    ? createError('FRM_ERR_SEND_UNDEFINED_ERR')
    : reason
}

/**
 * Whether the lifecycle stops here: the reply was sent (or hijacked), or its raw response was
 * ended directly (`reply.raw.end()` in a hook: Fastify's `reply.sent` is true then too).
 */
function isSent(reply: Reply): boolean {
  return (
    reply[kPhase] !== Phase.Open ||
    (reply.raw as { writableEnded?: unknown } | null)?.writableEnded === true
  )
}

/**
 * Runs `(request, reply, done)` hooks in order, then `next`. As in Fastify 5, every hook gets
 * `done` whatever it declares (instrumentation wraps hooks as `(...args) => fn(...args)`): a hook
 * that returns a promise ends when it settles, any other ends when it calls `done` (one that does
 * neither holds the request, as in Fastify). One `step` per run serves as every hook's `done`: no
 * closure per hook. With `stopWhenSent`, a hook that sends the reply, or an async hook that
 * resolves with `reply` (it sends later), ends the list (and `next` is not called).
 */
export function runRequestHooks(
  hooks: readonly HookEntry[],
  reply: Reply,
  next: HookNext,
  stopWhenSent: boolean,
): void {
  const request = reply.request
  // `this` in a lifecycle hook is the instance of the matched route's context (Fastify binds every
  // hook of a route to the context that declared the route), wherever the hook was added.
  const self = reply[kRoute].instance
  let index = 0
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      next(reply, error)
      return
    }
    if (stopWhenSent && isSent(reply)) return
    if (index === hooks.length) {
      next(reply, null)
      return
    }
    const hook = hooks[index++]!
    let result: unknown
    try {
      result = hook.fn.call(self, request, reply, step)
    } catch (thrown) {
      next(reply, toError(thrown))
      return
    }
    if (isThenable(result)) result.then(resolved, rejected)
  }
  // `return reply`: the hook has sent, or will send, the reply itself.
  const resolved = (value: unknown): void => {
    if (!(stopWhenSent && value === reply)) step()
  }
  const rejected = (reason: unknown): void => step(toError(reason))
  step()
}

/**
 * Runs `(request, reply, payload, done)` hooks in order, then `next` with the payload: a hook
 * that resolves, or passes to `done`, something other than undefined replaces it. Every hook gets
 * `done`, as `runRequestHooks` says.
 */
export function runPayloadHooks(
  hooks: readonly HookEntry[],
  reply: Reply,
  payload: unknown,
  next: PayloadHookNext,
  stopWhenSent: boolean,
): void {
  const request = reply.request
  // `this` in a lifecycle hook is the instance of the matched route's context (Fastify binds every
  // hook of a route to the context that declared the route), wherever the hook was added.
  const self = reply[kRoute].instance
  let index = 0
  let current = payload
  const step = (error?: unknown, replacement?: unknown): void => {
    if (error !== undefined && error !== null) {
      next(reply, error, current)
      return
    }
    if (replacement !== undefined) current = replacement
    if (stopWhenSent && isSent(reply)) return
    if (index === hooks.length) {
      next(reply, null, current)
      return
    }
    const hook = hooks[index++]!
    let result: unknown
    try {
      result = hook.fn.call(self, request, reply, current, step)
    } catch (thrown) {
      next(reply, toError(thrown), current)
      return
    }
    if (isThenable(result)) result.then(resolved, rejected)
  }
  const resolved = (value: unknown): void => step(null, value)
  const rejected = (reason: unknown): void => step(toError(reason))
  step()
}

/**
 * Runs the `onError` hooks `(request, reply, error, done)`. They observe; an error they raise is
 * logged and the next one runs. Then `next`. Every hook gets `done`, as `runRequestHooks` says.
 */
export function runErrorHooks(
  hooks: readonly HookEntry[],
  reply: Reply,
  error: unknown,
  next: (reply: Reply, error: unknown) => void,
): void {
  const request = reply.request
  // `this` in a lifecycle hook is the instance of the matched route's context (Fastify binds every
  // hook of a route to the context that declared the route), wherever the hook was added.
  const self = reply[kRoute].instance
  let index = 0
  const step = (hookError?: unknown): void => {
    if (hookError !== undefined && hookError !== null) logHookError(reply, hookError)
    while (index < hooks.length) {
      const hook = hooks[index++]!
      let result: unknown
      try {
        result = hook.fn.call(self, request, reply, error, step)
      } catch (thrown) {
        logHookError(reply, thrown)
        continue
      }
      if (isThenable(result)) result.then(resolved, rejected)
      return
    }
    next(reply, error)
  }
  const resolved = (): void => step()
  const rejected = (reason: unknown): void => step(toError(reason))
  step()
}

function logHookError(reply: Reply, error: unknown): void {
  reply[kRoute].core.log.error(
    { err: error },
    'An onError hook failed; the error handler still runs',
  )
}
