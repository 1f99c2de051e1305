import type { Instance } from '@framework/core'

/**
 * Fastify 4's request logging: with a logger on (and `disableRequestLogging` not set), every
 * request logs `incoming request` when it arrives and `request completed` (status and response
 * time) once answered, both at `info` through the request's logger (bound to its `reqId`). The
 * hooks are added to the root first, so they run before the application's own; with logging off
 * nothing is added and requests pay nothing.
 */
export function addRequestLogging(app: Instance): void {
  app.addHook('onRequest', logIncomingRequest)
  app.addHook('onResponse', (request: any, reply: any) => {
    request.log.info(
      { res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    )
  })
}

/** The `incoming request` line of a request (also logged before `frameworkErrors` answers one). */
export function logIncomingRequest(request: any): void {
  request.log.info(
    {
      req: {
        method: request.method,
        url: request.url,
        version: request.headers['accept-version'],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      },
    },
    'incoming request',
  )
}
