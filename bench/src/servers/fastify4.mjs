// Scenario server for fastify 4 (the `fastify4` alias of fastify@4), default options. Scenario
// (h) runs on a second app with the plugins' last Fastify-4 lines (aliases `cors4`, ...).
import Fastify from 'fastify4'
import { listenWithScenarios } from './schema-first-routes.mjs'
import { listenService as listenServiceApp, servicePlugins } from './service-app.mjs'

/** A bare instance with default options (also used by the start-up measurement). */
export function createApp() {
  return Fastify()
}

/** The scenarios over cleartext HTTP/2 (`http2: true`), for h2c.mjs. */
export function listenH2c() {
  return listenWithScenarios(() => Fastify({ http2: true }))
}

/** Mounts the scenarios, listens on 127.0.0.1 (random port) and resolves the port. */
export function listen() {
  return listenWithScenarios(createApp)
}

/** Starts the app of scenario (h) (plugins' Fastify-4 lines) and resolves its port. */
export async function listenService() {
  return listenServiceApp(createApp, await servicePlugins('4'))
}
