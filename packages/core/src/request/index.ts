// Layer 3, request: the request path (lifecycle steps, body, validation, hooks, request, reply,
// sending, error handling, not-found). The entry for the layers above.
export { bodyMethods } from './body.js'
export { connectRequestPath } from './connect.js'
export { handleError } from './error-handling.js'
export { runHooklessRoute, runRoute } from './lifecycle.js'
export { answerNotFound, defaultNotFoundHandler, loggingNotFoundHandler } from './not-found.js'
export { readDecorator } from './read-decorator.js'
export { Reply, replyBuiltins, replyMembers } from './reply.js'
export { Request, requestBuiltins, requestMembers } from './request.js'
