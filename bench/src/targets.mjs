// Starting and talking to the server child processes, one per target.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { forkedOn } from './pinning.mjs'
import { scenarios } from './scenarios.mjs'

/**
 * Every target, in the order tables list them. `node-http` is written by hand in plain code;
 * `node-tuned` is node:http tuned by hand around the framework's own compiled validators and
 * serializers (the floor of issue 41).
 */
export const TARGETS = ['framework', 'fastify5', 'fastify4', 'node-http', 'node-tuned']

/**
 * Prototypes, measured only when `--only` names them (not in the default run, no start-up or
 * scale row, judged by no verdict): `framework-net` is the framework on the `net` transport
 * prototype of `prototypes/net-transport/` (issue 41).
 */
export const PROTOTYPES = ['framework-net']

/** Targets with no start-up row: node-tuned compiles what the framework compiles, but has no app. */
export const WITHOUT_STARTUP = ['node-tuned', ...PROTOTYPES]

/**
 * The A/A control (`--control`): the framework's server again, in a process of its own, measured
 * like any other target. Its ratio to `framework` would be 1.00x on a quiet machine; how far it
 * strays is how far the machine moves every other ratio of the run.
 */
export const CONTROL = 'framework-control'

const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url))
const START_TIMEOUT_MS = 20000

/**
 * Forks the server of `target` and resolves once it listens:
 * `{ target, port, servicePort, serviceError, portOf(scenario), cpu(): Promise<{ usage, rss }>,
 * stop() }`. With `service`, the child also starts the app of scenario (h) on a second port
 * (`servicePort`, or `serviceError` saying why not). Rejects with a message saying why the server
 * did not start (its own error, its exit code and the tail of its stderr). With `h2c`, the child
 * serves the target's cleartext HTTP/2 server (`listenH2c()`) instead. With `cores` (a taskset
 * list, see pinning.mjs), the child runs on those cores only.
 */
export function startTarget(target, { service = false, h2c = false, cores } = {}) {
  const child = fork(CHILD, service ? [target, 'service'] : h2c ? [target, 'h2c'] : [target], {
    ...forkedOn(cores),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (s) => {
    stderr = (stderr + s).slice(-2000)
  })

  return new Promise((resolve, reject) => {
    let reason
    const timer = setTimeout(() => {
      reason = `${target} did not start within ${START_TIMEOUT_MS / 1000} s`
      child.kill()
    }, START_TIMEOUT_MS)
    child.on('message', (msg) => {
      if (msg.error !== undefined) reason = msg.error
      else if (msg.port !== undefined) {
        clearTimeout(timer)
        resolve(connect(target, child, msg))
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      const tail = stderr.trim().split('\n').slice(-5).join('\n    ')
      reject(
        new Error(
          `${reason ?? `${target} exited before listening`} (exit ${code ?? signal})` +
            (tail ? `\n    ${tail}` : ''),
        ),
      )
    })
  })
}

function connect(target, child, { port, servicePort, serviceError }) {
  let nextId = 0
  const waiting = new Map()
  child.removeAllListeners('exit')
  child.on('message', (msg) => {
    if (msg.cmd !== 'cpu') return
    waiting.get(msg.id)?.(msg)
    waiting.delete(msg.id)
  })
  child.on('exit', () => {
    for (const done of waiting.values()) done(null)
    waiting.clear()
  })
  return {
    target,
    port,
    servicePort,
    serviceError,
    /** The port that serves scenario `id` (the service app's for (h)); undefined if none. */
    portOf(id) {
      return scenarios[id].app === 'service' ? servicePort : port
    },
    pid: child.pid,
    /** The server's process.cpuUsage() and RSS; null if it has died. */
    cpu() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(null)
      const id = nextId++
      return new Promise((resolve) => {
        waiting.set(id, resolve)
        child.send({ cmd: 'cpu', id })
      })
    },
    alive() {
      return child.exitCode === null && child.signalCode === null
    },
    /** Ends this server (only this child process). */
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill()
    },
  }
}
