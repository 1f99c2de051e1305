// Scenario server for the framework on the `net` transport prototype
// (`prototypes/net-transport/`, issue 41): the same app as `framework.mjs`, its node:http server
// replaced through the `serverFactory` option by a `net` server whose requests and responses are
// light objects instead of IncomingMessage and ServerResponse. A measurement target only: not
// judged by the report's verdicts, not in the default run (`--only framework,framework-net,...`).
import * as frameworkModule from 'framework'
import { createNetServer } from '../../prototypes/net-transport/net-server.mjs'
import { listenWithScenarios } from './schema-first-routes.mjs'
import { listenService as listenServiceApp, servicePlugins } from './service-app.mjs'

const factory = frameworkModule.default ?? frameworkModule.framework

/** A default instance whose server is the prototype's. */
export function createApp() {
  return factory({
    // the framework hands its options to the factory: the timeouts, when given, are its
    serverFactory: (handler, options) => createNetServer(handler, options),
  })
}

/** Mounts the scenarios as `framework.mjs` does (Zod loaded here, for (f)). */
export async function listen() {
  const { zodUserResponse } = await import('./zod-user-response.mjs')
  return listenWithScenarios(createApp, {
    standardUserResponse: zodUserResponse,
    validatedRouteOptions: { responseValidation: true },
  })
}

/** The app of scenario (h), on the plugin line of `BENCH_PLUGIN_LINE` (4 by default), as `framework.mjs`. */
export async function listenService() {
  const line = process.env.BENCH_PLUGIN_LINE === '5' ? '5' : '4'
  return listenServiceApp(createApp, await servicePlugins(line))
}
