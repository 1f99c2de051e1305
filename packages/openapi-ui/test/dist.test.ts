import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** Loads the built output in a plain `node` process (see test-support/run-built.ts) and serves the page. */
function load(format: 'require' | 'import'): Promise<unknown> {
  const imports =
    format === 'require'
      ? "const framework = require('framework'); const openapi = require('@framework/openapi')"
      : "const framework = (await import('framework')).default; const openapi = (await import('@framework/openapi')).default"
  return runBuilt(
    packageDir,
    format,
    `${imports}
    const app = framework()
    app.register(openapi)
    app.register(mod.openapiUi)
    await app.ready()
    const page = await app.inject('/docs')
    const bundle = await app.inject('/docs/static/swagger-ui-bundle.js')
    await app.close()
    return {
      keys: Object.keys(mod).sort(),
      defaultIsNamed: mod.default === mod.openapiUi,
      displayName: mod.openapiUi[Symbol.for('framework.display-name')],
      page: [page.statusCode, page.headers['content-type']],
      bundle: [bundle.statusCode, bundle.headers['content-type'], bundle.rawPayload.length > 100000],
    }`,
  )
}

describe('built output', () => {
  it.each(['require', 'import'] as const)(
    'loads with %s and serves the page and its assets',
    async (format) => {
      expect(await load(format)).toEqual({
        keys: ['default', 'openapiUi'],
        defaultIsNamed: true,
        displayName: '@framework/openapi-ui',
        page: [200, 'text/html; charset=utf-8'],
        bundle: [200, 'text/javascript; charset=utf-8', true],
      })
    },
  )

  it('require returns the plugin itself, with .default and .openapiUi', async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      'return { callable: typeof mod, self: mod.default === mod && mod.openapiUi === mod }',
    )
    expect(report).toEqual({ callable: 'function', self: true })
  })
})
