// Layer 3, request: the request path (lifecycle steps, body, validation, hooks, request, reply,
// sending, error handling, not-found). The entry for the layers above.
export { bodyMethods } from './body.js'
export { connectRequestPath } from './connect.js'
export { handleError } from './error-handling.js'
export { runRoute } from './lifecycle.js'
export { defaultNotFoundHandler } from './not-found.js'
export { Reply, replyBuiltins } from './reply.js'
export { Request, requestBuiltins } from './request.js'
