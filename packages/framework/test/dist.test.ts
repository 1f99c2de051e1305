import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const distCjs = new URL('../dist/index.cjs', import.meta.url).pathname
const distEsm = new URL('../dist/index.js', import.meta.url).href

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('require returns the factory itself, with .default and .framework pointing at it', () => {
    const framework = require(distCjs)
    expect(typeof framework).toBe('function')
    expect(framework.default).toBe(framework)
    expect(framework.framework).toBe(framework)
    expect(typeof framework.fp).toBe('function')
  })

  it('import gives the factory as default and named export', async () => {
    const esm = await import(distEsm)
    expect(typeof esm.default).toBe('function')
    expect(esm.framework).toBe(esm.default)
    expect(typeof esm.fp).toBe('function')
  })

  it('both builds answer a request', async () => {
    const esm = await import(distEsm)
    for (const factory of [require(distCjs), esm.default]) {
      const app = factory()
      app.get('/', async () => ({ ok: true }))
      const response = await app.inject({ url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ ok: true })
      await app.close()
    }
  })
})
