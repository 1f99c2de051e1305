// The start-up measurement: forks ./startup.mjs once per (run, routes, target), interleaved,
// and takes the median ready time and RSS of each (target, routes). A run during which other
// processes used more than `noiseThreshold` of a core is flagged noisy and left out of the
// medians unless every run was noisy.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { machineBusyUs } from './proc-stat.mjs'
import { median } from './stats.mjs'

const ENTRY = fileURLToPath(new URL('./startup.mjs', import.meta.url))
const TIMEOUT_MS = 60000

/** Route counts measured. */
export const ROUTE_COUNTS = [100, 1000]

/**
 * Resolves `[{ target, routes, ms, firstMs, rss, runs, noisyRuns, error? }]`: `ms` is start →
 * ready, `firstMs` start → first response.
 * `log(line)` receives progress lines.
 */
export async function measureStartup(targets, runs, noiseThreshold, log) {
  const samples = new Map()
  const failed = new Map()
  for (let run = 1; run <= runs; run++) {
    for (const routes of ROUTE_COUNTS) {
      for (const target of targets) {
        const key = `${target}:${routes}`
        if (failed.has(key)) continue
        const where = `startup ${target} ${routes} routes run ${run}/${runs}`
        const r = await startOnce(target, routes)
        if (r.error) {
          failed.set(key, r.error)
          log(`${where}: FAILED ${r.error}`)
          continue
        }
        r.noisy = r.otherCores !== null && r.otherCores > noiseThreshold
        if (!samples.has(key)) samples.set(key, [])
        samples.get(key).push(r)
        log(
          `${where}: ${r.ms.toFixed(0)} ms, first response ${r.firstMs.toFixed(0)} ms, ${mb(r.rss)} MB${r.noisy ? `  noisy (others used ${r.otherCores.toFixed(2)} cores)` : ''}`,
        )
      }
    }
  }
  const out = []
  for (const target of targets) {
    for (const routes of ROUTE_COUNTS) {
      const key = `${target}:${routes}`
      const all = samples.get(key) ?? []
      const quiet = all.filter((s) => !s.noisy)
      const used = quiet.length > 0 ? quiet : all
      out.push({
        target,
        routes,
        ms: median(used.map((s) => s.ms)),
        firstMs: median(used.map((s) => s.firstMs)),
        rss: median(used.map((s) => s.rss)),
        runs: all.length,
        noisyRuns: all.length - quiet.length,
        ...(failed.has(key) ? { error: failed.get(key) } : {}),
      })
    }
  }
  return out
}

/**
 * One start-up process (`startup.mjs <target> <size> <kind>`): its report (`{ ms, firstMs,
 * readyCpuMs, rss, maxRss, cpu }`) with `otherCores`, the CPU other processes used meanwhile
 * (null where /proc/stat is missing), or `{ error }`.
 */
export function startOnce(target, size, kind = 'routes', timeoutMs = TIMEOUT_MS) {
  const busy0 = machineBusyUs()
  const self0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  return new Promise((resolve) => {
    const child = fork(ENTRY, [target, String(size), kind], {
      execArgv: [],
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let stderr = ''
    let result
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (s) => {
      stderr = (stderr + s).slice(-1000)
    })
    const timer = setTimeout(() => {
      result = { error: `${target}: no start-up report within ${timeoutMs / 1000} s` }
      child.kill()
    }, timeoutMs)
    child.on('message', (msg) => {
      if (result !== undefined) return
      result = msg
      if (msg.error !== undefined || busy0 === null) return
      const wallUs = Number(process.hrtime.bigint() - t0) / 1000
      const self = process.cpuUsage(self0)
      const used = msg.cpu.user + msg.cpu.system + self.user + self.system
      result.otherCores = (machineBusyUs() - busy0 - used) / wallUs
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      const last = stderr.trim().split('\n').pop()
      resolve(
        result ?? {
          error: `${target}: exited with code ${code} without a report${last ? `: ${last}` : ''}`,
        },
      )
    })
  })
}

function mb(bytes) {
  return (bytes / 1048576).toFixed(1)
}
