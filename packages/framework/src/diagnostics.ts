import { channel } from 'node:diagnostics_channel'

/** Fastify's channel: an observability plugin subscribes to it before the application exists. */
const initialization = channel('fastify.initialization')

/**
 * Publishes `{ fastify: instance }` on the `fastify.initialization` diagnostics channel, as
 * Fastify 4 does once an instance is created (only when someone listens).
 *
 * @example
 * diagnosticsChannel.subscribe('fastify.initialization', ({ fastify }) => fastify.addHook('onRequest', trace))
 */
export function publishInitialization(instance: unknown): void {
  try {
    if (initialization.hasSubscribers) initialization.publish({ fastify: instance })
  } catch {
    // Cloudflare Workers refuse to publish at global scope, where applications are usually
    // created (their runtime subscribes to every channel for tracing): nothing is lost there.
  }
}
