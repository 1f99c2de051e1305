import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The `onTimeout` callbacks registered on a response. */
const kTimeoutCallbacks = Symbol('framework.http.timeoutCallbacks')

type WatchedResponse = ServerResponse & { [kTimeoutCallbacks]?: Array<() => void> }

/**
 * Calls `fn` when the socket of `res` goes idle for `connectionTimeout` ms while `res` is not yet
 * written. Node emits 'timeout' on the response in progress; by listening there, the transport
 * takes over Node's default (destroying the socket), so it destroys the socket itself once the
 * callbacks have run.
 */
export function onTimeout(res: ServerResponse, fn: () => void): void {
  const watched = res as WatchedResponse
  const callbacks = watched[kTimeoutCallbacks]
  if (callbacks === undefined) {
    watched[kTimeoutCallbacks] = [fn]
    res.on('timeout', onResponseTimeout)
  } else {
    callbacks.push(fn)
  }
}

function onResponseTimeout(this: WatchedResponse, socket: Socket | undefined): void {
  const callbacks = this[kTimeoutCallbacks] ?? []
  this[kTimeoutCallbacks] = []
  if (!this.writableEnded) {
    for (const callback of callbacks) callback()
  }
  ;(socket ?? this.socket)?.destroy()
}
