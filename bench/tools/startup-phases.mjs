// CPU time of each start-up phase of one target, in one fresh process:
// `node bench/tools/startup-phases.mjs <target> [size] [routes|shared]` prints a JSON line with
// the ms of CPU (user + system) spent loading the modules, adding the routes, in ready() and in
// the first request, and the wall time at ready.
import { addSharedSchemaRoutes, sharedFirstRequest } from '../src/scale-routes.mjs'
import { addStartupRoutes, firstRequest } from '../src/startup-routes.mjs'

const [target = 'framework', sizeArg = '1000', kind = 'routes'] = process.argv.slice(2)
const size = Number(sizeArg)
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const c0 = cpu()
const { createApp } = await import(`../src/servers/${target}.mjs`)
const c1 = cpu()
const app = createApp({ routes: size, kind })
;(kind === 'shared' ? addSharedSchemaRoutes : addStartupRoutes)(app, size)
const c2 = cpu()
await app.ready()
const c3 = cpu()
const wall = performance.now()
const response = await app.inject((kind === 'shared' ? sharedFirstRequest : firstRequest)(size))
if (response.statusCode !== 201)
  throw new Error(`first request: ${response.statusCode} ${response.body}`)
const c4 = cpu()
const round = (n) => Math.round(n)
console.log(
  JSON.stringify({
    target,
    kind,
    size,
    boot: round(c0),
    load: round(c1 - c0),
    add: round(c2 - c1),
    ready: round(c3 - c2),
    first: round(c4 - c3),
    total: round(c4),
    wallReady: round(wall),
    rssMB: round(process.memoryUsage().rss / 1048576),
  }),
)
