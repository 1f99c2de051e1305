// The scale table (issue 41): how start-up grows with the size of the app. A fresh process per
// measurement (startup.mjs), interleaved: run → case → size → target, the target order rotating
// each run. Two cases:
// - routes: 1,000 and 10,000 POST routes, each with its own params, body and 201 schemas that
//   $ref four shared schemas (the start-up measurement's app, startup-routes.mjs);
// - shared: 500 and 5,000 shared schemas added with addSchema, and a fifth as many routes that
//   $ref five of them each (scale-routes.mjs).
// For each (target, case, size): start → ready and start → first response (ms since the process's
// time origin, module loading included), the CPU time at ready, the RSS after the first response,
// as medians with their spread (min to max). Then the framework's ratios to each Fastify, its
// growth factors (largest size over smallest), and the verdicts (scale-verdicts.mjs).
//
// `node bench/src/scale.mjs [--runs 3] [--only framework,fastify5,fastify4] [--control]
//   [--cases routes,shared] [--route-sizes 1000,10000] [--shared-sizes 500,5000]
//   [--once-over 60] [--timeout 300] [--json bench/results/scale.json]`
// A target whose first process at a size takes longer than --once-over seconds of wall time is
// not run again at that size: Fastify needs minutes for 5,000 shared schemas, and one reading
// settles that it is above the framework.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { runMeta } from './meta.mjs'
import { scaleVerdicts } from './scale-verdicts.mjs'
import { startOnce } from './startup-runner.mjs'
import { median } from './stats.mjs'
import { CONTROL } from './targets.mjs'

const DEFAULT_JSON = fileURLToPath(new URL('../results/scale.json', import.meta.url))
const log = (line) => process.stderr.write(`${line}\n`)

/** The cases and what their size counts. */
export const CASES = {
  routes: { what: 'routes (each $ref-ing 4 shared schemas)', unit: 'route' },
  shared: { what: 'shared schemas (and a fifth as many routes)', unit: 'shared schema' },
}

/** `{ runs, only, control, cases, sizes: { routes, shared }, onceOverMs, timeoutMs, json }` */
export function parseScaleOptions(argv) {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: {
      runs: { type: 'string', default: '3' },
      only: { type: 'string', default: 'framework,fastify5,fastify4' },
      control: { type: 'boolean', default: false },
      cases: { type: 'string', default: 'routes,shared' },
      'route-sizes': { type: 'string', default: '1000,10000' },
      'shared-sizes': { type: 'string', default: '500,5000' },
      'once-over': { type: 'string', default: '60' },
      timeout: { type: 'string', default: '300' },
      json: { type: 'string', default: DEFAULT_JSON },
      help: { type: 'boolean', default: false },
    },
  })
  const list = (s) => s.split(',').filter(Boolean)
  const sizes = (s) => list(s).map(Number)
  const cases = list(values.cases)
  for (const c of cases) if (!(c in CASES)) throw new Error(`--cases: unknown case '${c}'`)
  return {
    help: values.help,
    runs: Number(values.runs),
    only: list(values.only),
    control: values.control,
    cases,
    sizes: { routes: sizes(values['route-sizes']), shared: sizes(values['shared-sizes']) },
    onceOverMs: Number(values['once-over']) * 1000,
    timeoutMs: Number(values.timeout) * 1000,
    json: resolve(values.json),
  }
}

/**
 * Measures every (case, size, target) `options.runs` times, interleaved; resolves the rows
 * `[{ target, kind, size, runs, ms, firstMs, readyCpuMs, rss, maxRss, spread, noisyRuns, error? }]`
 * (`spread`: `{ ms: [min, max], ... }` over the runs).
 */
export async function measureScale(options, report = log) {
  const targets = options.control ? [...options.only, CONTROL] : options.only
  const samples = new Map()
  const failed = new Map()
  const once = new Set()
  for (let run = 1; run <= options.runs; run++) {
    const order = targets.map((_, i) => targets[(i + run - 1) % targets.length])
    for (const kind of options.cases) {
      for (const size of options.sizes[kind]) {
        for (const target of order) {
          const key = `${target}:${kind}:${size}`
          if (failed.has(key) || once.has(key)) continue
          const t0 = performance.now()
          const r = await startOnce(target, size, kind, options.timeoutMs)
          const wall = performance.now() - t0
          const where = `scale ${kind} ${size} ${target} run ${run}/${options.runs}`
          if (r.error) {
            failed.set(key, r.error)
            report(`${where}: FAILED ${r.error}`)
            continue
          }
          if (wall > options.onceOverMs) once.add(key)
          r.noisy = r.otherCores !== null && r.otherCores > 0.1
          if (!samples.has(key)) samples.set(key, [])
          samples.get(key).push(r)
          report(
            `${where}: ready ${r.ms.toFixed(0)} ms (CPU ${r.readyCpuMs.toFixed(0)} ms), first ` +
              `${r.firstMs.toFixed(0)} ms, RSS ${mb(r.rss)} MB` +
              (r.otherCores === null ? '' : `, others used ${r.otherCores.toFixed(2)} cores`) +
              (once.has(key) ? ' (slow: not run again at this size)' : ''),
          )
        }
      }
    }
  }
  const rows = []
  for (const kind of options.cases) {
    for (const size of options.sizes[kind]) {
      for (const target of targets) {
        const key = `${target}:${kind}:${size}`
        const all = samples.get(key) ?? []
        const row = { target, kind, size, runs: all.length, noisyRuns: 0, spread: {} }
        for (const metric of ['ms', 'firstMs', 'readyCpuMs', 'rss', 'maxRss']) {
          const values = all.map((s) => s[metric])
          row[metric] = median(values)
          row.spread[metric] = values.length ? [Math.min(...values), Math.max(...values)] : null
        }
        row.noisyRuns = all.filter((s) => s.noisy).length
        row.otherCores = median(all.map((s) => s.otherCores))
        if (failed.has(key)) row.error = failed.get(key)
        rows.push(row)
      }
    }
  }
  return rows
}

const METRICS = [
  ['ms', 'ready ms', (v) => int(v)],
  ['readyCpuMs', 'CPU at ready ms', (v) => int(v)],
  ['firstMs', 'first response ms', (v) => int(v)],
  ['rss', 'RSS MB', (v) => mb(v)],
]

/** The markdown of the scale table, its growth factors and verdicts. */
export function renderScale(rows, verdicts, options) {
  const out = []
  for (const kind of options.cases) {
    out.push(`### Scale: ${CASES[kind].what}`, '')
    out.push(
      '| size | target | runs | ready ms (spread) | CPU at ready ms (spread) | first response ms | RSS MB (spread) | ready vs fastify5 | ready vs fastify4 | CPU vs fastify5 | CPU vs fastify4 | RSS vs fastify5 | RSS vs fastify4 |',
      '|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    )
    for (const size of options.sizes[kind]) {
      const at = (t) => rows.find((r) => r.kind === kind && r.size === size && r.target === t)
      for (const row of rows.filter((r) => r.kind === kind && r.size === size)) {
        if (row.ms === null) {
          out.push(
            `| ${int(size)} | ${row.target} | ${row.runs} | ${row.error ? `failed: ${row.error}` : '–'} | | | | | | | | | |`,
          )
          continue
        }
        const rel = (metric, ref) => {
          const base = at(ref)?.[metric]
          return base ? ratio(row[metric] / base) : '–'
        }
        const spread = (metric, fmt) =>
          row.runs > 1 ? ` (${fmt(row.spread[metric][0])}-${fmt(row.spread[metric][1])})` : ''
        out.push(
          `| ${int(size)} | ${row.target} | ${row.runs}${row.noisyRuns ? ` (${row.noisyRuns} noisy)` : ''} | ` +
            `${int(row.ms)}${spread('ms', int)} | ${int(row.readyCpuMs)}${spread('readyCpuMs', int)} | ` +
            `${int(row.firstMs)} | ${mb(row.rss)}${spread('rss', mb)} | ` +
            `${rel('ms', 'fastify5')} | ${rel('ms', 'fastify4')} | ${rel('readyCpuMs', 'fastify5')} | ` +
            `${rel('readyCpuMs', 'fastify4')} | ${rel('rss', 'fastify5')} | ${rel('rss', 'fastify4')} |`,
        )
      }
    }
    out.push('', ...growthTable(rows, kind, options.sizes[kind]), '')
  }
  if (verdicts.length > 0) {
    out.push('### Targets (scale)', '')
    for (const v of verdicts) {
      const mark = v.info ? 'info' : v.ok === null ? '–' : v.ok ? 'PASS' : 'FAIL'
      out.push(`- ${mark} ${v.what}: ${v.detail}`)
    }
  }
  return `${out.join('\n')}\n`
}

/** Growth factors, largest size over smallest, per target and metric. */
function growthTable(rows, kind, sizes) {
  if (sizes.length < 2) return []
  const small = Math.min(...sizes)
  const large = Math.max(...sizes)
  const lines = [
    `Growth from ${int(small)} to ${int(large)} (${(large / small).toFixed(0)}x the size; linear is at most that):`,
    '',
    `| target | ${METRICS.map(([, label]) => label).join(' | ')} |`,
    `|---|${METRICS.map(() => '--:').join('|')}|`,
  ]
  const targets = [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.target))]
  for (const target of targets) {
    const at = (size) => rows.find((r) => r.kind === kind && r.size === size && r.target === target)
    const cells = METRICS.map(([metric]) => {
      const a = at(small)?.[metric]
      const b = at(large)?.[metric]
      return a && b ? ratio(b / a) : '–'
    })
    lines.push(`| ${target} | ${cells.join(' | ')} |`)
  }
  return lines
}

function int(n) {
  return n === null || n === undefined ? '–' : Math.round(n).toLocaleString('en-US')
}

function mb(bytes) {
  return bytes === null || bytes === undefined ? '–' : (bytes / 1048576).toFixed(0)
}

function ratio(n) {
  return Number.isFinite(n) ? `${n.toFixed(2)}x` : '–'
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = parseScaleOptions(process.argv.slice(2))
  if (options.help) {
    process.stdout.write(
      'Usage: node bench/src/scale.mjs [--runs 3] [--only framework,fastify5,fastify4] [--control]\n' +
        '  [--cases routes,shared] [--route-sizes 1000,10000] [--shared-sizes 500,5000]\n' +
        '  [--once-over 60] [--timeout 300] [--json bench/results/scale.json]\n',
    )
    process.exit(0)
  }
  const rows = await measureScale(options)
  const verdicts = scaleVerdicts(rows, options)
  mkdirSync(dirname(options.json), { recursive: true })
  writeFileSync(
    options.json,
    `${JSON.stringify({ meta: runMeta(), options, rows, verdicts }, null, 2)}\n`,
  )
  process.stdout.write(renderScale(rows, verdicts, options))
  log(`\nJSON results: ${options.json}`)
}
