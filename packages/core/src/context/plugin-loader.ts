import { createError } from '@framework/error-formatter'
import { isThenable, nextTurn } from '../util/index.js'
import { createChildContext } from './context-factory.js'
import type { ContextState } from './context-state.js'
import { createPluginNode, type PluginNode, type QueueItem } from './context-state.js'
import { assertRequirements, readPluginInfo, sourcePreview } from './plugin-meta.js'

/**
 * The node that receives what is registered on `state` now (the root's once that node is done).
 * While a descendant of that node is loading, what its body registers on the node goes to the
 * plugin loading now, as avvio does: queued behind the loading plugin it would never load, and
 * `await app.register(p)` from inside a child plugin would wait for itself.
 */
export function targetNode(state: ContextState): PluginNode {
  const node = state.currentNode as PluginNode | undefined
  // A context whose plugin has not started (its options function is running): its parent's.
  if (node === undefined) return targetNode(state.parent ?? state.core.root)
  if (node.done) return state.core.rootNode
  return loadingDescendant(node)
}

/** The innermost plugin whose body is running below `node` (or `node` itself). */
function loadingDescendant(node: PluginNode): PluginNode {
  let loading = node
  for (;;) {
    const last = loading.children[loading.children.length - 1]
    if (last === undefined || last.done) break
    loading = last
  }
  return loading !== node && loading.bodyRunning ? loading : node
}

/** Queues a plugin or an `after` callback. */
export function enqueue(state: ContextState, item: QueueItem): void {
  targetNode(state).queue.push(item)
}

function noop(): void {}

/**
 * While the instance loads, what is added (a route) is one more step of loading, as each route is
 * one more item of avvio's queue in Fastify: loading goes on for a few more ticks, so what the
 * code running meanwhile adds still counts.
 */
export function extendLoading(state: ContextState): void {
  if (state.core.readyPromise !== undefined && !state.core.started) {
    enqueue(state, { kind: 'task', run: noop })
  }
}

/**
 * Loads everything queued on `node` (and what that queues), then throws the loading error, if
 * any (which it consumes: whoever awaited it decides what to do with it).
 */
export async function settle(node: PluginNode): Promise<void> {
  while (node.queue.length > 0 || node.draining !== undefined) {
    if (node.draining === undefined) {
      node.draining = drain(node).finally(() => {
        node.draining = undefined
      })
    }
    await node.draining
  }
  if (node.failed) {
    const error = node.error
    node.failed = false
    node.error = undefined
    throw error
  }
}

/**
 * What awaiting an instance does: loads what was registered on it so far. A plugin body awaiting
 * its own children has its timeout paused meanwhile.
 */
export function settleFrom(state: ContextState): Promise<void> {
  if (state.core.started) return Promise.resolve()
  const node = targetNode(state)
  const timer = node.bodyRunning ? node.timer : undefined
  timer?.pause()
  const core = state.core
  const settling = settle(node).then(
    () => {
      // An awaited loading error stays: what is awaited after it fails with it too (avvio).
      if (core.awaitedError !== undefined) throw core.awaitedError.error
    },
    (error: unknown) => {
      core.awaitedError ??= { error }
      throw error
    },
  )
  return timer === undefined ? settling : settling.finally(() => timer.resume())
}

async function drain(node: PluginNode): Promise<void> {
  while (node.queue.length > 0) {
    // Each item loads on a later tick (avvio's), so loading ends no earlier than Fastify's.
    await nextTurn()
    const item = node.queue.shift()!
    if (item.kind === 'plugin') {
      // After a loading error, even one already awaited, no plugin registered later loads (avvio).
      if (node.failed || node.state.core.awaitedError !== undefined) continue
      try {
        await loadPlugin(node, item)
      } catch (error) {
        node.failed = true
        node.error = error
      }
      await nextTurn()
    } else if (item.kind === 'task') {
      item.run()
    } else {
      await runAfter(node, item)
    }
  }
}

/**
 * An `after` callback, called by its arity: `()` and `(error)` return (or resolve), `(error, done)`
 * and `(error, instance, done)` call `done`. `(error)` and the `done` forms handle the error of the
 * plugins before them (it is cleared unless they pass it on); `()` leaves it to whoever comes next.
 */
async function runAfter(
  node: PluginNode,
  item: Extract<QueueItem, { kind: 'after' }>,
): Promise<void> {
  const fn = item.fn
  if (fn === undefined) return
  const error = node.failed ? node.error : null
  const instance = item.registrar.instance
  try {
    await new Promise<void>((resolve, reject) => {
      const done = (doneError?: unknown) =>
        doneError !== undefined && doneError !== null ? reject(doneError) : resolve()
      let result: unknown
      if (fn.length >= 3) result = fn.call(instance, error, instance, done)
      else if (fn.length === 2) result = fn.call(instance, error, done)
      else if (fn.length === 1) result = fn.call(instance, error)
      else result = fn.call(instance)
      if (isThenable(result)) result.then(() => resolve(), reject)
      else if (fn.length < 2) resolve()
    })
    if (fn.length === 0) return
    node.failed = false
    node.error = undefined
  } catch (thrown) {
    node.failed = true
    node.error = thrown
  }
}

async function loadPlugin(
  parent: PluginNode,
  item: Extract<QueueItem, { kind: 'plugin' }>,
): Promise<void> {
  const plugin = isThenable(item.plugin) ? await item.plugin : item.plugin
  const info = readPluginInfo(plugin)
  const registrar = item.registrar
  let state: ContextState = registrar
  let node: PluginNode | undefined
  let previous: PluginNode | undefined
  try {
    assertRequirements(info, registrar)
    // Options given as a function receive the instance the plugin will receive (API.md).
    const optsFn = typeof item.opts === 'function' ? (item.opts as (i: unknown) => unknown) : null
    let opts = (optsFn === null ? (item.opts ?? {}) : {}) as Record<string, unknown>
    if (info.named) registrar.plugins.add(info.name)
    if (info.skipOverride) {
      registrar.pluginNames.push(info.chainName)
      if (optsFn !== null) opts = (optsFn(registrar.instance) ?? {}) as Record<string, unknown>
    } else {
      // Options given as a function may carry the prefix as its own property (as Fastify reads
      // it: @fastify/autoload's autoConfig functions do).
      const prefix = optsFn === null ? opts.prefix : (optsFn as { prefix?: unknown }).prefix
      state = createChildContext(registrar, info.name, prefix, info.chainName)
      if (typeof opts.logLevel === 'string') state.logLevel = opts.logLevel
      if (typeof opts.logSerializers === 'object' && opts.logSerializers !== null) {
        state.logSerializers = opts.logSerializers as ContextState['logSerializers']
      }
      if (optsFn !== null) opts = (optsFn(state.instance) ?? {}) as Record<string, unknown>
      for (const scope of [...registrar.chain()].reverse()) {
        for (const hook of scope.hooks.onRegister) hook.fn.call(hook.ctx, state.instance, opts)
      }
    }
    node = createPluginNode(info.name, parent, state, !info.skipOverride)
    previous = state.currentNode
    state.currentNode = node
    await runBody(node, info.fn, opts)
    await settle(node)
  } catch (error) {
    reportPluginError(registrar, info.name, error)
    throw error
  } finally {
    if (node !== undefined) {
      node.done = true
      if (info.skipOverride) state.currentNode = previous!
    }
  }
}

/**
 * Gives a timeout error the `cause` Fastify gives it: avvio's own error, with avvio's code
 * (`AVV_ERR_PLUGIN_EXEC_TIMEOUT`, `AVV_ERR_READY_TIMEOUT`) and message.
 */
export function withAvvioCause<E extends Error>(error: E, code: string, name: string): E {
  const cause = new Error(
    `Plugin did not start in time: '${name}'. You may have forgotten to call 'done' function or to resolve a Promise`,
  )
  Object.defineProperty(cause, 'code', { value: code, enumerable: true })
  Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true })
  return error
}

/** Errors already reported by the plugin that raised them (its ancestors fail with it). */
const reported = new WeakSet<object>()

/**
 * A plugin failed: its error reaches `ready()` and the rest as the very value thrown (its own
 * message and code, as in Fastify); the log line is what names the plugin, once, at the innermost.
 */
function reportPluginError(state: ContextState, name: string, error: unknown): void {
  const isObject = typeof error === 'object' && error !== null
  if (isObject && reported.has(error)) return
  if (isObject) reported.add(error)
  state.core.log.error({ err: error, plugin: name }, `Plugin '${name}' failed to load`)
}

/** Runs a plugin body: async (its promise) or callback style (`done`), within pluginTimeout. */
function runBody(node: PluginNode, fn: (...args: any[]) => unknown, opts: unknown): Promise<void> {
  const timeout = node.state.core.pluginTimeout
  return new Promise<void>((resolve, reject) => {
    let finished = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (error?: unknown): void => {
      if (finished) return
      finished = true
      node.bodyRunning = false
      clearTimeout(timer)
      if (error !== undefined && error !== null) reject(error)
      else resolve()
    }
    const arm = (): void => {
      if (timeout > 0 && !finished) {
        clearTimeout(timer)
        // Fastify names an anonymous plugin by the start of its source.
        const shown = node.name === 'anonymous' ? sourcePreview(fn) : node.name
        timer = setTimeout(
          () =>
            finish(
              withAvvioCause(
                createError('FRM_ERR_PLUGIN_TIMEOUT', shown),
                'AVV_ERR_PLUGIN_EXEC_TIMEOUT',
                shown,
              ),
            ),
          timeout,
        )
      }
    }
    node.timer = { pause: () => clearTimeout(timer), resume: arm }
    node.bodyRunning = true
    arm()
    try {
      // Every plugin gets `done`, as in Fastify: one that declares it may call it, and a promise it
      // returns is awaited too (an async plugin declared `(app, opts, next)`, which Fastify 4
      // accepts and Fastify 5 refuses, may call either: Fastify 4 plugins must keep loading).
      const result = fn(node.state.instance, opts, finish)
      if (isThenable(result)) {
        result.then(
          () => finish(),
          (reason) =>
            finish(reason ?? new Error(`Plugin '${node.name}' rejected without a reason`)),
        )
      } else if (fn.length < 3) {
        finish()
      }
    } catch (thrown) {
      finish(thrown ?? new Error(`Plugin '${node.name}' threw without a reason`))
    }
  })
}
