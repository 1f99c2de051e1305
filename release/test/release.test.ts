import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { checkTarballs, readTarball } from '../scripts/check.mjs'
import { workspacePackages } from '../scripts/workspace.mjs'

const { dir, packed } = inject('release')

describe('the release dry run (pnpm release:dry-run)', () => {
  it('every package packs, with nothing to fix: versions and ranges, LICENSE, entry points, nothing private', async () => {
    const workspace = await workspacePackages()
    const publishable = workspace
      .filter(({ manifest }: { manifest: { private?: boolean } }) => manifest.private !== true)
      .map(({ manifest }: { manifest: { name: string } }) => manifest.name)
    expect(packed.map(({ name }) => name).sort()).toEqual(publishable.sort())
    expect(packed.length).toBeGreaterThanOrEqual(12)
    expect(await checkTarballs(packed, workspace)).toEqual([])
  })

  it('the published manifest: internal ranges up to the next major, no framework-source, no devDependencies', async () => {
    const framework = packed.find(({ name }) => name === 'framework')!
    const { manifest } = await readTarball(framework.tarball)
    expect(manifest.dependencies['@framework/core']).toBe(`>=${framework.version} <1.0.0`)
    expect(manifest.exports['.']).toEqual({
      workerd: { types: './dist/index.d.ts', default: './dist/index.bundler.js' },
      worker: { types: './dist/index.d.ts', default: './dist/index.bundler.js' },
      module: './dist/index.bundler.js',
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    })
    expect(manifest.devDependencies).toBeUndefined()
    expect(manifest.scripts).toBeUndefined()
    expect(manifest.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/framework-dev/framework.git',
      directory: 'packages/framework',
    })
  })

  it('a tarball with mistakes is refused, each mistake named', async () => {
    const root = join(dir, 'bad', 'package')
    await mkdir(join(root, 'src'), { recursive: true })
    await writeFile(join(root, 'src', 'index.ts'), '')
    await writeFile(
      join(root, 'package.json'),
      JSON.stringify({
        name: '@framework/bad',
        version: '0.1.0',
        license: 'MIT',
        main: './dist/index.cjs',
        exports: { '.': { 'framework-source': './src/index.ts', default: './dist/index.cjs' } },
        scripts: { postinstall: 'node x' },
        dependencies: {
          '@framework/core': 'workspace:^',
          'framework-plugin': '^0.0.1',
          '@framework/examples': '0.0.0',
        },
        devDependencies: { vitest: '1' },
      }),
    )
    const tarball = join(dir, 'bad.tgz')
    await promisify(execFile)('tar', ['-czf', tarball, '-C', join(dir, 'bad'), 'package'])
    const workspace = [
      ...(await workspacePackages()),
      { dir: 'examples', manifest: { name: '@framework/examples', private: true } },
    ]
    const problems = await checkTarballs(
      [...packed, { name: '@framework/bad', version: '0.1.0', dir: 'packages/bad', tarball }],
      workspace,
    )
    const plugin = packed.find(({ name }) => name === 'framework-plugin')!
    const core = packed.find(({ name }) => name === '@framework/core')!
    expect(problems).toEqual([
      '@framework/bad: no LICENSE in the tarball',
      '@framework/bad: no README.md in the tarball',
      '@framework/bad: ships src/index.ts',
      '@framework/bad: names dist/index.cjs, which the tarball does not hold',
      '@framework/bad: names dist/index.cjs, which the tarball does not hold',
      '@framework/bad: still has the framework-source condition',
      '@framework/bad: ships devDependencies',
      '@framework/bad: has an install script (postinstall)',
      '@framework/bad: repository.directory is not packages/bad',
      '@framework/bad: no repository.url',
      '@framework/bad: no homepage',
      '@framework/bad: no bugs.url',
      '@framework/bad: no keywords',
      '@framework/bad: dependencies.@framework/core is workspace:^',
      `@framework/bad: dependencies.@framework/core is workspace:^, which @framework/core@${core.version} does not satisfy`,
      `@framework/bad: dependencies.@framework/core is workspace:^: @framework/core@0.${Number(core.version.split('.')[1]) + 1}.0 would be a second copy`,
      ...(plugin.version === '0.0.1'
        ? []
        : [
            `@framework/bad: dependencies.framework-plugin is ^0.0.1, which framework-plugin@${plugin.version} does not satisfy`,
          ]),
      expect.stringMatching(
        /^@framework\/bad: dependencies.framework-plugin is \^0.0.1: framework-plugin@0\.\d+\.0 would be a second copy$/,
      ),
      '@framework/bad: depends on the private package @framework/examples',
    ])
  })
})
