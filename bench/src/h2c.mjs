// The HTTP/2 scenario: (a) GET /hello and (c) POST /users → 201, served over cleartext HTTP/2 by
// framework, fastify 5 and fastify 4 (each with `http2: true`) and by the hand-written server on
// node:http2's compatibility API (`node-http2`), plus `framework-control` (the A/A control: the
// framework again, in a process of its own). Side by side in one run: every round measures every
// target on each scenario, in a rotating order; the tables give medians of server CPU time per
// request and its ratio to plain node:http2.
//
//   node bench/src/h2c.mjs [--duration 3] [--rounds 5] [--sessions 10] [--streams 10] [--only t,...]
import { parseArgs } from 'node:util'
import { loadH2c, sendH2c } from './h2c-load.mjs'
import { JSON_TYPE, scenarios } from './scenarios.mjs'
import { median } from './stats.mjs'
import { startTarget } from './targets.mjs'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
    sessions: { type: 'string', default: '10' },
    streams: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
})
const duration = Number(values.duration)
const warmup = Number(values.warmup)
const rounds = Number(values.rounds)
const load = { sessions: Number(values.sessions), streams: Number(values.streams) }

/** The plain node:http2 server is the node-http target's `listenH2c()`. */
const ALL_TARGETS = [
  ['framework', 'framework'],
  ['framework-control', 'framework-control'],
  ['fastify5', 'fastify5'],
  ['fastify4', 'fastify4'],
  ['node-http2', 'node-http'],
]
// `--only a,b`: some targets (node-http2 and framework are always kept: the ratios need them)
const only = values.only?.split(',')
const TARGETS = ALL_TARGETS.filter(
  ([name]) => !only || only.includes(name) || name === 'node-http2' || name === 'framework',
)
const SCENARIOS = ['a', 'c']

const servers = new Map()
for (const [name, module] of TARGETS) {
  servers.set(name, await startTarget(module, { h2c: true }))
}
try {
  // Every target gives the expected answer before anything is measured.
  for (const [name, server] of servers) {
    for (const id of SCENARIOS) {
      const { request, expect } = scenarios[id]
      const got = await sendH2c(server.port, request)
      if (got.status !== expect.status || got.type !== JSON_TYPE || got.body !== expect.body) {
        throw new Error(`${name} (${id}) answered ${got.status} ${got.type} ${got.body}`)
      }
    }
  }
  const samples = {}
  for (let round = 0; round < rounds; round++) {
    const order = [...servers.keys()]
    for (let i = 0; i < round; i++) order.push(order.shift())
    for (const id of SCENARIOS) {
      for (const name of order) {
        const server = servers.get(name)
        const { request } = scenarios[id]
        await loadH2c(server.port, request, warmup, load)
        const cpu0 = await server.cpu()
        const result = await loadH2c(server.port, request, duration, load)
        const cpu1 = await server.cpu()
        const us = cpu1.usage.user + cpu1.usage.system - cpu0.usage.user - cpu0.usage.system
        const bad = Object.entries(result.statuses).filter(
          ([status]) => Number(status) !== scenarios[id].expect.status,
        )
        if (bad.length > 0) throw new Error(`${name} (${id}): ${JSON.stringify(result.statuses)}`)
        ;(samples[`${id}/${name}`] ??= []).push({
          cpuUsPerReq: us / result.requests,
          rps: result.requests / duration,
        })
        process.stderr.write(
          `round ${round + 1} (${id}) ${name}: ${(us / result.requests).toFixed(1)} µs/req, ${Math.round(result.requests / duration)} req/s\n`,
        )
      }
    }
  }
  const lines = [
    `h2c: ${rounds} rounds × ${duration} s, ${load.sessions} sessions × ${load.streams} streams, Node ${process.version}`,
    '',
    '| scenario | target | CPU µs/req (median) | vs node-http2 | vs framework | req/s (median) |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ]
  for (const id of SCENARIOS) {
    const cpu = (name) => median(samples[`${id}/${name}`].map((s) => s.cpuUsPerReq))
    for (const [name] of TARGETS) {
      const rps = median(samples[`${id}/${name}`].map((s) => s.rps))
      lines.push(
        `| ${id} | ${name} | ${cpu(name).toFixed(1)} | ${(cpu(name) / cpu('node-http2')).toFixed(2)}x | ${(cpu(name) / cpu('framework')).toFixed(2)}x | ${Math.round(rps)} |`,
      )
    }
  }
  console.log(lines.join('\n'))
} finally {
  for (const server of servers.values()) server.stop()
}
