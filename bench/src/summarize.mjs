// Turns the per-round measurements into per-(scenario, target) medians, CPU ratios, and the
// verdict on the targets for the framework.
import { scenarios } from './scenarios.mjs'
import { median } from './stats.mjs'
import { CONTROL } from './targets.mjs'
import { variantVerdicts } from './variant-verdicts.mjs'

/**
 * `[{ scenario, target, measured, used, rps, p99, cpuUsPerReq, noisy, problems, vs }]`:
 * medians over the quiet rounds (all rounds when every one was noisy).
 */
export function summarize(measurements, scenarioIds, targets) {
  const rows = []
  for (const scenario of scenarioIds) {
    const byTarget = {}
    for (const target of targets) {
      const all = measurements.filter((m) => m.scenario === scenario && m.target === target)
      if (all.length === 0) continue
      // noisy measurements (other processes used the CPU) count only when none was quiet
      const quiet = all.filter((m) => !m.noisy)
      const ms = quiet.length > 0 ? quiet : all
      byTarget[target] = {
        scenario,
        target,
        measured: all.length,
        used: ms.length,
        rps: median(ms.map((m) => m.rps)),
        p99: median(ms.map((m) => m.p99)),
        cpuUsPerReq: median(ms.map((m) => m.cpuUsPerReq)),
        noisy: all.length - quiet.length,
        problems: [...new Set(all.flatMap((m) => m.problems))],
      }
    }
    for (const row of Object.values(byTarget)) {
      row.vs = {}
      for (const ref of ['fastify4', 'fastify5', 'node-http']) {
        const base = byTarget[ref]?.cpuUsPerReq
        row.vs[ref] = base && row.cpuUsPerReq !== null ? row.cpuUsPerReq / base : null
      }
      rows.push(row)
    }
  }
  return rows
}

/**
 * The CPU per request of `target` over `ref`'s, round by round (each pair measured a few seconds
 * apart, so drift of the machine cancels out more than in the ratio of the two medians):
 * `{ median, min, max }`, or null when no round measured both.
 */
export function pairedRatios(measurements, scenario, target, ref) {
  const pick = (name, round) => {
    const all = measurements.filter(
      (m) => m.scenario === scenario && m.target === name && m.round === round,
    )
    return (all.find((m) => !m.noisy) ?? all[0])?.cpuUsPerReq
  }
  const ratios = [...new Set(measurements.map((m) => m.round))]
    .map((round) => pick(target, round) / pick(ref, round))
    .filter((r) => Number.isFinite(r))
  if (ratios.length === 0) return null
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) }
}

function perRound(paired) {
  return paired === null
    ? ''
    : ` (per round: median ${paired.median.toFixed(2)}x, ${paired.min.toFixed(2)}x to ${paired.max.toFixed(2)}x)`
}

/**
 * The targets for `framework`, as `[{ what, ok, detail }]` (`ok` null when a reference
 * is missing; `info: true` on the A/A control lines, which judge nothing). Empty when the
 * framework was not measured. The verdict is on the ratio of the medians; the detail adds the
 * per-round ratios, to show how much the machine moved them, and what the control reads. A
 * scenario the framework was not measured on (`skippedScenarios`: its check failed) is a
 * FAIL.
 */
export function verdicts(summary, startup, measurements = [], skippedScenarios = {}) {
  const out = []
  for (const [id, reason] of Object.entries(skippedScenarios.framework ?? {})) {
    const [why, first] = reason.split('\n')
    out.push({
      what: `(${id}) CPU/req ≤ 0.9x the better fastify`,
      ok: false,
      detail:
        `not measured: ${why.replace(/:$/, '')}` +
        (first === undefined ? '' : `; first problem: ${first}`) +
        ' (all of them below)',
    })
  }
  const fw = summary.filter((r) => r.target === 'framework')
  for (const row of fw) {
    const at = (t) => summary.find((r) => r.scenario === row.scenario && r.target === t)
    const control = at(CONTROL)
    for (const [ref, limit] of [
      ['fastify4', 0.9],
      ['fastify5', 0.9],
      ['node-http', 1.15],
    ]) {
      if (scenarios[row.scenario].without?.[ref] !== undefined) continue
      const ratio = row.vs[ref]
      const paired = pairedRatios(measurements, row.scenario, 'framework', ref)
      const controlRatio = control?.vs[ref] ?? null
      const controlNote =
        controlRatio === null ? '' : `; the A/A control reads ${controlRatio.toFixed(2)}x`
      out.push({
        what: `(${row.scenario}) CPU/req ≤ ${limit}x ${ref}`,
        ok: ratio === null ? null : ratio <= limit,
        detail:
          ratio === null ? 'not measured' : `${ratio.toFixed(2)}x${perRound(paired)}${controlNote}`,
      })
    }
    if (control !== undefined && control.cpuUsPerReq !== null && row.cpuUsPerReq !== null) {
      const paired = pairedRatios(measurements, row.scenario, CONTROL, 'framework')
      out.push({
        what: `(${row.scenario}) A/A control: CPU/req of ${CONTROL} over framework (same code; 1.00x on a quiet machine)`,
        ok: null,
        info: true,
        detail: `${(control.cpuUsPerReq / row.cpuUsPerReq).toFixed(2)}x${perRound(paired)}`,
      })
    }
    const fastest = Math.max(...['fastify4', 'fastify5'].map((t) => at(t)?.rps ?? 0))
    out.push({
      what: `(${row.scenario}) req/s ≥ fastify's`,
      ok: fastest === 0 ? null : row.rps >= fastest,
      detail: `${Math.round(row.rps)} vs ${Math.round(fastest)}`,
    })
  }
  out.push(...variantVerdicts(summary, measurements))
  const fw1000 = startup?.find((s) => s.target === 'framework' && s.routes === 1000)
  if (fw1000 && fw1000.ms !== null) {
    for (const ref of ['fastify4', 'fastify5']) {
      const base = startup.find((s) => s.target === ref && s.routes === 1000)
      if (!base || base.ms === null) continue
      out.push({
        what: `start-up 1000 routes ≤ 0.5x ${ref}'s time`,
        ok: fw1000.ms <= base.ms / 2,
        detail: `${(fw1000.ms / base.ms).toFixed(2)}x`,
      })
      out.push({
        what: `RSS after ready (1000 routes) ≤ ${ref}'s`,
        ok: fw1000.rss <= base.rss,
        detail: `${(fw1000.rss / base.rss).toFixed(2)}x`,
      })
    }
  }
  out.push(...precompiledVerdicts(startup))
  return out
}

/** Issue 17: precompiled start-up with 1000 routes ≤ 0.25x fastify 4's time, RSS ≤ the framework's. */
function precompiledVerdicts(startup) {
  const at = (target) => startup?.find((s) => s.target === target && s.routes === 1000)
  const pre = at('framework-precompiled')
  if (!pre || pre.ms === null) return []
  const out = []
  const f4 = at('fastify4')
  if (f4 && f4.ms !== null) {
    out.push({
      what: "precompiled start-up 1000 routes ≤ 0.25x fastify4's time",
      ok: pre.ms <= f4.ms / 4,
      detail: `${(pre.ms / f4.ms).toFixed(2)}x`,
    })
  }
  const fw = at('framework')
  if (fw && fw.ms !== null) {
    out.push({
      what: 'precompiled start-up RSS (1000 routes) ≤ the compiling start-up',
      ok: pre.rss <= fw.rss,
      detail: `${(pre.rss / fw.rss).toFixed(2)}x (time ${(pre.ms / fw.ms).toFixed(2)}x)`,
    })
  }
  return out
}
