// What one request of scenario (h) calls, per request, on one target:
// `node bench/tools/service-calls.mjs <target> [line] [requests]` (line 4 or 5, default 5).
// Counts, in the server's process, the calls to node's ServerResponse/IncomingMessage methods,
// EventEmitter on/emit, process.nextTick, the AsyncResources, promises created (through a promise
// hook, which only this tool enables), the getters and methods of the target's request and reply
// objects (their prototype chains, the surfaces the plugins use; Fastify's own are not
// configurable, so only its methods show), and the young-generation GCs. The load comes from
// service-client.mjs in a child process.

import { createHook } from 'node:async_hooks'
import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { getHeapStatistics } from 'node:v8'

const [target = 'framework', line = '5', total = '4000'] = process.argv.slice(2)
process.env.BENCH_PLUGIN_LINE = line
const counts = new Map()
let counting = false
const count = (key) => {
  if (counting) counts.set(key, (counts.get(key) ?? 0) + 1)
}
const wrap = (proto, name, label) => {
  const d = Object.getOwnPropertyDescriptor(proto, name)
  if (!d || d.configurable === false) return
  if (typeof d.value === 'function' && name !== 'constructor') {
    const fn = d.value
    proto[name] = function (...args) {
      count(`${label}.${name}()`)
      return fn.apply(this, args)
    }
  } else if (d.get) {
    const get = d.get
    Object.defineProperty(proto, name, {
      ...d,
      get() {
        count(`${label}.${name} (get)`)
        return get.call(this)
      },
    })
  }
}
for (const name of [
  'setHeader',
  'setHeaders',
  'getHeader',
  'hasHeader',
  'removeHeader',
  'getHeaders',
  'writeHead',
  'write',
  'end',
  'cork',
  'uncork',
])
  wrap(http.OutgoingMessage.prototype, name, 'node res')
wrap(http.ServerResponse.prototype, 'writeHead', 'node res')
for (const name of ['on', 'once', 'emit', 'removeListener', 'prependListener'])
  wrap(EventEmitter.prototype, name, 'EventEmitter')
const nextTick = process.nextTick
process.nextTick = (...args) => {
  count('process.nextTick')
  return nextTick(...args)
}
createHook({
  init(_id, type) {
    count(`async init ${type}`)
  },
}).enable()

const module = await import(`../src/servers/${target}.mjs`)
const { buildService, servicePlugins } = await import('../src/servers/service-app.mjs')
const wrapped = new WeakSet()
const instrument = (object, label) => {
  for (
    let proto = Object.getPrototypeOf(object);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    if (
      wrapped.has(proto) ||
      proto === http.IncomingMessage.prototype ||
      proto === http.ServerResponse.prototype
    )
      break
    wrapped.add(proto)
    for (const name of Object.getOwnPropertyNames(proto)) wrap(proto, name, label)
  }
}
const app = await buildService(
  () => {
    const app = module.createApp()
    app.addHook('onRequest', (request, reply, done) => {
      instrument(request, 'request')
      instrument(reply, 'reply')
      done()
    })
    return app
  },
  await servicePlugins(target === 'fastify4' ? '4' : target === 'fastify5' ? '5' : line),
)
await app.listen({ port: 0, host: '127.0.0.1' })
const port = app.server.address().port
const run = (n) =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./service-client.mjs', import.meta.url)), [
      String(port),
      String(n),
    ])
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exit ${code}`))))
  })
await run(500) // warm-up, and the prototypes get wrapped
const heap0 = getHeapStatistics()
const { PerformanceObserver } = await import('node:perf_hooks')
let scavenges = 0
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail?.kind === 1 || e.kind === 1) scavenges++
})
observer.observe({ entryTypes: ['gc'] })
counting = true
const n = Number(total)
await run(n)
counting = false
observer.disconnect()
const heap1 = getHeapStatistics()
console.log(
  `${target} (plugin line ${target.startsWith('fastify') ? target.slice(-1) : line}), ${n} requests; per request:`,
)
console.log(
  `  young-generation GCs ${scavenges} (${((scavenges * 1e3) / n).toFixed(2)} per 1000 requests); heap ${heap0.used_heap_size} -> ${heap1.used_heap_size}`,
)
for (const [key, value] of [...counts].sort((a, b) => a[0].localeCompare(b[0])))
  if (value / n >= 0.5) console.log(`  ${(value / n).toFixed(2).padStart(6)}  ${key}`)
await app.close()
process.exit(0)
