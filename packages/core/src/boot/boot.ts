import { createError } from '@framework/error-formatter'
import type { Core } from '../context/index.js'
import {
  type ContextState,
  type HookEntry,
  preOrder,
  settle,
  withAvvioCause,
} from '../context/index.js'
import { buildRouteTable } from '../routes/index.js'
import { isThenable, nextTurn } from '../util/index.js'

/**
 * `ready()`: loads every plugin, then (no more additions from here on) compiles the routes, hands
 * the table to the transport and runs the onReady hooks. Idempotent: the same promise every time.
 * Loading starts on the next tick, as Fastify starts it: a plugin body that calls `ready(cb)`
 * while the first `ready()` is still starting only queues `cb` (it finds the promise set) instead
 * of starting a second load of the same queue.
 */
export function ready(core: Core): Promise<void> {
  core.readyPromise ??= nextTurn().then(() => boot(core))
  return core.readyPromise
}

/**
 * Loads the root's queue until it stays empty for one more tick (avvio's last step before it
 * starts): what the code that runs meanwhile registers (a route, a hook, a plugin) still loads.
 */
async function loadAll(core: Core): Promise<void> {
  await nextTurn()
  do {
    await settle(core.rootNode)
    if (core.awaitedError !== undefined) throw core.awaitedError.error
    await nextTurn()
  } while (core.rootNode.queue.length > 0)
}

async function boot(core: Core): Promise<void> {
  try {
    await loadAll(core)
    core.loaded = true
  } catch (error) {
    await runReadyCallbacks(core, error)
    throw error
  }
  await runReadyCallbacks(core, null)
  core.started = true
  const table = buildRouteTable(core)
  core.transport.mount(table)
  core.mounted = true
  core.inOnReady = true
  try {
    // The hooks as they were when the instance became ready: one an onReady hook adds does not run.
    const hooks = [...preOrder(core.root)].flatMap((state) => [...state.hooks.onReady])
    for (const hook of hooks) {
      await runTimedHook(core, 'onReady', hook, (done) => hook.fn.call(hook.ctx, done))
    }
  } finally {
    core.inOnReady = false
  }
  core.booted = true
}

/** The `ready(callback)` calls plugins made while loading, one after the other. */
async function runReadyCallbacks(core: Core, error: unknown): Promise<void> {
  for (const callback of core.readyCallbacks.splice(0)) {
    const result = callback(error)
    if (isThenable(result)) await result
  }
}

/**
 * `close()`: waits for loading, runs the preClose hooks (parents first; an error is logged), closes
 * the transport, then runs the onClose hooks, the last added first. Every onClose hook runs; the
 * first error rejects.
 */
export function close(core: Core): Promise<void> {
  core.closing = true
  core.closePromise ??= (async () => {
    try {
      await ready(core)
    } catch {
      // A failed start still closes what did load.
    }
    await runPreClose(core, 'A preClose hook failed')
    if (core.mounted) await core.transport.close()
    core.listening = false
    const errors: unknown[] = []
    await closeContexts(core, errors)
    if (errors.length > 0) throw errors[0]
  })()
  return core.closePromise
}

/**
 * Runs every onClose hook, the last added first whatever its context (avvio's close queue: a
 * plugin's hook, added while it loads, runs before the root's added at start-up), each with its
 * context's instance. Every hook runs; their errors are collected.
 */
async function closeContexts(core: Core, errors: unknown[]): Promise<void> {
  const hooks: Array<{ hook: HookEntry; state: ContextState }> = []
  for (const state of preOrder(core.root)) {
    for (const hook of state.hooks.onClose) hooks.push({ hook, state })
  }
  hooks.sort((a, b) => b.hook.seq - a.hook.seq)
  for (const { hook, state } of hooks) {
    try {
      await runTimedHook(core, 'onClose', hook, (done) =>
        hook.fn.call(hook.ctx, state.instance, done),
      )
    } catch (error) {
      errors.push(error)
    }
  }
}

/**
 * Runs the onListen hooks of every context, parents first, one after the other: an error is logged
 * (the error itself, as Fastify logs it) and the next hook runs. Not awaited by `listen()`, as in
 * Fastify, but chained as Fastify chains them: a hook that returns (or calls `done` at once) hands
 * over to the next one in the same turn, and a promise hands over as soon as it settles, so hooks
 * that do not wait on anything have all run when the caller's `await listen()` resumes.
 */
export function runOnListen(core: Core): void {
  const queue: HookEntry[] = []
  for (const state of preOrder(core.root)) queue.push(...state.hooks.onListen)
  let index = 0
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null) core.log.error(error)
    const hook = queue[index++]
    if (hook === undefined) return
    let handed = false
    const done = (failure?: unknown): void => {
      if (handed) return
      handed = true
      next(failure)
    }
    try {
      const result = hook.fn.call(hook.ctx, done)
      if (isThenable(result))
        result.then(
          () => done(),
          (reason) => done(reason ?? new Error('An onListen hook rejected')),
        )
      else if (!hook.callback) done()
    } catch (thrown) {
      done(thrown)
    }
  }
  next()
}

/**
 * Runs the preClose hooks of every context, parents first, one after the other, each within
 * pluginTimeout: an error is logged with `failure` and the next hook runs.
 */
async function runPreClose(core: Core, failure: string): Promise<void> {
  for (const state of preOrder(core.root)) {
    for (const hook of state.hooks.preClose) {
      try {
        await runTimedHook(core, 'preClose', hook, (done) => hook.fn.call(hook.ctx, done))
      } catch (error) {
        core.log.error({ err: error }, failure)
      }
    }
  }
}

/**
 * Runs an application hook within pluginTimeout. It always gets `done` (a wrapped
 * hook that declares nothing may still call it); it ends when its promise settles, or when it
 * calls `done` if it declared `done`, or else when it returns (avvio's rule).
 */
function runTimedHook(
  core: Core,
  name: 'onReady' | 'onClose' | 'preClose',
  hook: HookEntry,
  call: (done: (error?: unknown) => void) => unknown,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let finished = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (error?: unknown): void => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      if (error !== undefined && error !== null) reject(error)
      else resolve()
    }
    if (core.pluginTimeout > 0) {
      timer = setTimeout(
        // Fastify names the hook function when it has a name: `'onReady' hook "warmUp" timed out`.
        () =>
          finish(
            withAvvioCause(
              createError('FRM_ERR_HOOK_TIMEOUT', name, hook.fn.name ? ` "${hook.fn.name}"` : ''),
              'AVV_ERR_READY_TIMEOUT',
              hook.fn.name || 'anonymous',
            ),
          ),
        core.pluginTimeout,
      )
    }
    try {
      const result = call(finish)
      if (isThenable(result))
        result.then(
          () => finish(),
          (reason) => finish(reason ?? new Error(`An ${name} hook rejected`)),
        )
      else if (!hook.callback) finish()
    } catch (thrown) {
      finish(thrown)
    }
  })
}
