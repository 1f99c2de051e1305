// Machine-wide CPU time from /proc/stat (Linux), to tell whether anything besides the server
// and the load generator used the CPU during a measurement. Elsewhere it reports null.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const TICK_US = 1e6 / clockTicks()

/** Busy CPU time of all cores since boot in µs (user+nice+system+irq+softirq+steal), or null. */
export function machineBusyUs() {
  let text
  try {
    text = readFileSync('/proc/stat', 'latin1')
  } catch {
    return null
  }
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
  const f = text.slice(0, text.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number)
  const busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7]
  return busy * TICK_US
}

function clockTicks() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
}
