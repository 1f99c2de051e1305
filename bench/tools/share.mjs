// Share of busy (non-idle) profile time by category: `node bench/tools/share.mjs <file.cpuprofile>...`.
// user JS = every script that is not part of Node itself; node = node:* internals; native = the rest
// (syscalls such as writev, GC, V8 builtins not attributed to a script).
import { readFileSync } from 'node:fs'

for (const file of process.argv.slice(2)) {
  const p = JSON.parse(readFileSync(file, 'utf8'))
  const dt = new Map()
  for (let i = 0; i < p.samples.length; i++)
    dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0))
  const sums = { user: 0, node: 0, native: 0, gc: 0 }
  for (const n of p.nodes) {
    const t = dt.get(n.id) ?? 0
    const { url, functionName } = n.callFrame
    if (functionName === '(idle)') continue
    if (functionName === '(garbage collector)') sums.gc += t
    else if (url.startsWith('node:')) sums.node += t
    else if (url === '') sums.native += t
    else sums.user += t
  }
  const busy = sums.user + sums.node + sums.native + sums.gc
  console.log(
    Object.entries(sums)
      .map(([k, v]) => `${k} ${((100 * v) / busy).toFixed(1)}%`)
      .join('  '),
    file.split('/').pop(),
  )
}
