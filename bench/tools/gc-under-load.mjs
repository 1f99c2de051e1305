// What V8 does under autocannon's load beyond running the code, for targets taking turns (one
// fresh server process each, default framework and node-tuned): over `requests` after `warm-up`,
// the scavenges and mark-compacts of `--trace-gc` with their pauses per request and the heap
// each full GC started from, and the functions optimized and deoptimized (`--trace-opt`,
// `--trace-deopt`; the first few printed). It tells a wall-clock gap that the instruction counts
// do not show apart from GC or recompilation under that load:
// `node bench/tools/gc-under-load.mjs <scenario> [requests] [warm-up] [rounds] [target ...]`

import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { scenarioRequest } from '../src/measure.mjs'

const [id = 'c', n = '60000', warm = '30000', rounds = '2', ...named] = process.argv.slice(2)
const targets = named.length > 0 ? named : ['framework', 'node-tuned']

async function once(target) {
  const child = fork(fileURLToPath(new URL('./profile-server.mjs', import.meta.url)), [target], {
    execArgv: ['--trace-gc', '--trace-deopt', '--trace-opt'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  let out = ''
  child.stdout.on('data', (d) => {
    out += d
  })
  const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)))
  const load = (amount) => autocannon({ ...scenarioRequest(port, id), amount, connections: 50 })
  await load(Number(warm))
  const from = out.length
  await load(Number(n))
  const window = out.slice(from)
  child.kill()
  const lines = window.split('\n')
  const pick = (re) => lines.filter((l) => re.test(l))
  const ms = (ls) => ls.reduce((s, l) => s + Number(/, ([\d.]+) \/ [\d.]+ ms/.exec(l)?.[1] ?? 0), 0)
  const scav = pick(/Scavenge/)
  const mc = pick(/Mark-Compact/)
  const opt = pick(/\[completed (optimizing|compiling)/)
  const deopt = pick(/\[bailout|deoptimiz/i)
  const heap = mc.map((l) => /Mark-Compact(?: \(reduce\))? ([\d.]+) \(/.exec(l)?.[1]).join(' ')
  const per = (x) => ((x * 1000) / Number(n)).toFixed(2)
  console.log(
    `${target.padEnd(18)} scavenges ${scav.length} (${per(ms(scav))} µs/req), mark-compacts ${mc.length} (${per(ms(mc))} µs/req; heap MB ${heap}), opt ${opt.length}, deopt ${deopt.length}`,
  )
  for (const l of deopt.slice(0, 6)) console.log('   ', l.slice(0, 200))
  for (const l of opt.slice(0, 6)) console.log('   ', l.slice(0, 200))
}

for (let r = 0; r < Number(rounds); r++) {
  for (const t of r % 2 ? [...targets].reverse() : targets) await once(t)
}
