// The precompiled start-up row: `framework-precompiled` is measured beside the others when
// `framework` is, after its modules are built (one per route count, by the framework's own build
// step, not timed). A build that fails leaves the row out and says why.
import { ROUTE_COUNTS } from './startup-runner.mjs'

export const PRECOMPILED = 'framework-precompiled'

/** The start-up targets for `compared`: with `framework-precompiled` after `framework`. */
export async function startupTargets(compared, log) {
  if (!compared.includes('framework')) return compared
  try {
    const { buildStartupModules } = await import('./startup-precompile.mjs')
    for (const built of await buildStartupModules(ROUTE_COUNTS)) {
      log(
        `${PRECOMPILED}: built ${built.routes} routes in ${Math.round(built.ms)} ms ` +
          `(${built.validators} validators, ${built.serializers} serializers, ${built.skipped.length} left out)`,
      )
    }
  } catch (err) {
    log(`${PRECOMPILED}: SKIPPED: the build step failed: ${err?.message ?? err}`)
    return compared
  }
  const at = compared.indexOf('framework') + 1
  return [...compared.slice(0, at), PRECOMPILED, ...compared.slice(at)]
}
