// Which event listeners return a value in a target's server, after it served each scenario a to g
// and, where it has one, its app of scenario (h): `node bench/tools/listener-values.mjs <target>
// [requests]` (default 200 each; `BENCH_PLUGIN_LINE=5` for the Fastify-5 plugin line on (h)).
// A listener's value matters to every `emit` of the process: node's `emit` hands a value that is
// not `undefined` or `null` to its promise check together with the event's arguments, and once
// that has happened anywhere, V8 compiles every `emit` with an array of the arguments and a
// generic call to its listeners (LOG, "A listener that returned a value"). The server runs in this
// process, with node's `emit` replaced by one that calls each listener itself and notes what it
// returns; the load comes from scenario-client.mjs and service-client.mjs in child processes.
import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { fileURLToPath } from 'node:url'
import { scenarioIds } from '../src/scenarios.mjs'

const [target = 'framework', n = '200'] = process.argv.slice(2)

const originalEmit = EventEmitter.prototype.emit
const valued = new Map()
EventEmitter.prototype.emit = function emit(type, ...args) {
  const handler = this._events?.[type]
  if (handler === undefined) return originalEmit.call(this, type, ...args)
  for (const listener of typeof handler === 'function' ? [handler] : [...handler]) {
    const result = Reflect.apply(listener, this, args)
    if (result === undefined || result === null) continue
    const source = String(listener.listener ?? listener)
      .replace(/\s+/g, ' ')
      .slice(0, 100)
    const key = `${this.constructor?.name} '${String(type)}' returned a ${typeof result}: ${source}`
    valued.set(key, (valued.get(key) ?? 0) + 1)
  }
  return true
}

const server = await import(`../src/servers/${target}.mjs`)
const port = await server.listen()
for (const id of scenarioIds.filter((id) => id !== 'h'))
  await client('scenario-client.mjs', [String(port), id], { n: Number(n) })
if (server.listenService !== undefined) {
  await client('service-client.mjs', [String(await server.listenService()), n])
}
const lines = [...valued].map(([key, count]) => `${String(count).padStart(6)}  ${key}`)
console.log(
  `${target}: ${lines.length === 0 ? 'no listener returned a value' : `\n${lines.join('\n')}`}`,
)
process.exit(0)

/** Runs one load generator of tools/ to its end (`message`: scenario-client's request count). */
function client(script, args, message) {
  const child = fork(fileURLToPath(new URL(`./${script}`, import.meta.url)), args)
  if (message === undefined) {
    return new Promise((resolve, reject) =>
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${script}: ${code}`)),
      ),
    )
  }
  child.send(message)
  return new Promise((resolve, reject) =>
    child.once('message', (m) => {
      child.send('stop')
      if (m.error === undefined) resolve()
      else reject(new Error(`${script}: ${m.error}`))
    }),
  )
}
