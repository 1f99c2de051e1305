// What every tarball must be before it is published. Reads the tarballs only: no network, no
// registry, no credentials. Returns a list of problems (empty: good to publish).
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import semver from 'semver'
import { root } from './workspace.mjs'

const run = promisify(execFile)

/** The file list and package.json of a tarball. */
export async function readTarball(tarball) {
  const { stdout: list } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 })
  const files = list
    .split('\n')
    .filter((path) => path !== '' && !path.endsWith('/'))
    .map((path) => path.replace(/^package\//, ''))
  const { stdout: manifest } = await run('tar', ['-xOzf', tarball, 'package/package.json'])
  return { files, manifest: JSON.parse(manifest) }
}

/** Every file path named by `main`, `module`, `types`, `bin` and `exports` (conditions flattened). */
function entryPoints(manifest) {
  const paths = []
  const visit = (value) => {
    if (typeof value === 'string') paths.push(value)
    else if (value && typeof value === 'object')
      for (const entry of Object.values(value)) visit(entry)
  }
  for (const field of ['main', 'module', 'types', 'typings', 'bin', 'exports'])
    visit(manifest[field])
  return paths
    .filter((path) => path.startsWith('./') || !path.includes(':'))
    .map((path) => path.replace(/^\.\//, ''))
}

/** Names of files a tarball must never carry. */
const forbidden = [
  /^src\//,
  /^test\//,
  /\.test(-d)?\.[cm]?[jt]s$/,
  /^reports\//,
  /^node_modules\//,
  /(^|\/)\.env/,
  /(^|\/)\.npmrc$/,
  /^tsconfig.*\.json$/,
  /^tsup\.config\./,
  /^vitest\.config\./,
]

/** Dependency specifiers only the workspace understands. */
const localProtocol = /^(workspace|catalog|link|file|portal):/

/** Install-time scripts run code on every user's machine: none of ours has a reason to. */
const installScripts = ['preinstall', 'install', 'postinstall', 'prepare']

/**
 * The problems of a set of packed packages: `packed` is what packAll returned, `workspace` what
 * workspacePackages returned.
 */
export async function checkTarballs(packed, workspace) {
  const problems = []
  const license = await readFile(join(root, 'LICENSE'), 'utf8')
  const versions = new Map(packed.map(({ name, version }) => [name, version]))
  const privateNames = new Set(
    workspace
      .filter(({ manifest }) => manifest.private === true)
      .map(({ manifest }) => manifest.name),
  )
  for (const { name, dir, tarball } of packed) {
    const problem = (text) => problems.push(`${name}: ${text}`)
    const { files, manifest } = await readTarball(tarball)
    const text = JSON.stringify(manifest)

    if (manifest.private === true) problem('is private')
    if (manifest.license !== 'MIT') problem(`license is ${manifest.license}`)
    if (!files.includes('LICENSE')) problem('no LICENSE in the tarball')
    else {
      const { stdout } = await run('tar', ['-xOzf', tarball, 'package/LICENSE'])
      if (stdout !== license) problem('LICENSE differs from the root LICENSE')
    }
    if (!files.includes('README.md')) problem('no README.md in the tarball')
    for (const file of files) {
      if (forbidden.some((pattern) => pattern.test(file))) problem(`ships ${file}`)
    }
    for (const path of entryPoints(manifest)) {
      if (!files.includes(path)) problem(`names ${path}, which the tarball does not hold`)
    }
    if (text.includes('framework-source')) problem('still has the framework-source condition')
    if (manifest.devDependencies !== undefined) problem('ships devDependencies')
    for (const script of installScripts) {
      if (manifest.scripts?.[script] !== undefined) problem(`has an install script (${script})`)
    }
    if (manifest.repository?.directory !== dir) problem(`repository.directory is not ${dir}`)
    if (typeof manifest.repository?.url !== 'string') problem('no repository.url')
    if (typeof manifest.homepage !== 'string') problem('no homepage')
    if (typeof manifest.bugs?.url !== 'string') problem('no bugs.url')
    if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0) problem('no keywords')

    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        if (localProtocol.test(range)) problem(`${field}.${dependency} is ${range}`)
        if (privateNames.has(dependency)) problem(`depends on the private package ${dependency}`)
        const sibling = versions.get(dependency)
        if (sibling === undefined) continue
        if (!semver.satisfies(sibling, range)) {
          problem(
            `${field}.${dependency} is ${range}, which ${dependency}@${sibling} does not satisfy`,
          )
        }
        const laterMinor = semver.inc(sibling, 'minor')
        if (semver.major(sibling) === 0 && !semver.satisfies(laterMinor, range)) {
          problem(
            `${field}.${dependency} is ${range}: ${dependency}@${laterMinor} would be a second copy`,
          )
        }
      }
    }
  }
  return problems
}
