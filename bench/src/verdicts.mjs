// The report's PASS/FAIL lines: issue 41's targets (bench/README.md, "Targets (issue 41)"), each
// judged on the WORSE of `framework` and its A/A twin `framework-control` when the twin was
// measured (a difference smaller than the twin's stray is not shown).
// - (h), the service app: CPU/req ≤ 0.90x Fastify 5 on `--plugin-line 5`, ≤ 0.80x Fastify 4 on
//   `--plugin-line 4` (the plugin line the framework ran decides which Fastify it is judged against);
// - every scenario: CPU/req ≤ 1.05x `node-tuned`'s, the hand-tuned node:http target (when measured);
// - start-up with 1000 routes ≤ 0.45x Fastify 5's and Fastify 4's; precompiled ≤ 0.20x of both;
// - the scale table (with `--scale`): see scale-verdicts.mjs.
// `info` lines judge nothing: what the twin reads against the framework, and the figures of (f)
// and (g) (variant-verdicts.mjs).
import { scaleVerdicts } from './scale-verdicts.mjs'
import { PRECOMPILED } from './startup-precompiled-target.mjs'
import { pairedRatios } from './summarize.mjs'
import { CONTROL } from './targets.mjs'
import { variantVerdicts } from './variant-verdicts.mjs'

/** The hand-tuned node:http target every scenario is judged against, when it was measured. */
export const TUNED = 'node-tuned'

/** Issue 41's limits. */
export const LIMITS = {
  service: { 5: ['fastify5', 0.9], 4: ['fastify4', 0.8] },
  tuned: 1.05,
  startup: 0.45,
  precompiled: 0.2,
}

/**
 * `[{ what, ok, info?, detail }]`: `ok` null when a reference is missing. `summary` and
 * `measurements` from the runtime rounds, `startup` from measureStartup (null when skipped),
 * `scale` `{ rows, options }` from measureScale (or null), `pluginLine` '4' or '5'.
 */
export function verdicts({
  summary,
  startup = null,
  scale = null,
  measurements = [],
  skippedScenarios = {},
  pluginLine = '4',
}) {
  const out = []
  for (const [id, reason] of Object.entries(skippedScenarios.framework ?? {})) {
    const [why, first] = reason.split('\n')
    out.push({
      what: `(${id}) measured for the framework`,
      ok: false,
      detail:
        `not measured: ${why.replace(/:$/, '')}` +
        (first === undefined ? '' : `; first problem: ${first}`) +
        ' (all of them below)',
    })
  }
  for (const row of summary.filter((r) => r.target === 'framework')) {
    const at = (t) => summary.find((r) => r.scenario === row.scenario && r.target === t)
    const control = at(CONTROL)
    // the worse (higher) CPU per request of the pair
    const judged = Math.max(row.cpuUsPerReq, control?.cpuUsPerReq ?? Number.NEGATIVE_INFINITY)
    const pair = (ref) => {
      const base = at(ref)?.cpuUsPerReq
      if (!base) return null
      const paired = pairedRatios(measurements, row.scenario, 'framework', ref)
      const twin = control?.cpuUsPerReq ? `, twin ${(control.cpuUsPerReq / base).toFixed(2)}x` : ''
      return {
        ratio: judged / base,
        detail: `framework ${(row.cpuUsPerReq / base).toFixed(2)}x${twin}${perRound(paired)}`,
      }
    }
    if (row.scenario === 'h') {
      const [ref, limit] = LIMITS.service[pluginLine]
      const r = pair(ref)
      out.push({
        what: `(h) plugin line ${pluginLine}: CPU/req ≤ ${limit.toFixed(2)}x ${ref} (worse of the pair)`,
        ok: r === null ? null : r.ratio <= limit,
        detail: r === null ? `${ref} not measured` : `${r.ratio.toFixed(2)}x (${r.detail})`,
      })
    }
    if (at(TUNED) !== undefined) {
      const r = pair(TUNED)
      out.push({
        what: `(${row.scenario}) CPU/req ≤ ${LIMITS.tuned.toFixed(2)}x ${TUNED} (worse of the pair)`,
        ok: r === null ? null : r.ratio <= LIMITS.tuned,
        detail: r === null ? `${TUNED} has no CPU figure` : `${r.ratio.toFixed(2)}x (${r.detail})`,
      })
    }
    if (control?.cpuUsPerReq && row.cpuUsPerReq) {
      const paired = pairedRatios(measurements, row.scenario, CONTROL, 'framework')
      out.push({
        what: `(${row.scenario}) A/A control: CPU/req of ${CONTROL} over framework (same code; 1.00x on a quiet machine)`,
        ok: null,
        info: true,
        detail: `${(control.cpuUsPerReq / row.cpuUsPerReq).toFixed(2)}x${perRound(paired, 'twin')}`,
      })
    }
  }
  out.push(...variantVerdicts(summary, measurements))
  out.push(...startupVerdicts(startup))
  if (scale !== null) out.push(...scaleVerdicts(scale.rows, scale.options))
  return out
}

/** Start-up with 1000 routes, compiling (worse of the pair) and precompiled, over each Fastify. */
function startupVerdicts(startup) {
  if (!startup) return []
  const at = (target) =>
    startup.find((s) => s.target === target && s.routes === 1000 && s.ms !== null)
  const out = []
  const fw = at('framework')
  const twin = at(CONTROL)
  const judged = [fw, twin].filter(Boolean)
  const rows = [
    ['start-up', judged, LIMITS.startup],
    ['precompiled start-up', [at(PRECOMPILED)].filter(Boolean), LIMITS.precompiled],
  ]
  for (const [what, ours, limit] of rows) {
    if (ours.length === 0) continue
    const ms = Math.max(...ours.map((s) => s.ms))
    for (const ref of ['fastify5', 'fastify4']) {
      const base = at(ref)
      if (base === undefined) continue
      const each = ours.map((s) => `${s.target} ${(s.ms / base.ms).toFixed(2)}x`).join(', ')
      out.push({
        what: `${what}, 1000 routes: time to ready ≤ ${limit.toFixed(2)}x ${ref}'s`,
        ok: ms / base.ms <= limit,
        detail: `${(ms / base.ms).toFixed(2)}x${ours.length > 1 ? ` (${each})` : ''}; RSS ${(Math.max(...ours.map((s) => s.rss)) / base.rss).toFixed(2)}x`,
      })
    }
  }
  return out
}

function perRound(paired, who = 'framework') {
  return paired === null
    ? ''
    : `; ${who} per round: median ${paired.median.toFixed(2)}x, ${paired.min.toFixed(2)}x to ${paired.max.toFixed(2)}x`
}
