// The scale table's targets (issue 41): at every size the framework's time to ready, time to the
// first response and RSS are below Fastify 5's and Fastify 4's, and each grows at most linearly
// with the size (largest over smallest size, with LINEAR_SLACK for the machine's noise). With the
// A/A twin measured, the worse of the framework and its twin is judged.
import { CONTROL } from './targets.mjs'

/** How far above the size factor a growth factor may read and still count as linear. */
export const LINEAR_SLACK = 1.1

const JUDGED = [
  ['ms', 'time to ready'],
  ['firstMs', 'time to first response'],
  ['rss', 'RSS'],
]

/** `[{ what, ok, info?, detail }]` for the rows of `measureScale`. */
export function scaleVerdicts(rows, options) {
  const out = []
  for (const kind of options.cases) {
    const sizes = options.sizes[kind]
    const at = (target, size) =>
      rows.find((r) => r.kind === kind && r.size === size && r.target === target && r.ms !== null)
    // the worse of framework and its twin, metric by metric
    const judged = (size, metric) => {
      const values = ['framework', CONTROL]
        .map((t) => at(t, size)?.[metric])
        .filter(Number.isFinite)
      return values.length === 0 ? null : Math.max(...values)
    }
    const label = `${kind === 'routes' ? 'routes' : 'shared schemas'}`
    for (const size of sizes) {
      for (const [metric, what] of JUDGED) {
        const ours = judged(size, metric)
        const refs = ['fastify5', 'fastify4'].filter((t) => at(t, size) !== undefined)
        if (ours === null || refs.length === 0) continue
        const parts = refs.map((t) => `${(ours / at(t, size)[metric]).toFixed(2)}x ${t}`)
        const cpu =
          metric === 'ms'
            ? `; CPU at ready ${refs.map((t) => `${(judged(size, 'readyCpuMs') / at(t, size).readyCpuMs).toFixed(2)}x ${t}`).join(', ')}`
            : ''
        out.push({
          what: `scale, ${size.toLocaleString('en-US')} ${label}: ${what} below Fastify 5's and 4's`,
          ok: refs.every((t) => ours < at(t, size)[metric]),
          detail: `${parts.join(', ')}${cpu}`,
        })
      }
    }
    if (sizes.length < 2) continue
    const small = Math.min(...sizes)
    const large = Math.max(...sizes)
    const factor = large / small
    for (const [metric, what] of JUDGED) {
      const a = judged(small, metric)
      const b = judged(large, metric)
      if (a === null || b === null) continue
      const growth = b / a
      const fastify = ['fastify5', 'fastify4']
        .filter((t) => at(t, small) && at(t, large))
        .map((t) => `${t} ${(at(t, large)[metric] / at(t, small)[metric]).toFixed(2)}x`)
      out.push({
        what: `scale, ${label} ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')}: ${what} grows at most linearly (≤ ${factor.toFixed(0)}x × ${LINEAR_SLACK})`,
        ok: growth <= factor * LINEAR_SLACK,
        detail: `${growth.toFixed(2)}x${fastify.length ? ` (${fastify.join(', ')})` : ''}`,
      })
    }
  }
  return out
}
