// Scenario server for fastify 5 (the `fastify` dependency), default options.
import Fastify from 'fastify'
import { listenWithScenarios } from './schema-first-routes.mjs'

/** A bare instance with default options (also used by the start-up measurement). */
export function createApp() {
  return Fastify()
}

/** Mounts the scenarios, listens on 127.0.0.1 (random port) and resolves the port. */
export function listen() {
  return listenWithScenarios(createApp)
}
