// Builds the precompiled modules of the start-up measurement's apps, one per route count, with the
// framework's own build step (`precompile(build, file)`): the same routes `startup.mjs` adds.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as frameworkModule from 'framework'
import { addStartupRoutes } from './startup-routes.mjs'

const DIR = fileURLToPath(new URL('../results/precompiled/', import.meta.url))

/** Where the module of `routes` routes goes. */
export function precompiledFile(routes) {
  return `${DIR}startup-${routes}.cjs`
}

/** Writes the module of each route count; resolves `[{ routes, ms, validators, serializers, skipped }]`. */
export async function buildStartupModules(routeCounts) {
  mkdirSync(DIR, { recursive: true })
  const factory = frameworkModule.default ?? frameworkModule.framework
  const out = []
  for (const routes of routeCounts) {
    const t0 = performance.now()
    const summary = await frameworkModule.precompile((options) => {
      const app = factory(options)
      addStartupRoutes(app, routes)
      return app
    }, precompiledFile(routes))
    out.push({ ...summary, routes, ms: performance.now() - t0 })
  }
  return out
}
