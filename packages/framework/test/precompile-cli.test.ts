import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// Runs the built command (`pnpm build` first, as the dist tests do) on a fixture app.
const run = promisify(execFile)
const bin = fileURLToPath(new URL('../bin/framework-precompile.mjs', import.meta.url))
const app = fileURLToPath(new URL('./fixtures/precompile-app.mjs', import.meta.url))
const require = createRequire(import.meta.url)

describe('framework-precompile <app-module> <out-file>', () => {
  it('writes the module of the app, which a start then loads', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'framework-cli-')), 'compiled.cjs')
    const { stdout } = await run(process.execPath, [bin, app, out])
    expect(stdout).toBe(`${out}: 1 validators, 1 serializers\n`)
    const module = require(out)
    expect(module.format).toBe('framework-precompiled/1')
    const { buildApp } = await import(app)
    const res = await buildApp({ precompiled: module }).inject({
      method: 'POST',
      url: '/items',
      payload: { name: 3, secret: 1 },
    })
    expect(res.body).toBe('{"name":"3"}')
  })

  it('fails with exit code 1 and the error ready() gives for a bad schema', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'framework-cli-')), 'never.cjs')
    const failure = await run(process.execPath, [bin, app, out], {
      env: { ...process.env, BAD_SCHEMA: '1' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toMatch(
      /^framework-precompile: FRM_ERR_SCH_VALIDATION_BUILD: .*POST: \/items.*nowhere#/,
    )
  })
})
