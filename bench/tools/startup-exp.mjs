// Start-up experiment: `node bench/tools/startup-exp.mjs '<json factory options>' [routes]`.
import * as frameworkModule from 'framework'
import { addStartupRoutes } from '../src/startup-routes.mjs'

const factory = frameworkModule.default ?? frameworkModule.framework
const options = JSON.parse(process.argv[2] ?? '{}')
const routes = Number(process.argv[3] ?? 1000)
const t0 = performance.now()
const app = factory(options)
addStartupRoutes(app, routes)
await app.ready()
const t1 = performance.now()
console.log(
  JSON.stringify({
    total: Math.round(performance.now()),
    ready: Math.round(t1 - t0),
    rss: Math.round(process.memoryUsage().rss / 1e6),
  }),
)
