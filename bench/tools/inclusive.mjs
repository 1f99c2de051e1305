// Inclusive time of functions by name in a .cpuprofile: `node inclusive.mjs <file> name1 name2 ...`.
import { readFileSync } from 'node:fs'

const [file, ...names] = process.argv.slice(2)
const p = JSON.parse(readFileSync(file, 'utf8'))
const dt = new Map()
for (let i = 0; i < p.samples.length; i++)
  dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0))
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const memo = new Map()
const incl = (n) => {
  if (memo.has(n.id)) return memo.get(n.id)
  let t = dt.get(n.id) ?? 0
  for (const c of n.children ?? []) t += incl(byId.get(c))
  memo.set(n.id, t)
  return t
}
let total = 0
for (const n of p.nodes) total += dt.get(n.id) ?? 0
for (const name of names) {
  // count only outermost occurrences
  let t = 0
  const walk = (n, inside) => {
    const hit = n.callFrame.functionName === name
    if (hit && !inside) t += incl(n)
    for (const c of n.children ?? []) walk(byId.get(c), inside || hit)
  }
  walk(p.nodes[0], false)
  console.log(`${name}: ${(t / 1000).toFixed(0)} ms (${((100 * t) / total).toFixed(1)}%)`)
}
