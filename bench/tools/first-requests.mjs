// What the first request of a route costs beyond its later ones, in one fresh process:
// `node bench/tools/first-requests.mjs <target> [size] [probes] [checkout]` adds the start-up routes,
// makes ready(), warms the request path on one route, then for `probes` other routes sends a
// request twice and prints the medians of the CPU time (µs, user + system) of the first and of the
// second. `checkout` (default: this one) is the built copy of the repository whose target runs.
import { resolve } from 'node:path'

const [target = 'framework', sizeArg = '1000', probesArg = '40', checkoutArg] = process.argv.slice(2)
const src = checkoutArg === undefined ? '../src' : `${resolve(checkoutArg)}/bench/src`
const { addStartupRoutes, firstRequest } = await import(`${src}/startup-routes.mjs`)
const size = Number(sizeArg)
const probes = Number(probesArg)
const cpu = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}
const { createApp } = await import(`${src}/servers/${target}.mjs`)
const app = createApp({ routes: size, kind: 'routes' })
addStartupRoutes(app, size)
await app.ready()
const request = (route) => {
  const base = firstRequest(size)
  return { ...base, url: base.url.replace(/^\/r\d+\//, `/r${route}/`) }
}
const send = async (route) => {
  const response = await app.inject(request(route))
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`)
}
for (let i = 0; i < 20; i++) await send(0)
const first = []
const second = []
for (let k = 1; k <= probes; k++) {
  const route = Math.floor((k * size) / (probes + 1))
  let c = cpu()
  await send(route)
  first.push(cpu() - c)
  c = cpu()
  await send(route)
  second.push(cpu() - c)
}
const median = (values) => values.slice().sort((x, y) => x - y)[values.length >> 1]
console.log(JSON.stringify({ target, size, probes, firstUs: median(first), secondUs: median(second) }))
