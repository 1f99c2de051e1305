// Facts about the run recorded in the JSON results: machine, versions, commit.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'

/** `{ date, node, cpus, cpuModel, versions, commit }` */
export function runMeta() {
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    node: process.versions.node,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    versions: Object.fromEntries(
      [
        'framework',
        'fastify',
        'fastify4',
        'autocannon',
        // the plugins of scenario (h), by their aliases in package.json
        ...['cors', 'helmet', 'rate-limit', 'jwt'].flatMap((name) => [`${name}4`, `${name}5`]),
      ].map((name) => [name, versionOf(name)]),
    ),
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: git(['status', '--porcelain', '--', '.']) !== '',
  }
}

function versionOf(name) {
  try {
    const url = new URL(`../node_modules/${name}/package.json`, import.meta.url)
    return JSON.parse(readFileSync(url, 'utf8')).version
  } catch {
    return null
  }
}

function git(args) {
  try {
    const cwd = new URL('../..', import.meta.url)
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return null
  }
}
