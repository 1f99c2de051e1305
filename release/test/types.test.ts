import { execFile } from 'node:child_process'
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'

const { app } = inject('release')
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url))
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
// @types/node from the workspace: the app folder holds only what the tarballs brought.
const typeRoots = fileURLToPath(new URL('../../node_modules/@types', import.meta.url))

/** Type-checks `files` (copied from fixtures/) in the app folder with these module settings. */
async function typeCheck(name: string, compilerOptions: Record<string, unknown>, files: string[]) {
  const dir = join(app, `types-${name}`)
  await mkdir(dir, { recursive: true })
  for (const file of files) await copyFile(join(fixtures, file), join(dir, file))
  const config = {
    compilerOptions: {
      target: 'ES2022',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [typeRoots],
      ...compilerOptions,
    },
    files,
  }
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2))
  return promisify(execFile)(process.execPath, [tsc, '-p', dir], { timeout: 120_000 }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  )
}

// Every package's declarations as users compile against them (skipLibCheck off), ESM and
// CommonJS forms, with the three module resolutions users have.
describe('published type declarations, from the installed tarballs', () => {
  // nodenext checks every declaration file (ours and our dependencies'); the other two check
  // how our packages resolve and type, with the libraries' own files taken as they are.
  it.concurrent.each([
    [
      'nodenext',
      { module: 'NodeNext', moduleResolution: 'NodeNext' },
      ['cjs-consumer.cts', 'esm-consumer.mts'],
    ],
    [
      'node16',
      { module: 'Node16', moduleResolution: 'Node16', skipLibCheck: true },
      ['cjs-consumer.cts', 'esm-consumer.mts'],
    ],
    [
      'bundler',
      { module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true },
      ['esm-consumer.mts'],
    ],
  ] as const)(
    '%s',
    async (name, options, files) => {
      expect(await typeCheck(name, options, [...files])).toBe('')
    },
    120_000,
  )
})
