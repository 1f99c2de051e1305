// `pnpm release:dry-run`: what `pnpm release` would publish, without publishing (no network, no
// npm credentials). Packs every package as `pnpm publish` would (after a build), checks the
// tarballs (release/scripts/check.mjs) and prints what would go out. Exit code 1 on any problem.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkTarballs, readTarball } from './check.mjs'
import { packAll, workspacePackages } from './workspace.mjs'

const destination = await mkdtemp(join(tmpdir(), 'framework-release-'))
try {
  const workspace = await workspacePackages()
  const packed = await packAll(destination, workspace)
  for (const { name, version, tarball } of packed) {
    const { files } = await readTarball(tarball)
    console.log(`${name}@${version}  ${files.length} files`)
  }
  const problems = await checkTarballs(packed, workspace)
  for (const problem of problems) console.error(`problem: ${problem}`)
  console.log(
    problems.length === 0
      ? `dry run: ${packed.length} packages would be published`
      : `dry run: ${problems.length} problems`,
  )
  process.exitCode = problems.length === 0 ? 0 : 1
} finally {
  await rm(destination, { recursive: true, force: true })
}
