// Prints the self time of a .cpuprofile per function (top N) and per file:
// `node bench/tools/summarize-profile.mjs <file.cpuprofile> [N]`.
import { readFileSync } from 'node:fs'

const [file, n = '45'] = process.argv.slice(2)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const dt = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
}
let total = 0
const self = new Map()
const byFile = new Map()
for (const node of profile.nodes) {
  const t = dt.get(node.id) ?? 0
  total += t
  const { functionName, url, lineNumber } = node.callFrame
  const short = url
    .replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^file:\/\/\/work\/main\//, '')
  const key = `${functionName || '(anon)'} ${short}:${lineNumber + 1}`
  self.set(key, (self.get(key) ?? 0) + t)
  const fileKey = short || '(native)'
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + t)
}
console.log(`total ${(total / 1000).toFixed(0)} ms`)
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
  console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
console.log('--- by file')
for (const [k, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
