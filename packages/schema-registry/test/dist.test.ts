import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Loads what `pnpm build` wrote in a plain `node` process, the way users will (see
 * test-support/run-built.ts), and reports on a registry, its child, dereference and a coded error.
 */
async function load(format: 'require' | 'import'): Promise<Record<string, unknown>> {
  return (await runBuilt(
    packageDir,
    format,
    `const registry = new mod.SchemaRegistry().add({ $id: 'user', type: 'object' })
    const report = {
      keys: Object.keys(mod).sort(),
      fromChild: registry.child().get('user'),
      dereferenced: await registry.dereference({ items: { $ref: 'user#' } }),
      expanded: mod.expandShorthand({ a: { type: 'string' } }),
    }
    try { registry.add({ $id: 'user' }) } catch (error) { report.error = [error.code, error.message] }
    return report`,
  )) as Record<string, unknown>
}

describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const [cjs, esm] = await Promise.all([load('require'), load('import')])
    expect(cjs.keys).toEqual(esm.keys)
    expect(esm.keys).toEqual(['SchemaRegistry', 'expandShorthand', 'fingerprint', 'plainSchema'])
  })

  it.each(['require', 'import'] as const)(
    'works when loaded with %s, bundle/dereference and coded errors included',
    async (format) => {
      expect(await load(format)).toEqual({
        keys: ['SchemaRegistry', 'expandShorthand', 'fingerprint', 'plainSchema'],
        fromChild: { $id: 'user', type: 'object' },
        dereferenced: { items: { type: 'object' } },
        expanded: { type: 'object', properties: { a: { type: 'string' } } },
        error: ['FRM_ERR_SCH_ALREADY_PRESENT', "Schema with id 'user' already declared!"],
      })
    },
  )
})
