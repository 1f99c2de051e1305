// Core pinning of the load measurements (`--pin`). On a machine with few cores the scheduler
// moves the server and the load generator between cores as it likes, and two processes running
// the same code (the framework and its A/A twin) have read a steady 15 % apart for it. Pinned,
// the server under load has a core of its own, the load generator (this process, all its
// threads) the others, whichever target is measured.
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/**
 * The cores for `mode` ('auto' or 'off'): `{ server, loadgen }` as taskset lists (the last core
 * for the servers, the rest for this process), or null when not pinning: 'off', one core, or no
 * `taskset` (util-linux) on the machine.
 */
export function pinning(mode) {
  if (mode === 'off') return null
  const cores = availableParallelism()
  if (cores < 2 || !hasTaskset()) return null
  return { server: String(cores - 1), loadgen: cores === 2 ? '0' : `0-${cores - 2}` }
}

/** Pins every thread of this process to `cores` (a taskset list). */
export function pinSelf(cores) {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cores, String(process.pid)], {
    stdio: 'ignore',
  })
}

/**
 * The `fork()` options that start a child on `cores` from its first instruction (so the threads
 * node starts with inherit it): taskset runs node, which keeps the IPC channel it was given.
 */
export function forkedOn(cores) {
  return cores === undefined
    ? { execArgv: [] }
    : { execPath: 'taskset', execArgv: ['--cpu-list', cores, process.execPath] }
}

function hasTaskset() {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
