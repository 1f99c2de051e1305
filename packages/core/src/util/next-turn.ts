interface WithNextTick {
  process?: { nextTick?: (fn: () => void) => void }
}

const host = globalThis as WithNextTick

/**
 * `process.nextTick` where there is one (Node.js, Bun, Deno), elsewhere a microtask. Start-up
 * takes its steps on it, as avvio does, and `callBack` rethrows on it: an exception thrown from a
 * tick is uncaught inside that tick's async context (a microtask's is raised after its context has
 * been left, and node:test can no longer tell which test threw).
 */
const nextTick: (fn: () => void) => void =
  typeof host.process?.nextTick === 'function'
    ? (fn) => host.process!.nextTick!(fn)
    : (fn) => queueMicrotask(fn)

/**
 * A promise settled on the next tick: awaiting it lets every microtask queued meanwhile (a chain
 * of promises of any length) run first. Start-up takes its steps this way, as avvio takes its own
 * on `process.nextTick`, so it ends no earlier than Fastify's: what code running in those
 * microtasks adds (routes, hooks, plugins) still counts.
 *
 * @example
 * await nextTurn() // every pending microtask has run
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => nextTick(resolve))
}

/**
 * Calls back the application (`ready`, `listen`, `close` and `inject` callbacks) from a promise
 * reaction.
 * What the callback throws, a failing assertion say, is thrown again on the next tick, an uncaught
 * exception in the caller's async context, as avvio's callbacks throw; never a rejection nobody
 * handles (test runners end the whole file on those).
 *
 * @example
 * promise.then(() => callBack(callback, null), (error) => callBack(callback, error))
 */
export function callBack<Args extends unknown[]>(
  fn: (...args: Args) => unknown,
  ...args: Args
): void {
  try {
    fn(...args)
  } catch (error) {
    nextTick(() => {
      throw error
    })
  }
}
