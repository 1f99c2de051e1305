// Scenario server for this repository's `framework` package (its built dist/, so run
// `pnpm build` first; the root `pnpm bench` does). Written against /work/shared/API.md: a
// default-exported factory `framework(options)` whose instance has addSchema, get/post with a
// `schema` option, reply.code().send(), listen({ port, host }) and `server`.
import * as frameworkModule from 'framework'
import { listenWithScenarios } from './schema-first-routes.mjs'
import { listenService as listenServiceApp, servicePlugins } from './service-app.mjs'

const factory = frameworkModule.default ?? frameworkModule.framework

/** A bare instance with default options (also used by the start-up measurement). */
export function createApp() {
  if (typeof factory !== 'function') {
    throw new Error(
      "the 'framework' package exports no factory function (expected `export default framework`" +
        ' or a named `framework`); implement packages/framework/src/index.ts and run `pnpm build`',
    )
  }
  return factory()
}

/**
 * Mounts the scenarios, listens on 127.0.0.1 (random port) and resolves the port. Zod is loaded
 * here, not at the top: the service app (h) runs in a process of its own and must not carry Zod's
 * heap, which the fastify targets' processes do not have (a larger heap costs every major GC).
 */
export async function listen() {
  const { zodUserResponse } = await import('./zod-user-response.mjs')
  return listenWithScenarios(createApp, {
    standardUserResponse: zodUserResponse,
    validatedRouteOptions: { responseValidation: true },
  })
}

/** The scenarios (a) and (c) over cleartext HTTP/2 (`http2: true`), for h2c.mjs. */
export function listenH2c() {
  return listenWithScenarios(() => factory({ http2: true }))
}

/**
 * Starts the app of scenario (h) and resolves its port. It registers the same packages as the
 * fastify 4 target (the plugins' last Fastify-4 lines, each wrapped by the real fastify-plugin
 * 4), as a user migrating from Fastify 4 would; with `BENCH_PLUGIN_LINE=5` (`--plugin-line 5`)
 * the same packages as the fastify 5 target (their Fastify-5 lines), as a new user installs them.
 */
export async function listenService() {
  const line = process.env.BENCH_PLUGIN_LINE === '5' ? '5' : '4'
  return listenServiceApp(createApp, await servicePlugins(line))
}
