// `pnpm release:weight`: what installing `framework` costs a user, beside Fastify 4. Installs
// the packed `framework` (with the sibling tarballs it needs, as the registry would serve them)
// and `fastify@4` into two empty folders with npm, then counts packages and bytes on disk.
// Needs the registry (or npm's cache) for third-party packages; run after a build.
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { packAll, workspacePackages } from './workspace.mjs'

const run = promisify(execFile)

/** Every installed package (a folder with a package.json under node_modules, nested ones too). */
async function measure(dir) {
  let bytes = 0
  const packages = new Map()
  async function walk(path, inNodeModules) {
    for (const entry of await readdir(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) {
        if (inNodeModules && entry.name !== '.bin' && !entry.name.startsWith('@')) {
          try {
            await stat(join(full, 'package.json'))
            const name = full.slice(full.lastIndexOf('node_modules/') + 13)
            packages.set(full, name)
          } catch {}
        }
        await walk(
          full,
          entry.name === 'node_modules' || (inNodeModules && entry.name.startsWith('@')),
        )
      } else if (entry.isFile()) bytes += (await stat(full)).size
    }
  }
  await walk(join(dir, 'node_modules'), true)
  return { bytes, packages: [...packages.values()].sort() }
}

async function install(dir, specs) {
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'package.json'), '{"name":"weight","private":true}\n')
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...specs],
    {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return measure(dir)
}

const work = await mkdtemp(join(tmpdir(), 'framework-weight-'))
try {
  const workspace = await workspacePackages()
  const packed = await packAll(join(work, 'tarballs'), workspace)
  const byName = new Map(packed.map((entry) => [entry.name, entry]))
  // `framework` and the siblings it depends on, transitively.
  const needed = new Set()
  const visit = (name) => {
    if (needed.has(name) || !byName.has(name)) return
    needed.add(name)
    const { manifest } = workspace.find(({ manifest }) => manifest.name === name)
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency)
  }
  visit(process.argv[2] ?? 'framework')
  const ours = await install(
    join(work, 'framework'),
    [...needed].map((name) => byName.get(name).tarball),
  )
  const fastify = await install(join(work, 'fastify4'), ['fastify@4'])
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`
  console.log(
    `${process.argv[2] ?? 'framework'}: ${mb(ours.bytes)} in ${ours.packages.length} packages`,
  )
  console.log(`fastify@4: ${mb(fastify.bytes)} in ${fastify.packages.length} packages`)
  if (process.argv.includes('--list')) {
    const theirs = new Set(fastify.packages)
    console.log(
      `only in framework: ${ours.packages.filter((name) => !theirs.has(name)).join(', ')}`,
    )
  }
} finally {
  await rm(work, { recursive: true, force: true })
}
