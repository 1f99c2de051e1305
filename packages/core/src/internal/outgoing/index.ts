/*
 * Sending a reply and handling its errors, one unit: an error while sending runs the error
 * handlers, and they send. The two files call each other, so the rest of the core goes through this
 * entry only.
 */
export { handleError, lifecycleError } from './error-handling.js'
export { send, serializePayload } from './send.js'
