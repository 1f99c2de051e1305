import { createError } from '@framework/error-formatter'
import { close, ready, runOnListen } from '../boot/index.js'
import type { Core } from '../context/index.js'
import {
  assertPluginInput,
  enqueue,
  hasPlugin,
  printPlugins,
  settleFrom,
  stateOf,
} from '../context/index.js'
import type { InjectOptions, InjectResponse } from '../contracts/transport.js'
import type { Instance } from '../types/instance.js'
import { callBack } from '../util/index.js'
import { assertFunction, assertNotStarted } from './assert.js'
import { readListenArgs } from './listen-args.js'

type Callback = (error: Error | null, value?: any) => void

/** What Fastify accepts as `listen({ signal })`: an AbortSignal, or an emitter of 'abort'. */
interface AbortSignalLike {
  aborted?: boolean
  addEventListener?: (type: 'abort', fn: () => void, options: { once: boolean }) => void
  on?: (type: 'abort', fn: () => void) => void
}

/**
 * `close([callback])`: closes the instance (the whole application, from any context). The root
 * instance's own `close` is this bound to it, so `setTimeout(app.close, 10)` works, as in Fastify.
 */
export function closeInstance(core: Core, callback: Callback | undefined, self: unknown): any {
  const promise = close(core)
  if (typeof callback !== 'function') return promise
  promise.then(
    () => callBack(callback, null),
    (error) => callBack(callback, error),
  )
  return self
}

/**
 * Fastify's `Server listening at <address>` info line, or what `listenTextResolver` makes of it:
 * one per address the server answers on (every interface for `0.0.0.0`).
 */
function logListening(
  core: Core,
  address: string,
  resolver: ((address: string) => string) | undefined,
): void {
  const all = core.transport.listeningAddresses?.() ?? []
  for (const each of all.length > 0 ? all : [address]) {
    core.log.info(typeof resolver === 'function' ? resolver(each) : `Server listening at ${each}`)
  }
}

export const pluginMethods = {
  register(this: Instance, plugin: unknown, opts?: unknown): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'register()')
    assertPluginInput(plugin)
    enqueue(state, { kind: 'plugin', plugin, opts, registrar: state })
    return this
  },

  /**
   * `after(callback)` queues the callback behind the plugins registered so far and returns the
   * instance; `after()` without one returns a promise (avvio's): it settles once those plugins
   * have loaded, rejecting with their error.
   */
  after(this: Instance, fn?: (...args: any[]) => unknown): any {
    const state = stateOf(this)
    if (fn === undefined) return settleFrom(state)
    assertNotStarted(state, 'after()')
    if (fn !== undefined) assertFunction(fn, 'after(callback)')
    enqueue(state, { kind: 'after', fn, registrar: state })
    return this
  },

  /**
   * Fastify's `ready([callback])`: the callback gets `(error, instance)`; without one, a promise of
   * the instance. Both hang on one promise, so they settle in the order they were asked for.
   */
  ready(this: Instance, callback?: Callback): any {
    const state = stateOf(this)
    const core = state.core
    if (callback !== undefined && state !== core.root && !core.started) {
      // A plugin's own instance (avvio's ready of that context): queued, run once all has loaded.
      core.readyCallbacks.push((error) => callback((error ?? null) as Error | null, this))
      return this
    }
    core.readyResult ??= ready(core).then(() => core.root.instance)
    if (callback === undefined) return core.readyResult
    core.readyResult.then(
      (instance) => callBack(callback, null, instance),
      (error) => callBack(callback, error),
    )
    return this
  },

  close(this: Instance, callback?: Callback): any {
    return closeInstance(stateOf(this).core, callback, this)
  },

  /**
   * Fastify's `listen([options][, callback])`. A `signal` (an AbortSignal) closes the instance when
   * it aborts: already aborted, `listen()` only closes (and resolves undefined; the callback is not
   * called); aborted while loading, the server does not start listening.
   */
  listen(this: Instance, ...args: unknown[]): any {
    const { options: listenOptions, callback } = readListenArgs(args)
    const core = stateOf(this).core
    const signal = listenOptions.signal as AbortSignalLike | undefined | null
    if (signal !== undefined && signal !== null) {
      if (typeof signal.addEventListener !== 'function' && typeof signal.on !== 'function') {
        throw createError('FRM_ERR_LISTEN_OPTIONS_INVALID', 'Invalid options.signal')
      }
      if (signal.aborted) {
        core.aborted = true
        return close(core).then(() => undefined)
      }
      const onAbort = (): void => {
        core.aborted = true
        void close(core).catch(() => {})
      }
      if (typeof signal.addEventListener === 'function') {
        signal.addEventListener('abort', onAbort, { once: true })
      } else signal.on!('abort', onAbort)
    }
    const promise = ready(core).then(() => {
      // Aborted while loading: the instance is closing, the server does not listen (Fastify).
      if (core.aborted) return undefined
      if (core.closing) throw createError('FRM_ERR_REOPENED_CLOSE_SERVER')
      if (core.listening) throw createError('FRM_ERR_REOPENED_SERVER')
      core.listening = true
      return core.transport.listen(listenOptions).then(
        (address) => {
          logListening(core, address, listenOptions.listenTextResolver)
          // Not awaited (Fastify): hooks that wait on nothing have run when the caller resumes.
          runOnListen(core)
          return address
        },
        (error) => {
          core.listening = false
          throw error
        },
      )
    })
    if (callback === undefined) return promise
    promise.then(
      (address) => {
        // Aborted before listening: Fastify never calls back.
        if (address !== undefined) callBack(callback, null, address)
      },
      // Fastify's callback gets `(error, null)` when the server did not start.
      (error) => callBack(callback, error, null),
    )
    return undefined
  },

  /**
   * The three forms of light-my-request: a promise; `inject(options, callback)`; and `inject()`,
   * which returns the chain (`.get(url).headers({}).end()`). Each waits for `ready()`, whose error
   * reaches the callback, the promise or the chain. Once ready, options the transport refuses
   * throw synchronously, as in Fastify.
   */
  inject(
    this: Instance,
    options?: InjectOptions | string,
    callback?: (error: Error | null, response?: InjectResponse) => void,
  ): unknown {
    const core = stateOf(this).core
    if (options === undefined) {
      if (typeof core.transport.injectChain !== 'function') {
        throw createError(
          'FRM_ERR_INVALID_OPTION',
          'inject()',
          'this transport has no request chain: pass the request options, inject({ method, url })',
        )
      }
      return core.transport.injectChain(() => ready(core))
    }
    if (typeof options === 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        'inject(callback)',
        'pass the request options first: inject({ method, url }, callback)',
      )
    }
    let promise: Promise<InjectResponse>
    // A started instance that is closing answers no more (Fastify's FST_ERR_REOPENED_CLOSE_SERVER).
    if (core.started && core.closing) {
      promise = Promise.reject(createError('FRM_ERR_REOPENED_CLOSE_SERVER'))
    } else if (core.booted) {
      // Ready: the request goes at once, so options the transport refuses (an unknown method)
      // throw here, as Fastify's inject throws them once started.
      promise = core.transport.inject(options)
    } else promise = ready(core).then(() => core.transport.inject(options))
    if (callback === undefined) return promise
    assertFunction(callback, 'inject(options, callback)')
    promise.then(
      (response) => callBack(callback, null, response),
      (error) => callBack(callback, error),
    )
    return undefined
  },

  /** avvio's `onClose(fn)`, as Fastify 4 exposes it: the same as `addHook('onClose', fn)`. */
  onClose(
    this: Instance,
    fn: (instance: Instance, done: (error?: unknown) => void) => unknown,
  ): Instance {
    return this.addHook('onClose', fn as never)
  },

  /** The server's address list, once listening (`[]` before). */
  addresses(this: Instance): unknown[] {
    const server = stateOf(this).core.transport.server as { address?: () => unknown } | undefined
    const address = typeof server?.address === 'function' ? server.address() : null
    return address === null || address === undefined ? [] : [address]
  },

  /** For Fastify code: types change, the instance does not. */
  withTypeProvider(this: Instance): Instance {
    return this
  },

  hasPlugin(this: Instance, name: string): boolean {
    return hasPlugin(stateOf(this), name)
  },

  printPlugins(this: Instance): string {
    return printPlugins(stateOf(this).core.rootNode)
  },
}

/**
 * The instance is thenable, so `await app.register(p)` (or `await app.after()`) loads what was
 * registered so far. It resolves with the instance itself: while the fulfilment callback runs,
 * `then` reads as undefined, so the instance is not unwrapped again (no loop). Once the instance is
 * ready it is no longer thenable at all.
 */
function thenOf(instance: Instance) {
  const state = stateOf(instance)
  if (state.core.started || state.unwrapping) return undefined
  return (
    onFulfilled?: ((value: Instance) => unknown) | null,
    onRejected?: ((reason: unknown) => unknown) | null,
  ) =>
    settleFrom(state).then(() => {
      if (typeof onFulfilled !== 'function') return undefined
      state.unwrapping = true
      try {
        return onFulfilled(instance)
      } finally {
        state.unwrapping = false
      }
    }, onRejected)
}

export const pluginAccessors = {
  // biome-ignore lint/suspicious/noThenProperty: the instance is thenable on purpose: `await app.register(p)` loads p
  get then() {
    return thenOf(this as unknown as Instance)
  },
  get server(): unknown {
    return stateOf(this as unknown as Instance).core.transport.server
  },
  /**
   * Fastify's `routing(req, res)`: routes a raw request through the application as the server
   * does (for a request that arrived another way: a custom server, an upgrade).
   */
  get routing(): (raw: any, res: any) => void {
    const transport = stateOf(this as unknown as Instance).core.transport
    if (typeof transport.routing !== 'function') {
      return () => {
        throw createError(
          'FRM_ERR_INVALID_OPTION',
          'routing()',
          'this transport cannot route raw requests',
        )
      }
    }
    return transport.routing.bind(transport)
  },
  /** Fastify's `initialConfig`: the factory options in force, frozen (given by the umbrella). */
  get initialConfig(): Readonly<Record<string, unknown>> {
    return stateOf(this as unknown as Instance).core.initialConfig
  },
  get prefix(): string {
    return stateOf(this as unknown as Instance).prefix
  },
  /** Fastify 4's `pluginName`: the context's plugin, then the framework-plugin plugins in it (`a -> b`). */
  get pluginName(): string {
    return stateOf(this as unknown as Instance).pluginNames.join(' -> ')
  },
}
