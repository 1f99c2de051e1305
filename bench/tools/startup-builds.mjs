// Start-up A/B between two builds of the repository, in CPU time (what contention moves least):
// `node bench/tools/startup-builds.mjs <runs> <checkout A> <checkout B> [target ...]`.
// Each round starts one process per entry (`startup-phases.mjs`, 1000 routes unless SIZE is set):
// the framework of A, the framework of B, then each extra target (fastify5, fastify4,
// framework-precompiled: taken from B), the order rotating each round. Prints the medians of each
// phase, the per-run ratios of A and B to the Fastify targets and B over A. Build both first; for
// framework-precompiled, build its module in each checkout (bench/src/startup-precompile.mjs).
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'

const [runs = '5', a, b, ...extra] = process.argv.slice(2)
if (a === undefined || b === undefined) {
  console.error('usage: startup-builds.mjs <runs> <checkout A> <checkout B> [target ...]')
  process.exit(2)
}
const size = process.env.SIZE ?? '1000'
const entries = [
  ['A', resolve(a), 'framework'],
  ['B', resolve(b), 'framework'],
  ...extra.map((target) => [target, resolve(b), target]),
]
const results = new Map(entries.map(([name]) => [name, []]))
const loads = []
for (let round = 0; round < Number(runs); round++) {
  const shift = round % entries.length
  for (const [name, checkout, target] of [...entries.slice(shift), ...entries.slice(0, shift)]) {
    loads.push(loadavg()[0])
    const script = `${checkout}/bench/tools/startup-phases.mjs`
    results
      .get(name)
      .push(JSON.parse(execFileSync('node', [script, target, size], { encoding: 'utf8' })))
  }
}

const median = (values) => values.slice().sort((x, y) => x - y)[values.length >> 1]
const phase = (name, key) => median(results.get(name).map((run) => run[key]))
for (const [name] of entries) {
  const totals = results.get(name).map((run) => run.total)
  const phases = ['boot', 'load', 'add', 'ready', 'first', 'rssMB'].map(
    (key) => `${key} ${phase(name, key)}`,
  )
  console.log(
    `${name.padEnd(22)} total ${phase(name, 'total')} (${totals.join(' ')})  ${phases.join('  ')}`,
  )
}
for (const mine of ['A', 'B']) {
  for (const other of extra.filter((target) => target.startsWith('fastify'))) {
    const perRun = results
      .get(mine)
      .map((run, i) => (run.total / results.get(other)[i].total).toFixed(2))
    const ratio = phase(mine, 'total') / phase(other, 'total')
    console.log(`${mine} / ${other}: ${ratio.toFixed(3)} (per run ${perRun.join(' ')})`)
  }
}
const ratio = (key) => (phase('B', key) / phase('A', key)).toFixed(3)
console.log(`B / A: total ${ratio('total')}, ready ${ratio('ready')}`)
console.log(
  `load average during the runs: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
)
