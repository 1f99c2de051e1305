// Markdown tables of the results.
import { scenarios } from './scenarios.mjs'

/** The whole markdown report. */
export function renderMarkdown({
  summary,
  startup,
  verdicts,
  skipped,
  skippedScenarios = {},
  meta,
  options,
}) {
  const parts = [
    `## Benchmark (${meta.date}, node ${meta.node}, ${meta.cpus} CPUs, ` +
      `${options.rounds} rounds × ${options.duration} s, ${options.connections} connections, ` +
      `pipelining ${options.pipelining}` +
      (options.cores
        ? `, servers on core ${options.cores.server}, load generator on ${options.cores.loadgen}`
        : '') +
      ')',
    '',
    runtimeTable(summary),
  ]
  if (summary.some((r) => r.noisy > 0)) {
    parts.push(
      '',
      `noisy k/n: in k of n measurements, processes other than the server and the load generator used ` +
        `more than ${options.noiseThreshold} of a core during the timed window; medians use the ` +
        'quiet ones only (all when none was quiet). See bench/README.md.',
    )
  }
  if (startup) parts.push('', startupTable(startup))
  if (verdicts.length > 0) {
    parts.push('', '### Targets (framework)', '')
    for (const v of verdicts) {
      const mark = v.info ? 'info' : v.ok === null ? '–' : v.ok ? 'PASS' : 'FAIL'
      parts.push(`- ${mark} ${v.what}: ${v.detail}`)
    }
  }
  const skips = Object.entries(skipped)
  if (skips.length > 0) {
    parts.push('', '### Skipped targets', '')
    for (const [target, reason] of skips)
      parts.push(`- **${target}**: ${reason.replace(/\n\s*/g, ' / ')}`)
  }
  const skippedOne = Object.entries(skippedScenarios).flatMap(([target, byId]) =>
    Object.entries(byId).map(([id, reason]) => [target, id, reason]),
  )
  if (skippedOne.length > 0) {
    parts.push('', '### Scenarios not measured for a target', '')
    for (const [target, id, reason] of skippedOne) {
      parts.push(
        `- **${target}**, (${id}) ${scenarios[id].title}: ${reason.replace(/\n\s*/g, ' / ')}`,
      )
    }
  }
  return `${parts.join('\n')}\n`
}

function runtimeTable(summary) {
  const lines = [
    '| scenario | target | req/s | p99 ms | CPU µs/req | CPU vs fastify4 | CPU vs fastify5 | CPU vs node-http | CPU vs node-tuned | notes |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|---|',
  ]
  // the hand-tuned floor of issue 41, by scenario (its ratio is not in the summary's `vs`)
  const tuned = new Map(
    summary.filter((r) => r.target === 'node-tuned').map((r) => [r.scenario, r.cpuUsPerReq]),
  )
  const vsTuned = (r) => {
    const base = tuned.get(r.scenario)
    return base && r.cpuUsPerReq !== null ? r.cpuUsPerReq / base : null
  }
  for (const r of summary) {
    const notes = []
    if (r.noisy > 0) notes.push(`noisy ${r.noisy}/${r.measured}`)
    notes.push(...r.problems)
    lines.push(
      `| ${r.scenario} ${scenarios[r.scenario].title} | ${r.target} | ${int(r.rps)} | ${num(r.p99)} | ` +
        `${num(r.cpuUsPerReq)} | ${ratio(r.vs.fastify4)} | ${ratio(r.vs.fastify5)} | ` +
        `${ratio(r.vs['node-http'])} | ${ratio(vsTuned(r))} | ${notes.join('; ')} |`,
    )
  }
  return lines.join('\n')
}

function startupTable(startup) {
  const lines = [
    '| start-up | routes | start → ready ms | start → first response ms | RSS MB | time vs fastify4 | time vs fastify5 | first response vs fastify4 | first response vs fastify5 | RSS vs fastify4 | RSS vs fastify5 |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ]
  for (const s of startup) {
    const ref = (t) => startup.find((x) => x.target === t && x.routes === s.routes)
    const rel = (key, t) => (s[key] !== null && ref(t)?.[key] ? s[key] / ref(t)[key] : null)
    const label =
      s.target === 'node-http'
        ? 'node-http (baseline: no schemas)'
        : s.target === 'framework-precompiled'
          ? 'framework-precompiled (module built ahead)'
          : s.target
    const cells =
      s.ms === null
        ? `${s.error ? 'failed' : '–'} | – | – | – | – | – | – | – | –`
        : `${int(s.ms)} | ${int(s.firstMs ?? null)} | ${num(s.rss / 1048576)} | ${ratio(rel('ms', 'fastify4'))} | ` +
          `${ratio(rel('ms', 'fastify5'))} | ${ratio(rel('firstMs', 'fastify4'))} | ${ratio(rel('firstMs', 'fastify5'))} | ` +
          `${ratio(rel('rss', 'fastify4'))} | ${ratio(rel('rss', 'fastify5'))}`
    const noisy = s.noisyRuns > 0 ? ` (noisy ${s.noisyRuns}/${s.runs})` : ''
    lines.push(`| ${label}${noisy} | ${s.routes} | ${cells} |`)
  }
  const errors = [...new Set(startup.filter((s) => s.error).map((s) => `- ${s.error}`))]
  return [...lines, ...(errors.length ? ['', ...errors] : [])].join('\n')
}

function int(n) {
  return n === null ? '–' : Math.round(n).toLocaleString('en-US')
}

function num(n) {
  if (n === null) return '–'
  return n >= 100 ? n.toFixed(0) : n.toFixed(1)
}

function ratio(n) {
  return n === null ? '–' : `${n.toFixed(2)}x`
}
