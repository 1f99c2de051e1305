import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const body = `return Object.keys(mod).sort()`
    const cjs = await runBuilt(packageDir, 'require', body)
    const esm = await runBuilt(packageDir, 'import', body)
    expect(cjs).toEqual(esm)
    expect(cjs).toContain('createInstance')
  })
})
