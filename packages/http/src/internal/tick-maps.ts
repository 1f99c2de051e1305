import { executionAsyncResource } from 'node:async_hooks'

/**
 * One of node's tick objects (the entries of `process.nextTick`'s queue), kept for the life of the
 * process so that V8 keeps the maps (hidden classes) it made for them.
 *
 * Node builds each tick object with an object literal whose first keys are computed
 * (`{ [async_id_symbol]: ..., [trigger_async_id_symbol]: ..., callback, args }`). V8 records, for
 * each of the last three keys, the one map it has seen the object under, and holds that map
 * weakly. A full collection that runs while no tick is pending (an idle server, V8's memory
 * reducer) frees those maps; the next tick object gets new ones, the recorded map no longer
 * matches, and V8 marks the three sites megamorphic for good. From then on the optimizing compiler
 * turns each of them into a call to the runtime: about 4,000 instructions for every
 * `process.nextTick`, of which node's streams and HTTP make five or six a request. A tick object
 * that stays alive keeps its maps alive, so the sites never change maps.
 *
 * Scheduled once per process, when the first transport mounts its routes. The kept object holds
 * only this module's callback: the literal's four fields, and the store of an AsyncLocalStorage
 * that was active then, if any (none when routes are mounted at start-up).
 */
let kept: object | null | undefined

export function keepTickMaps(): void {
  if (kept !== undefined) return
  kept = null
  process.nextTick(keepCurrentTick)
}

function keepCurrentTick(): void {
  try {
    // In a tick's callback, the resource of the current execution is the tick object itself.
    const resource = executionAsyncResource()
    if (typeof resource === 'object' && resource !== null) kept = resource
  } catch {
    // A runtime without async_hooks' resources (Bun, Deno): nothing to keep.
  }
}

/** The tick object kept (for tests): null before its tick ran or where there is none. */
export function keptTickObject(): object | null {
  return kept ?? null
}
