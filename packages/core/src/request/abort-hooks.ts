import type { HookEntry } from '../context/index.js'
import { isThenable } from '../util/index.js'
import type { Request } from './request.js'

/**
 * Runs the `onRequestAbort` hooks `(request, done)` in order, once the client has gone. Every hook
 * gets `done` (Fastify 5): one that returns a promise ends when it settles, any other when it calls
 * `done`. Nothing can be answered any more: the first error a hook raises is logged and ends the
 * list, as in Fastify. `self` is their `this`: the instance of the route's context.
 */
export function runAbortHooks(hooks: readonly HookEntry[], request: Request, self: unknown): void {
  let index = 0
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      request.log.error({ err: error }, 'An onRequestAbort hook failed')
      return
    }
    if (index === hooks.length) return
    const hook = hooks[index++]!
    let result: unknown
    try {
      result = hook.fn.call(self, request, step)
    } catch (thrown) {
      step(thrown ?? new Error('An onRequestAbort hook threw without a reason'))
      return
    }
    if (isThenable(result)) result.then(resolved, rejected)
  }
  const resolved = (): void => step()
  const rejected = (reason: unknown): void =>
    step(reason ?? new Error('An onRequestAbort hook rejected without a reason'))
  step()
}
