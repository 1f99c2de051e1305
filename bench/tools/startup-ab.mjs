// A/B start-up: `node bench/tools/startup-ab.mjs <runs> '<opts A>' '<opts B>' ...`, interleaved.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const [runs, ...configs] = process.argv.slice(2)
const script = fileURLToPath(new URL('./startup-exp.mjs', import.meta.url))
const results = configs.map(() => [])
for (let i = 0; i < Number(runs); i++) {
  configs.forEach((c, j) => {
    results[j].push(JSON.parse(execFileSync('node', [script, c], { encoding: 'utf8' })))
  })
}
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1]
configs.forEach((c, j) => {
  const r = results[j]
  console.log(
    `total med ${med(r.map((x) => x.total))} min ${Math.min(...r.map((x) => x.total))}  rss ${med(r.map((x) => x.rss))}  ${c}`,
  )
})
