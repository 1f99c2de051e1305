// The figures of issue 15: the framework's scenarios (f) (a Zod response schema) and (g) (response
// validation on) read against its own (b), the same route and response in JSON Schema.
import { median } from './stats.mjs'

const VARIANTS = [
  { id: 'f', what: 'Zod response schema', minRps: 0.9 },
  { id: 'g', what: 'response validation on', minRps: null },
]

/**
 * `[{ what, ok, info?, detail }]` lines for the report: (f) must keep at least 0.9x the req/s of
 * (b); (g) is a cost to know, judged by nothing. Ratios are of the medians, with the per-round
 * ratios of CPU per request beside them.
 */
export function variantVerdicts(summary, measurements) {
  const out = []
  const base = summary.find((r) => r.scenario === 'b' && r.target === 'framework')
  if (base === undefined) return out
  for (const { id, what, minRps } of VARIANTS) {
    const row = summary.find((r) => r.scenario === id && r.target === 'framework')
    if (row === undefined || !base.rps || row.cpuUsPerReq === null || !base.cpuUsPerReq) continue
    const rps = row.rps / base.rps
    const cpu = row.cpuUsPerReq / base.cpuUsPerReq
    const rounds = perRound(measurements, id, 'b')
    const detail = `req/s ${rps.toFixed(2)}x, CPU/req ${cpu.toFixed(2)}x${rounds}`
    out.push(
      minRps === null
        ? { what: `(${id}) framework with ${what}, over its (b)`, ok: null, info: true, detail }
        : {
            what: `(${id}) framework with ${what}: req/s ≥ ${minRps}x its (b)`,
            ok: rps >= minRps,
            detail,
          },
    )
  }
  return out
}

/** The framework's CPU per request in `scenario` over `ref`, round by round. */
function perRound(measurements, scenario, ref) {
  const pick = (name, round) => {
    const all = measurements.filter(
      (m) => m.scenario === name && m.target === 'framework' && m.round === round,
    )
    return (all.find((m) => !m.noisy) ?? all[0])?.cpuUsPerReq
  }
  const ratios = [...new Set(measurements.map((m) => m.round))]
    .map((round) => pick(scenario, round) / pick(ref, round))
    .filter((r) => Number.isFinite(r))
  if (ratios.length === 0) return ''
  const low = Math.min(...ratios).toFixed(2)
  const high = Math.max(...ratios).toFixed(2)
  return ` (CPU/req per round: median ${median(ratios).toFixed(2)}x, ${low}x to ${high}x)`
}
