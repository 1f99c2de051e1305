import type { IncomingMessage } from 'node:http'

/**
 * Calls `fn` once if the client closes the connection before the response to `raw` was complete
 * (Node marks such a request `aborted` when its socket closes).
 */
export function onAbort(raw: IncomingMessage, fn: () => void): void {
  raw.once('close', () => {
    if (raw.aborted) fn()
  })
}
