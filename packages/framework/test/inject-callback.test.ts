import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// Runs a node:test file against the build (`pnpm build` first, as the dist tests do).
const run = promisify(execFile)
const dist = fileURLToPath(new URL('../dist/index.cjs', import.meta.url))
const file = fileURLToPath(new URL('./fixtures/inject-callback-throws.test.cjs', import.meta.url))
const callbacks = fileURLToPath(new URL('./fixtures/callbacks-throw.cjs', import.meta.url))

describe('a callback given to the instance that throws', () => {
  it('fails the node:test test that called inject, and the file goes on', async () => {
    const output = await run(process.execPath, ['--test', '--test-reporter=tap', file], {
      env: { ...process.env, FRAMEWORK_DIST: dist },
    }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    )
    const results = output.split('\n').filter((line) => /^(not )?ok \d/.test(line))
    expect(results).toEqual([
      'not ok 1 - an assertion fails inside the callback',
      'not ok 2 - the same once ready',
      'ok 3 - the next test runs',
    ])
    expect(output).toContain('201')
    expect(output).toContain("'not ok'")
    expect(output).not.toContain('still pending')
  })

  it('ready, listen, inject and close callbacks throw as uncaught exceptions, never rejections', async () => {
    const { stdout } = await run(process.execPath, [callbacks], {
      env: { ...process.env, FRAMEWORK_DIST: dist },
    })
    expect(stdout.trim().split('\n')).toEqual([
      'uncaught: from ready',
      'uncaught: from listen',
      'uncaught: from inject',
      'uncaught: from close',
    ])
  })
})
