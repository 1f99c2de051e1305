import { failWhileSending, handleError } from './error-handling.js'
import { callNotFound } from './not-found.js'
import { connectReply } from './reply.js'
import { connectSending, send, serializePayload } from './send.js'

/**
 * Passes the request path's two calls back up to the files below them: the reply's methods call
 * sending and the not-found handler (`ReplyCallees`), and sending calls the error handlers, which
 * send (`SendingCallees`). `createInstance` calls it; every call passes the same functions.
 */
export function connectRequestPath(): void {
  connectReply({ send, serializePayload, callNotFound })
  connectSending({ handleError, failWhileSending })
}
