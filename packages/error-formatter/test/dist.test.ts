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
    for (const mod of [cjs, esm]) {
      expect(mod.createError('FRM_ERR_NOT_FOUND', 'GET', '/').statusCode).toBe(404)
      expect(typeof mod.defaultSchemaErrorFormatter).toBe('function')
      expect(typeof mod.createValidationError).toBe('function')
    }
  })
})
