import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import { packAll, workspacePackages } from '../scripts/workspace.mjs'

const run = promisify(execFile)

/** What the tests get through `inject('release')`. */
export interface Release {
  /** Holds tarballs/ and app/ (the tarballs installed with npm, as a user would). */
  dir: string
  app: string
  packed: Array<{ name: string; version: string; dir: string; tarball: string }>
}

declare module 'vitest' {
  export interface ProvidedContext {
    release: Release
  }
}

/**
 * Packs every package as `pnpm publish` would (the build comes first: turbo's `^build`), then
 * installs all the tarballs with npm into an empty folder, outside the workspace.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'framework-release-tests-'))
  const tarballs = join(dir, 'tarballs')
  const app = join(dir, 'app')
  await mkdir(tarballs)
  await mkdir(app)
  const packed = await packAll(tarballs, await workspacePackages())
  await writeFile(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'user-app', private: true, type: 'module' }, null, 2)}\n`,
  )
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      '--loglevel=error',
      ...packed.map(({ tarball }: { tarball: string }) => tarball),
    ],
    { cwd: app, maxBuffer: 16 * 1024 * 1024, timeout: 110_000 },
  )
  project.provide('release', { dir, app, packed })
  return async () => {
    await rm(dir, { recursive: true, force: true })
  }
}
