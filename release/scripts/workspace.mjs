// The workspace's publishable packages, and packing them as `pnpm publish` would.
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Every package under packages/ (each with its directory and manifest), private ones included:
 * the checks refuse to publish those, and refuse a dependency on them.
 */
export async function workspacePackages() {
  const dirs = await readdir(join(root, 'packages'))
  const packages = []
  for (const dir of dirs.sort()) {
    const manifest = JSON.parse(await readFile(join(root, 'packages', dir, 'package.json'), 'utf8'))
    packages.push({ dir: `packages/${dir}`, manifest })
  }
  return packages
}

/** How to run the pinned pnpm: the one running this script, else through npx. */
function pnpmCommand() {
  const execPath = process.env.npm_execpath ?? ''
  if (/pnpm/.test(execPath) && execPath.endsWith('js')) return [process.execPath, [execPath]]
  return ['npx', ['--yes', 'pnpm@10.34.9']]
}

/**
 * Packs every public package into `destination` with `pnpm pack` (which replaces `workspace:`
 * ranges and runs the `beforePacking` hook of .pnpmfile.cjs, exactly as `pnpm publish` does).
 * Needs a build first. Returns `{ name, version, dir, tarball }` for each.
 */
export async function packAll(destination, packages) {
  const [command, prefix] = pnpmCommand()
  const publishable = packages.filter(({ manifest }) => manifest.private !== true)
  const filters = publishable.flatMap(({ dir }) => ['--filter', `./${dir}`])
  const { stdout } = await run(
    command,
    [...prefix, '-r', ...filters, 'pack', '--json', '--pack-destination', destination],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  )
  const results = JSON.parse(stdout.slice(stdout.indexOf('[')))
  return results
    .map(({ name, version, filename }) => ({
      name,
      version,
      dir: publishable.find(({ manifest }) => manifest.name === name).dir,
      tarball: filename,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
