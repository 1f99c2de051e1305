import type { ServerResponse } from 'node:http'
import { finished } from 'node:stream'

/**
 * Calls `fn` once `res` has finished: written in full, or cut short by the client (not an error
 * for the caller: the response is over). A write that failed passes its error.
 */
export function whenFinished(res: ServerResponse, fn: (error?: Error) => void): void {
  finished(res, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') fn(error)
    else fn()
  })
}
