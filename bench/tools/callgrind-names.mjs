// The functions of a callgrind file by name, JIT-compiled JavaScript included: callgrind names
// V8's generated code by address only, so a run with `BENCH_JIT_NAMES=1` (service-instructions.mjs)
// keeps node's perf map (`--perf-basic-prof`) beside the file, and this names each address by it;
// without that copy it reads the map node left in /tmp (scenario-instructions.mjs run with
// `BENCH_NODE_FLAGS=--perf-basic-prof`).
// `node bench/tools/callgrind-names.mjs <file> <requests> [self|inclusive] [top] [regexp]`
// prints instructions per request, largest first (default self, top 60); with a second file
// after `--against`, both side by side with their difference, largest difference first:
// `node bench/tools/callgrind-names.mjs a.out 4000 self 60 '' --against b.out`.
// BENCH_EVENT names another of the file's events than instructions (`Ir`), e.g. `D1mr` (first-
// level data read misses) or `I1mr` in a file of `BENCH_CACHE_SIM=1`, `Bcm` (mispredicted
// conditional branches).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const against = args.indexOf('--against')
const other = against === -1 ? undefined : args.splice(against, 2)[1]
const [file, requests = '2000', mode = 'self', top = '60', pattern = ''] = args
const filter = pattern === '' ? null : new RegExp(pattern)
const event = process.env.BENCH_EVENT ?? 'Ir'

/** Instructions per request of each function of `out`, by name. */
function byName(out) {
  const starts = []
  const spans = new Map()
  // A later line for the same address is newer code: it wins.
  for (const line of readFileSync(perfMapOf(out), 'utf8').split('\n')) {
    const [address, size, ...name] = line.split(' ')
    if (name.length === 0) continue
    const start = Number.parseInt(address, 16)
    if (!spans.has(start)) starts.push(start)
    spans.set(start, { end: start + Number.parseInt(size, 16), name: name.join(' ') })
  }
  starts.sort((a, b) => a - b)
  const jitName = (address) => {
    let low = 0
    let high = starts.length - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      if (starts[middle] <= address) low = middle + 1
      else high = middle - 1
    }
    const span = high >= 0 ? spans.get(starts[high]) : undefined
    return span !== undefined && address < span.end ? span.name : undefined
  }
  const annotated = execFileSync(
    'callgrind_annotate',
    [
      `--inclusive=${mode === 'inclusive' ? 'yes' : 'no'}`,
      '--threshold=100',
      `--show=${event}`,
      `--sort=${event}`,
      out,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  )
  const counts = new Map()
  for (const line of annotated.split('\n')) {
    const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line)
    if (!m || m[2].startsWith('PROGRAM TOTALS')) continue
    let name = m[2].replace(/^\?\?\?:/, '').replace(/ \[\/[^\]]*\]$/, '')
    const jit = /^0x([0-9a-f]+)('\d+)? \[\?\?\?\]$/.exec(name)
    if (jit) name = jitName(Number.parseInt(jit[1], 16)) ?? name
    name = name.replace(/file:\/\/\/.*?\/packages\//, '').replace(/\/.*node_modules\//, '')
    counts.set(name, (counts.get(name) ?? 0) + Number(m[1].replaceAll(',', '')) / Number(requests))
  }
  return counts
}

/** The perf map of the process `out` counted: the copy beside it, or node's own in /tmp. */
function perfMapOf(out) {
  if (existsSync(`${out}.map`)) return `${out}.map`
  const pid = /^pid: (\d+)/m.exec(readFileSync(out, 'utf8').slice(0, 4000))?.[1]
  return `/tmp/perf-${pid}.map`
}

const a = byName(file)
const b = other === undefined ? null : byName(other)
const names = [...new Set([...a.keys(), ...(b?.keys() ?? [])])].filter(
  (name) => filter === null || filter.test(name),
)
const key = (name) => (b === null ? a.get(name) : Math.abs((a.get(name) ?? 0) - (b.get(name) ?? 0)))
const format = (value) =>
  Math.round(value ?? 0)
    .toLocaleString('en')
    .padStart(9)
for (const name of names.sort((x, y) => key(y) - key(x)).slice(0, Number(top))) {
  const row =
    b === null
      ? format(a.get(name))
      : `${format(a.get(name))} ${format(b.get(name))} ${format((a.get(name) ?? 0) - (b.get(name) ?? 0))}`
  console.log(`${row}  ${name.slice(0, 160)}`)
}
