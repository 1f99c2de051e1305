import { execFile } from 'node:child_process'
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'

const run = promisify(execFile)
const { app } = inject('release')
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url))
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

// Issue 33 item 5: an application that compiles against Fastify 4.29 (pino 9) with
// `skipLibCheck: false` and the `@types/node` 20 or 22 its lockfile holds must compile against
// the framework too. These two releases predate `Transferable` in `node:worker_threads`, which
// pino 10's thread-stream 4 declarations use (TS2694 with them); pino 9 (thread-stream 3)
// compiles with both, as Fastify 4.29 does.
describe('an application compiles with skipLibCheck false against older @types/node', () => {
  it.concurrent.each(['20.17.30', '22.15.0'])(
    '@types/node %s',
    async (version) => {
      // Its own folder under the app: @types/node there, the framework from the app's node_modules.
      const dir = join(app, `node-types-${version}`)
      await mkdir(dir, { recursive: true })
      await writeFile(
        join(dir, 'package.json'),
        JSON.stringify({ name: `node-types-${version}`, private: true, type: 'module' }),
      )
      await run(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--loglevel=error',
          `@types/node@${version}`,
        ],
        { cwd: dir, timeout: 110_000 },
      )
      await copyFile(join(fixtures, 'node-types-app.mts'), join(dir, 'app.mts'))
      await writeFile(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: ['node'],
            typeRoots: [join(dir, 'node_modules/@types')],
          },
          files: ['app.mts'],
        }),
      )
      const installed = createRequire(join(dir, 'package.json'))('@types/node/package.json')
      expect(installed.version).toBe(version)
      const output = await run(process.execPath, [tsc, '-p', dir], { timeout: 120_000 }).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      )
      expect(output).toBe('')
    },
    240_000,
  )
})
