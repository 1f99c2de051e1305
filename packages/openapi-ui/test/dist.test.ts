import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = require('../dist/index.cjs')
    const esm = await import('../dist/index.js')
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
  })
})
