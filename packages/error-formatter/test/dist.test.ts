import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// Run in a plain `node` process with `mod` bound to the built output (see test-support/run-built.ts).
const probe = `return {
  keys: Object.keys(mod).sort(),
  notFoundStatus: mod.createError('FRM_ERR_NOT_FOUND', 'GET', '/').statusCode,
  defaultSchemaErrorFormatter: typeof mod.defaultSchemaErrorFormatter,
  createValidationError: typeof mod.createValidationError,
}`

interface Report {
  keys: string[]
  notFoundStatus: unknown
  defaultSchemaErrorFormatter: string
  createValidationError: string
}

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = (await runBuilt(packageDir, 'require', probe)) as Report
    const esm = (await runBuilt(packageDir, 'import', probe)) as Report
    expect(cjs.keys).toEqual(esm.keys)
    for (const report of [cjs, esm]) {
      expect(report.notFoundStatus).toBe(404)
      expect(report.defaultSchemaErrorFormatter).toBe('function')
      expect(report.createValidationError).toBe('function')
    }
  })
})
