import type { HookEntry } from '../context/index.js'
import { isThenable, once } from '../util/index.js'
import type { Request } from './request.js'

/**
 * Runs the `onRequestAbort` hooks `(request[, done])` in order, once the client has gone. Nothing
 * can be answered any more: the first error a hook raises is logged and ends the list, as in
 * Fastify. `self` is their `this`: the instance of the route's context.
 */
export function runAbortHooks(hooks: readonly HookEntry[], request: Request, self: unknown): void {
  let index = 0
  const fail = (error: unknown): void => {
    request.log.error(
      { err: error ?? new Error('An onRequestAbort hook rejected without a reason') },
      'An onRequestAbort hook failed',
    )
  }
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      fail(error)
      return
    }
    while (index < hooks.length) {
      const hook = hooks[index++]!
      const done = once(step)
      let result: unknown
      try {
        result = hook.callback ? hook.fn.call(self, request, done) : hook.fn.call(self, request)
      } catch (thrown) {
        fail(thrown)
        return
      }
      if (isThenable(result)) {
        result.then(
          () => done(),
          (reason) => done(reason ?? new Error('An onRequestAbort hook rejected without a reason')),
        )
        return
      }
      if (hook.callback) return
    }
  }
  step()
}
