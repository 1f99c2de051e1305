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

  it('exposes fp as the default and as a named export, marking plugins', async () => {
    const cjs = require(distCjs)
    const esm = await import(distEsm)
    for (const mod of [cjs, esm]) {
      expect(typeof mod.fp).toBe('function')
      expect(mod.default).toBe(mod.fp)
      const plugin = mod.fp(async () => {}, 'x')
      expect(plugin[Symbol.for('framework.skip-override')]).toBe(true)
      expect(plugin[Symbol.for('framework.display-name')]).toBe('x')
    }
  })
})
