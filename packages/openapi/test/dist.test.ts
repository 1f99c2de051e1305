import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Loads the built output in a separate, plain `node` process, the way users will (see
 * test-support/run-built.ts), registers it on a built `framework` app and reads the document.
 */
function load(format: 'require' | 'import'): Promise<unknown> {
  const framework =
    format === 'require' ? "require('framework')" : "(await import('framework')).default"
  return runBuilt(
    packageDir,
    format,
    `const framework = ${framework}
    const app = framework()
    app.register(mod.openapi, { openapi: { info: { title: 'T', version: '1' } } })
    app.get('/items/:id', { schema: { params: { id: { type: 'integer' } } } }, async () => 'x')
    await app.ready()
    const yaml = await app.inject('/openapi/yaml')
    await app.close()
    return {
      keys: Object.keys(mod).sort(),
      defaultIsNamed: mod.default === mod.openapi,
      displayName: mod.openapi[Symbol.for('framework.display-name')],
      operation: app.openapi().paths['/items/{id}'].get.operationId,
      yaml: yaml.headers['content-type'],
    }`,
  )
}

describe('built output', () => {
  it.each(['require', 'import'] as const)('loads with %s and documents an app', async (format) => {
    expect(await load(format)).toEqual({
      keys: ['buildDocument', 'default', 'openapi'],
      defaultIsNamed: true,
      displayName: '@framework/openapi',
      operation: 'getItemsById',
      yaml: 'application/yaml; charset=utf-8',
    })
  })

  it('require returns the plugin itself, with .default and .openapi', async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      'return { callable: typeof mod, self: mod.default === mod && mod.openapi === mod }',
    )
    expect(report).toEqual({ callable: 'function', self: true })
  })
})
