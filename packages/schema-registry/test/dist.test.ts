import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * The built output is loaded by a plain `node` process, the way users will: vitest runs its
 * workers with the `framework-source` condition, under which `require('@framework/...')` from
 * dist/ would reach the TypeScript sources of sibling packages instead of their builds.
 */
async function load(format: 'require' | 'import'): Promise<Record<string, unknown>> {
  const loader =
    format === 'require' ? "require('./dist/index.cjs')" : "await import('./dist/index.js')"
  const script = `
    const mod = ${loader}
    const registry = new mod.SchemaRegistry().add({ $id: 'user', type: 'object' })
    const report = {
      keys: Object.keys(mod).sort(),
      fromChild: registry.child().get('user'),
      dereferenced: await registry.dereference({ items: { $ref: 'user#' } }),
      expanded: mod.expandShorthand({ a: { type: 'string' } }),
    }
    try { registry.add({ $id: 'user' }) } catch (error) { report.error = [error.code, error.message] }
    console.log(JSON.stringify(report))
  `
  const body = format === 'require' ? `(async () => { ${script} })()` : script
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--input-type=${format === 'require' ? 'commonjs' : 'module'}`, '-e', body],
    { cwd: packageDir, env: { ...process.env, NODE_OPTIONS: '' } },
  )
  return JSON.parse(stdout)
}

describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const [cjs, esm] = await Promise.all([load('require'), load('import')])
    expect(cjs.keys).toEqual(esm.keys)
    expect(esm.keys).toEqual(['SchemaRegistry', 'expandShorthand'])
  })

  it.each(['require', 'import'] as const)(
    'works when loaded with %s, bundle/dereference and coded errors included',
    async (format) => {
      expect(await load(format)).toEqual({
        keys: ['SchemaRegistry', 'expandShorthand'],
        fromChild: { $id: 'user', type: 'object' },
        dereferenced: { items: { type: 'object' } },
        expanded: { type: 'object', properties: { a: { type: 'string' } } },
        error: [
          'FRM_ERR_SCHEMA_DUPLICATE',
          "A schema with $id 'user' is already visible in this context: use another $id",
        ],
      })
    },
  )
})
