import type { Instance } from '@framework/core'

/**
 * Fastify's request logging: with a logger on (and `disableRequestLogging` not set), every
 * request logs `incoming request` when it arrives and `request completed` (status and response
 * time) once answered, both at `info` through the request's logger (bound to its `reqId`). The
 * hooks are added to the root first, so they run before the application's own; with logging off
 * nothing is added and requests pay nothing.
 */
export function addRequestLogging(
  app: Instance,
  serialized: boolean,
  logged?: (request: any) => boolean,
): void {
  // Fastify 5's `disableRequestLogging` function is asked for each line, with the request.
  app.addHook('onRequest', (request: any, _reply: any, done: () => void) => {
    if (logged === undefined || logged(request)) logIncomingRequest(request, serialized)
    done()
  })
  app.addHook('onResponse', (request: any, reply: any, done: () => void) => {
    if (logged === undefined || logged(request)) logRequestCompleted(request, reply, serialized)
    done()
  })
}

function logRequestCompleted(request: any, reply: any, serialized: boolean): void {
  request.log.info(
    {
      res: serialized ? reply : { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    },
    'request completed',
  )
}

/** The `incoming request` line of a request (also logged before `frameworkErrors` answers one). */
export function logIncomingRequest(request: any, serialized: boolean): void {
  if (serialized) {
    // The logger's `req` serializer (Fastify 5's, or the application's) writes the fields.
    request.log.info({ req: request }, 'incoming request')
    return
  }
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
