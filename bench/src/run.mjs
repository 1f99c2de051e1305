// Entry of `pnpm bench`: starts every target's server in its own process, checks each answers
// every scenario correctly, measures them interleaved (round → scenario → target), then the
// start-up cost (and, with --scale, the scale table), and prints one markdown report (progress
// goes to stderr) with the verdicts on issue 41's targets (verdicts.mjs), and writes JSON.
// Flags: see options.mjs or `node src/run.mjs --help`.
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname } from 'node:path'
import { checkTarget } from './check.mjs'
import { measure } from './measure.mjs'
import { runMeta } from './meta.mjs'
import { parseOptions, usage } from './options.mjs'
import { pinning, pinSelf } from './pinning.mjs'
import { renderMarkdown } from './report.mjs'
import { measureScale, renderScale } from './scale.mjs'
import { scenarios } from './scenarios.mjs'
import { startupTargets } from './startup-precompiled-target.mjs'
import { measureStartup } from './startup-runner.mjs'
import { summarize } from './summarize.mjs'
import { CONTROL, PROTOTYPES, startTarget, TARGETS, WITHOUT_STARTUP } from './targets.mjs'
import { verdicts } from './verdicts.mjs'

const log = (line) => process.stderr.write(`${line}\n`)

let options
try {
  options = parseOptions(process.argv.slice(2))
  // the server children (forked with this environment) read the framework's plugin line from it
  process.env.BENCH_PLUGIN_LINE = options.pluginLine
} catch (err) {
  log(`${err.message}\n\n${usage()}`)
  process.exit(2)
}
if (options.help) {
  process.stdout.write(usage())
  process.exit(0)
}

// the cores the servers and the load generator keep while loaded; null when not pinned
const cores = pinning(options.pin)
options.cores = cores
const compared = [...TARGETS, ...PROTOTYPES].filter((t) => options.only.includes(t))
const targets = options.control ? [...compared, CONTROL] : compared
const skipped = {}
// target → { scenario → reason }: a scenario the target does not serve (`without` in
// scenarios.mjs), or one on its own app (h) whose check failed
const skippedScenarios = {}
const skipScenario = (target, id, reason) => {
  skippedScenarios[target] ??= {}
  skippedScenarios[target][id] = reason
}
const servers = new Map()
const stopAll = () => {
  for (const s of servers.values()) s.stop()
}
process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})

// 1. start and check every target; one that fails is skipped, the others go on
// in a shuffled order: whichever process starts first has read dearer than its A/A twin run
// after run, so no target may always be the first
options.startOrder = shuffled(targets)
await startServers(options.startOrder)

// 2. interleaved measurements; the target order rotates each round
if (cores !== null) {
  pinSelf(cores.loadgen)
  log(
    `servers pinned to core ${cores.server}, the load generator to ${cores.loadgen} (--pin off: unpinned)`,
  )
}
const measurements = []
const running = [...servers.keys()]
options.roundStartOrders = options.freshServers ? [options.startOrder] : undefined
for (let round = 1; round <= options.rounds; round++) {
  if (options.freshServers && round > 1) {
    stopAll()
    servers.clear()
    const order = shuffled(running.filter((target) => skipped[target] === undefined))
    options.roundStartOrders.push(order)
    await startServers(order)
  }
  const order = running.map((_, i) => running[(i + round - 1) % running.length])
  for (const scenario of options.scenarios) {
    for (const target of order) {
      const server = servers.get(target)
      if (
        server === undefined ||
        !server.alive() ||
        skippedScenarios[target]?.[scenario] !== undefined
      )
        continue
      try {
        // a noisy measurement is repeated up to --retry-noisy times; all are kept
        for (let attempt = 0; attempt <= options.retryNoisy; attempt++) {
          const m = await measure(server, scenario, options)
          measurements.push({ round, attempt, scenario, target, ...m })
          log(progressLine(round, scenario, target, m))
          if (!m.noisy) break
        }
      } catch (err) {
        skipped[target] = `stopped during the run: ${err.message}`
        log(`${target}: ${err.message}`)
        server.stop()
      }
    }
  }
}
stopAll()
// the start-up processes inherit this process's cores: give them all back
if (cores !== null) pinSelf(`0-${availableParallelism() - 1}`)

// 3. start-up, after the servers are gone (the twin too: a start-up target is judged on the
// worse of the pair), then the scale table
const startup = options.skipStartup
  ? null
  : await measureStartup(
      await startupTargets(
        [
          ...compared.filter((t) => !WITHOUT_STARTUP.includes(t)),
          ...(options.control ? [CONTROL] : []),
        ],
        log,
      ),
      options.startupRuns,
      options.noiseThreshold,
      log,
    )
const scaleOptions = {
  runs: options.scaleRuns,
  only: compared.filter((t) => t !== 'node-http' && !PROTOTYPES.includes(t)),
  control: options.control,
  cases: ['routes', 'shared'],
  sizes: { routes: [1000, 10000], shared: [500, 5000] },
  onceOverMs: 200000,
  timeoutMs: 600000,
}
const scale = options.scale
  ? { rows: await measureScale(scaleOptions, log), options: scaleOptions }
  : null

// 4. report
const summary = summarize(measurements, options.scenarios, targets)
const results = {
  meta: runMeta(),
  options,
  skipped,
  skippedScenarios,
  summary,
  startup,
  scale,
  verdicts: verdicts({
    summary,
    startup,
    scale,
    measurements,
    skippedScenarios,
    pluginLine: options.pluginLine,
  }),
  measurements,
}
mkdirSync(dirname(options.json), { recursive: true })
writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`)
process.stdout.write(renderMarkdown(results))
if (scale !== null) process.stdout.write(`\n${renderScale(scale.rows, [], scale.options)}`)
log(`\nJSON results: ${options.json}`)

/**
 * Starts and checks the servers of `order`, in that order (logged); a target that fails is
 * skipped, the others go on.
 */
async function startServers(order) {
  log(`starting the servers in this order: ${order.join(', ')}`)
  for (const target of order) {
    const served = options.scenarios.filter((id) => {
      const reason = scenarios[id].without?.[target]
      if (reason !== undefined) skipScenario(target, id, reason)
      return reason === undefined
    })
    try {
      const service = served.some((id) => scenarios[id].app === 'service')
      const server = await startTarget(target, { service, cores: cores?.server })
      const { problems, byScenario } = await checkTarget(server, served)
      if (problems.length > 0) {
        server.stop()
        skipped[target] = `wrong responses, not measured:\n${problems.join('\n')}`
        log(`${target}: correctness check FAILED\n  ${problems.join('\n  ')}`)
      } else {
        servers.set(target, server)
        const failed = Object.keys(byScenario)
        const which = failed.length === 0 ? '' : ` except (${failed.join(', ')})`
        log(
          `${target}: listening on 127.0.0.1:${server.port} (pid ${server.pid}), responses correct${which}`,
        )
        for (const [id, list] of Object.entries(byScenario)) {
          skipScenario(target, id, `its correctness check failed:\n${list.join('\n')}`)
          log(
            `${target}: correctness check of (${id}) FAILED, (${id}) not measured for ${target} ` +
              `(${scenarios[id].title}: a plugin that does not act would only look fast)\n  ${list.join('\n  ')}`,
          )
        }
      }
    } catch (err) {
      skipped[target] = err.message
      log(`${target}: SKIPPED: ${err.message}`)
    }
  }
}

/** A copy of `list` in random order (Fisher-Yates). */
function shuffled(list) {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

function progressLine(round, scenario, target, m) {
  const rps = Math.round(m.rps).toLocaleString('en-US').padStart(7)
  const noisy = m.noisy ? `  noisy (others used ${m.otherCores.toFixed(2)} cores)` : ''
  const problems = m.problems.length > 0 ? `  ${m.problems.join(', ')}` : ''
  return (
    `[round ${round}/${options.rounds}] (${scenario}) ${target.padEnd(9)} ${rps} req/s  ` +
    `p99 ${m.p99} ms  ${m.cpuUsPerReq?.toFixed(1)} µs/req${noisy}${problems}`
  )
}
