import type { FastifyError } from './fastify-error.js'
import type { Instance } from './instance.js'
import type { FrameworkReply } from './reply.js'
import type { FrameworkRequest } from './request.js'
import type { RouteOptions } from './route.js'

/**
 * The callback of a callback-style hook or plugin: call it once, with an error to fail.
 *
 * @example
 * app.addHook('preHandler', (request, reply, done) => { done(request.headers.ok ? undefined : new Error('no')) })
 */
export type DoneCallback = (error?: unknown) => void

/**
 * The callback of a hook that may replace the payload.
 *
 * @example
 * app.addHook('onSend', (request, reply, payload, done) => { done(null, payload) })
 */
export type PayloadDoneCallback = (error?: unknown | null, payload?: unknown) => void

/**
 * `onRequest`, `preValidation`, `preHandler`, `onResponse`, `onTimeout`: async (return a promise),
 * synchronous (declare two parameters), or callback style (declare `done` and call it).
 *
 * @example
 * app.addHook('onRequest', async (request, reply) => { request.log.info('in') })
 * app.addHook('preHandler', (request, reply, done) => { done() })
 */
export type RequestHook = (
  this: Instance,
  request: FrameworkRequest,
  reply: FrameworkReply,
  done: DoneCallback,
) => unknown

/**
 * `preParsing` (payload: the request stream), `preSerialization` (payload: the value sent),
 * `onSend` (payload: the serialized string, Buffer or stream). Return (or pass to `done`) a new
 * payload to replace it; return nothing to keep it.
 *
 * @example
 * app.addHook('onSend', async (request, reply, payload) => payload)
 */
export type PayloadHook = (
  this: Instance,
  request: FrameworkRequest,
  reply: FrameworkReply,
  payload: any,
  done: PayloadDoneCallback,
) => unknown

/**
 * `onError`: observes an error before the error handler runs; it cannot change the response.
 *
 * @example
 * app.addHook('onError', async (request, reply, error) => { metrics.count(error) })
 */
export type ErrorHook = (
  this: Instance,
  request: FrameworkRequest,
  reply: FrameworkReply,
  error: FastifyError,
  done: DoneCallback,
) => unknown

/**
 * `onRoute`: called synchronously for every route declared in this context or a descendant, with
 * its options (which it may change).
 *
 * @example
 * app.addHook('onRoute', (route) => { route.config = { ...route.config, seen: true } })
 */
export type OnRouteHook = (
  this: Instance,
  route: RouteOptions & { prefix: string; routePath: string },
) => void

/**
 * `onRegister`: called synchronously for every new child context below this one.
 *
 * @example
 * app.addHook('onRegister', (child, opts) => { child.log.debug('new context') })
 */
export type OnRegisterHook = (this: Instance, instance: Instance, opts: Record<string, any>) => void

/**
 * `onReady`: runs once every plugin has loaded and the routes are compiled (`this` is the context).
 *
 * @example
 * app.addHook('onReady', async function () { await this.db.ping() })
 */
export type OnReadyHook = (this: Instance, done: DoneCallback) => unknown

/**
 * `onClose`: runs on `close()`, after the transport stopped; children's before their parents'.
 *
 * @example
 * app.addHook('onClose', async (instance) => { await instance.db.end() })
 */
export type OnCloseHook = (this: Instance, instance: Instance, done: DoneCallback) => unknown

/**
 * `onListen`: runs once `listen()` has bound the server (`this` is the context). An error it raises
 * is logged, never thrown: the server keeps listening.
 *
 * @example
 * app.addHook('onListen', async function () { this.log.info('accepting connections') })
 */
export type OnListenHook = (this: Instance, done: DoneCallback) => unknown

/**
 * `preClose`: runs first thing in `close()`, while the server still serves the requests in flight
 * and before it stops accepting connections (`this` is the context); parents before children.
 *
 * @example
 * app.addHook('preClose', async function () { for (const socket of sockets) socket.close() })
 */
export type PreCloseHook = (this: Instance, done: DoneCallback) => unknown

/**
 * `onRequestAbort`: runs when the client closes the connection before the response was complete.
 * An error it raises is logged only.
 *
 * @example
 * app.addHook('onRequestAbort', async (request) => { request.log.info('client went away') })
 */
export type OnRequestAbortHook = (
  this: Instance,
  request: FrameworkRequest,
  done: DoneCallback,
) => unknown

/**
 * Every hook name and the function it takes.
 *
 * @example
 * const hook: HookMap['onRequest'] = async (request) => { request.log.info('in') }
 */
export interface HookMap {
  onRequest: RequestHook
  preParsing: PayloadHook
  preValidation: RequestHook
  preHandler: RequestHook
  preSerialization: PayloadHook
  onSend: PayloadHook
  onResponse: RequestHook
  onError: ErrorHook
  onTimeout: RequestHook
  onRequestAbort: OnRequestAbortHook
  onRoute: OnRouteHook
  onRegister: OnRegisterHook
  onReady: OnReadyHook
  onListen: OnListenHook
  preClose: PreCloseHook
  onClose: OnCloseHook
}

/**
 * A hook name accepted by `addHook`.
 *
 * @example
 * const name: HookName = 'preHandler'
 */
export type HookName = keyof HookMap

/**
 * The hooks a route may declare in its options (as a function or an array).
 *
 * @example
 * app.get('/', { preHandler: [checkAuth] }, handler)
 */
export type RouteHookName =
  | 'onRequest'
  | 'preParsing'
  | 'preValidation'
  | 'preHandler'
  | 'preSerialization'
  | 'onSend'
  | 'onResponse'
  | 'onError'
  | 'onTimeout'
  | 'onRequestAbort'
