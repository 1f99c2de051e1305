// Child of profile.mjs and scenario-instructions.mjs: starts one target's scenario server
// (`service`: its app of scenario h) and prints its port; exits (so that `node --cpu-prof` writes
// the profile) on the IPC message 'stop'.
//
// BENCH_PRELOAD: modules to import before the server, comma-separated, to see what merely loading
// them costs the server's requests (e.g. `BENCH_PRELOAD=framework` with the target `node-tuned`,
// or `./bench/tools/emitter-feedback.mjs`). Each is a path (starting with `/` or `.`, from the
// working directory) or a package name; a name the bench cannot resolve is looked up from the
// framework's packages, so that their own dependencies (find-my-way, semver...) can be named.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const target = process.argv[2] ?? 'framework'
const service = process.argv[3] === 'service'
for (const name of (process.env.BENCH_PRELOAD ?? '').split(',').filter(Boolean)) {
  await import(resolvePreload(name))
}
const server = await import(`../src/servers/${target}.mjs`)
// scenario (h) is served by the target's second app
const port = await (service ? server.listenService() : server.listen())
process.on('message', (msg) => {
  if (msg === 'stop') process.exit(0)
})
process.send({ port })

/**
 * The URL of a BENCH_PRELOAD entry, its ESM build where it has one (as the framework loads it):
 * from the bench, else from one of the framework's packages.
 */
function resolvePreload(name) {
  if (name.startsWith('/') || name.startsWith('.')) return pathToFileURL(resolve(name)).href
  try {
    return import.meta.resolve(name)
  } catch {}
  const parts = name.split('/')
  const length = name.startsWith('@') ? 2 : 1
  const pkg = parts.slice(0, length).join('/')
  const subpath = ['.', ...parts.slice(length)].join('/')
  for (const from of ['framework', 'http', 'core']) {
    const require = createRequire(new URL(`../../packages/${from}/package.json`, import.meta.url))
    try {
      const manifest = require.resolve(`${pkg}/package.json`)
      const entry = JSON.parse(readFileSync(manifest, 'utf8')).exports?.[subpath]?.import
      const file = typeof entry === 'object' ? entry.default : entry
      if (file !== undefined) return pathToFileURL(join(dirname(manifest), file)).href
    } catch {}
    try {
      return pathToFileURL(require.resolve(name)).href
    } catch {}
  }
  throw new Error(`BENCH_PRELOAD: cannot resolve ${name}`)
}
