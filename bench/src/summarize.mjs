// Turns the per-round measurements into per-(scenario, target) medians and CPU ratios; the
// verdicts on the targets are in verdicts.mjs.
import { median } from './stats.mjs'

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
