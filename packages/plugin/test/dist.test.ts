import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// Run in a plain `node` process with `mod` bound to the built output (see test-support/run-built.ts).
const probe = `const plugin = mod.fp(async () => {}, 'x')
return {
  keys: Object.keys(mod).sort(),
  fp: typeof mod.fp,
  defaultIsFp: mod.default === mod.fp,
  skipOverride: plugin[Symbol.for('framework.skip-override')],
  displayName: plugin[Symbol.for('framework.display-name')],
}`

interface Report {
  keys: string[]
  fp: string
  defaultIsFp: boolean
  skipOverride: unknown
  displayName: unknown
}

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = (await runBuilt(packageDir, 'require', probe)) as Report
    const esm = (await runBuilt(packageDir, 'import', probe)) as Report
    expect(cjs.keys).toEqual(esm.keys)
  })

  it('exposes fp as the default and as a named export, marking plugins', async () => {
    const cjs = (await runBuilt(packageDir, 'require', probe)) as Report
    const esm = (await runBuilt(packageDir, 'import', probe)) as Report
    for (const report of [cjs, esm]) {
      expect(report.fp).toBe('function')
      expect(report.defaultIsFp).toBe(true)
      expect(report.skipOverride).toBe(true)
      expect(report.displayName).toBe('x')
    }
  })

  it('require returns fp itself, as users of fastify-style plugins write it', async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      `return { callable: typeof mod, self: mod.default === mod && mod.fp === mod, marked: mod(async () => {}, 'y')[Symbol.for('framework.display-name')] }`,
    )
    expect(report).toEqual({ callable: 'function', self: true, marked: 'y' })
  })
})
