import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const distCjs = new URL('../dist/index.cjs', import.meta.url).pathname
const distEsm = new URL('../dist/index.js', import.meta.url).href

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = require(distCjs)
    const esm = await import(distEsm)
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
  })

  it('exports the plugin by name and as the default export, in both formats', async () => {
    const cjs = require(distCjs)
    const esm = await import(distEsm)
    for (const loaded of [cjs, esm]) {
      expect(Object.keys(loaded).sort()).toEqual(['bearerAuth', 'default'])
      expect(typeof loaded.bearerAuth).toBe('function')
      expect(loaded.default).toBe(loaded.bearerAuth)
    }
  })
})
