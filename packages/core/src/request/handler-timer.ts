import { type kRequestSignal, kTimeoutTimer } from '../util/index.js'

/** What a request with a running `handlerTimeout` carries (set only on such requests). */
export interface TimedRequest {
  [kRequestSignal]?: AbortController
  [kTimeoutTimer]?: ReturnType<typeof setTimeout> | null
}

/**
 * Stops the `handlerTimeout` timer of a reply's request, if it has one running. Takes the reply by
 * its shape, so the Reply class can call it without this module importing it back.
 */
export function clearHandlerTimeout(reply: { readonly request: object }): void {
  const request = reply.request as TimedRequest
  const timer = request[kTimeoutTimer]
  if (timer !== undefined && timer !== null) {
    clearTimeout(timer)
    request[kTimeoutTimer] = null
  }
}
