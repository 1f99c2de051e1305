import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** Serves one route from the built output through a minimal in-script transport. */
const probe = `
    let table
    const transport = {
      server: null,
      mount(t) { table = t },
      async listen() { return 'x' },
      async close() {},
      inject(url) {
        return new Promise((resolve) => {
          const route = table.routes.find((r) => r.method === 'GET' && r.url === url)
          route.handle({ method: 'GET', url, headers: {} }, { resolve }, {}, Object.create(null))
        })
      },
      readBody(raw, limit, done) { done(null, Buffer.alloc(0)) },
      send(res, statusCode, headers, payload, done) { res.resolve({ statusCode, headers, payload }); done?.() },
      isSent() { return false },
      onTimeout() {},
    }
    const app = mod.createInstance({
      transport,
      validatorCompiler: () => () => () => true,
      serializerCompiler: () => () => (data) => JSON.stringify(data),
      responseSelector: () => () => undefined,
    })
    app.decorate('built', true)
    app.get('/', async () => ({ built: app.built }))
    const response = await app.inject('/')
    let error
    try { app.decorate('built', 1) } catch (e) { error = [e.code, e.message] }
    return { keys: Object.keys(mod).sort(), response, error }
`
const load = (format: 'require' | 'import') =>
  runBuilt(packageDir, format, probe) as Promise<Record<string, unknown>>

describe('built output', () => {
  it('loads with require and with import, exposing the same names, and serves a route', async () => {
    const cjs = await load('require')
    const esm = await load('import')
    expect(cjs.keys).toEqual(esm.keys)
    for (const loaded of [cjs, esm]) {
      expect(loaded).toEqual({
        keys: ['createInstance', 'listRoutes'],
        response: {
          statusCode: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          payload: '{"built":true}',
        },
        error: ['FRM_ERR_DEC_AFTER_START', "The decorator 'built' has been added after start!"],
      })
    }
  })
})
