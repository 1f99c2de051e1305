import type { ServerResponse } from 'node:http'

/** The `done` a send calls once its response finished or its connection closed. */
export type SendDone = (error?: Error) => void

/**
 * The `done` of the send in progress on a response. It hangs off the response so that its
 * 'finish' and 'close' listeners are one shared function, registered once per response.
 * `undefined`: no listener yet; `null`: already called.
 */
export const kSendDone = Symbol('framework.http.sendDone')

export type SendingResponse = ServerResponse & { [kSendDone]?: SendDone | null }

/**
 * Calls the pending `done` of a response once, when it finished or its connection closed. A
 * connection that closed before the response was ended (the client went away mid-body) fails the
 * send with Node's premature-close error, as a stream pipeline reports it.
 */
export function onResponseEnd(this: SendingResponse): void {
  const done = this[kSendDone]
  if (done === undefined || done === null) return
  this[kSendDone] = null
  if (this.writableEnded) done()
  else done(prematureClose())
}

function prematureClose(): Error {
  const error = new Error('Premature close') as Error & { code: string }
  error.code = 'ERR_STREAM_PREMATURE_CLOSE'
  return error
}

/** Hands `done` the error of a send that failed, unless it was already called. */
export function failSend(res: SendingResponse, error: Error): void {
  const done = res[kSendDone]
  res[kSendDone] = null
  if (typeof done === 'function') done(error)
}
