import { describe, expect, inject, it } from 'vitest'
import { runScript } from './run-node.js'

const { app } = inject('release')

// The ESM and the CommonJS build of a package are two copies of its code: an application that
// imports `framework` and then requires a plugin (or the reverse) holds instances of one copy
// handled by the other.
describe('ESM and CommonJS builds in one application', () => {
  it('an ESM application registers the CommonJS @framework/openapi and calls the CommonJS listRoutes', async () => {
    const out = await runScript(
      app,
      'mixed.mjs',
      `import { createRequire } from 'node:module'
import framework from 'framework'
const require = createRequire(import.meta.url)
const app = framework()
app.register(require('@framework/openapi'), { openapi: { info: { title: 'Mixed', version: '1.0.0' } } })
app.get('/items/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, async () => ({}))
await app.ready()
const doc = await app.inject('/openapi/json')
const routes = require('@framework/core').listRoutes(app).map((route) => route.method + ' ' + route.url)
console.log(JSON.stringify([doc.statusCode, Object.keys(doc.json().paths ?? {}), routes.includes('GET /items/:id')]))`,
    )
    expect(JSON.parse(out)).toEqual([200, ['/items/{id}'], true])
  })

  it('a CommonJS application registers the ESM @framework/openapi', async () => {
    const out = await runScript(
      app,
      'mixed.cjs',
      `const framework = require('framework')
;(async () => {
  const { default: openapi } = await import('@framework/openapi')
  const { listRoutes } = await import('@framework/core')
  const app = framework()
  app.register(openapi, { openapi: { info: { title: 'Mixed', version: '1.0.0' } } })
  app.get('/things', async () => [])
  await app.ready()
  const doc = await app.inject('/openapi/json')
  console.log(JSON.stringify([doc.statusCode, Object.keys(doc.json().paths ?? {}), listRoutes(app).length > 0]))
})()`,
    )
    expect(JSON.parse(out)).toEqual([200, ['/things'], true])
  })
})
