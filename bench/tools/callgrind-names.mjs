// Names the JIT-compiled JavaScript in a callgrind count: callgrind sees V8's generated code as
// bare addresses, but a server started with `--perf-basic-prof` writes where each function's code
// lies to /tmp/perf-<pid>.map, and this reads it. Prints instructions per request by function
// (self cost), or with `--inclusive` what each function and its callees cost:
// `BENCH_NODE_FLAGS=--perf-basic-prof node bench/tools/scenario-instructions.mjs framework a`, then
// `node bench/tools/callgrind-names.mjs <callgrind.out> [requests] [top] [--inclusive]`
// (default 2000 requests, as scenario-instructions counts, and the top 60). Compare two targets
// by running it on both counts.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const inclusive = args.includes('--inclusive')
const [file, requests = '2000', top = '60'] = args.filter((arg) => arg !== '--inclusive')
const pid = /^pid: (\d+)/m.exec(readFileSync(file, 'utf8').slice(0, 4000))?.[1]
const ranges = readFileSync(`/tmp/perf-${pid}.map`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [start, size, ...name] = line.split(' ')
    return {
      start: Number.parseInt(start, 16),
      end: Number.parseInt(start, 16) + Number.parseInt(size, 16),
      name: name.join(' '),
    }
  })
  .sort((a, b) => a.start - b.start)

/** The JIT function whose code holds `address`, by binary search. */
function nameAt(address) {
  let low = 0
  let high = ranges.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (ranges[middle].start <= address) low = middle + 1
    else high = middle - 1
  }
  const range = ranges[high]
  return range !== undefined && address < range.end ? range.name : undefined
}

const annotated = execFileSync(
  'callgrind_annotate',
  [`--inclusive=${inclusive ? 'yes' : 'no'}`, '--threshold=100', file],
  { encoding: 'utf8', maxBuffer: 1 << 28 },
)
const byName = new Map()
for (const line of annotated.split('\n')) {
  const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line)
  if (!m || m[2].startsWith('PROGRAM TOTALS')) continue
  const address = /^\?\?\?:0x([0-9a-f]+)/.exec(m[2])
  const name =
    (address && nameAt(Number.parseInt(address[1], 16))) ??
    m[2]
      .replace(/^\S*?:/, '')
      .split(' [')[0]
      .slice(0, 120)
  byName.set(name, (byName.get(name) ?? 0) + Number(m[1].replaceAll(',', '')))
}
const rows = [...byName].sort((a, b) => b[1] - a[1]).slice(0, Number(top))
for (const [name, count] of rows) {
  console.log(`${String(Math.round(count / Number(requests))).padStart(9)}  ${name}`)
}
