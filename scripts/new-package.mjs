// Writes the common scaffold of one package: node scripts/new-package.mjs <dir> <name> '<description>' '<deps json>' '<devDeps json>'
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const [dir, name, description, deps = '{}', devDeps = '{}'] = process.argv.slice(2)
const root = join('packages', dir)
mkdirSync(join(root, 'src'), { recursive: true })
mkdirSync(join(root, 'test'), { recursive: true })
const write = (file, text) => {
  if (!existsSync(join(root, file))) writeFileSync(join(root, file), text)
}

write(
  'package.json',
  `${JSON.stringify(
    {
      name,
      version: '0.0.0',
      description,
      license: 'MIT',
      author: 'the framework authors',
      // The repository URL is a placeholder until the project has its public home.
      repository: {
        type: 'git',
        url: 'git+https://github.com/framework-dev/framework.git',
        directory: `packages/${dir}`,
      },
      homepage: `https://github.com/framework-dev/framework/tree/main/packages/${dir}#readme`,
      bugs: { url: 'https://github.com/framework-dev/framework/issues' },
      keywords: ['framework'],
      type: 'module',
      engines: { node: '>=20.19.0' },
      main: './dist/index.cjs',
      module: './dist/index.js',
      types: './dist/index.d.cts',
      exports: {
        '.': {
          'framework-source': './src/index.ts',
          import: { types: './dist/index.d.ts', default: './dist/index.js' },
          require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
        },
        './package.json': './package.json',
      },
      files: ['dist', 'README.md'],
      sideEffects: false,
      scripts: {
        build: 'tsup',
        test: 'vitest run',
        typecheck: 'tsc --noEmit',
        lint: 'biome check .',
      },
      dependencies: JSON.parse(deps),
      devDependencies: JSON.parse(devDeps),
    },
    null,
    2,
  )}\n`,
)
write(
  'tsup.config.ts',
  `import { packageBuildConfig } from '../../tsup.shared'\n\nexport default packageBuildConfig()\n`,
)
write(
  'vitest.config.ts',
  `import { packageTestConfig } from '../../vitest.shared'\n\nexport default packageTestConfig('${name}')\n`,
)
write(
  'tsconfig.json',
  `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', 'test', '*.ts'] }, null, 2)}\n`,
)
write('src/index.ts', `export {}\n`)
write(
  'test/dist.test.ts',
  `import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

// Loads what \`pnpm build\` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = require('../dist/index.cjs')
    const esm = await import('../dist/index.js')
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
  })
})
`,
)
// Every tarball carries the license (release/scripts/check.mjs refuses one without it).
if (!existsSync(join(root, 'LICENSE'))) copyFileSync('LICENSE', join(root, 'LICENSE'))
write('README.md', `# ${name}\n\n${description}\n`)
