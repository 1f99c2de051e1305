interface WithNextTick {
  process?: { nextTick?: (fn: () => void) => void }
}

const host = globalThis as WithNextTick

/**
 * The scheduler of start-up's steps: `process.nextTick` where there is one (Node.js, Bun, Deno),
 * as avvio schedules its steps; elsewhere a microtask.
 */
const schedule: (fn: () => void) => void =
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
  return new Promise((resolve) => schedule(resolve))
}
