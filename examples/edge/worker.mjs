// Cloudflare Workers entry (wrangler.toml): the application with its precompiled module, imported
// statically so that wrangler bundles it. Nothing runs at import but creating the application:
// it becomes ready on the first request.
import framework, { toFetchHandler } from '@framework/fetch'
import { buildApp } from './app.mjs'
import compiled from './compiled.cjs'

const app = buildApp(framework, {
  precompiled: compiled,
  trustProxy: true,
  buildStep: 'run `node edge/build.mjs` in examples/ and deploy again',
})

export default { fetch: toFetchHandler(app) }
