import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// Run in a plain `node` process with `mod` bound to the built output (see test-support/run-built.ts).
// Valibot's conversion loads the optional @valibot/to-json-schema synchronously in both formats.
const probe = `
  const { z } = await import('zod')
  const v = await import('valibot')
  const names = Object.keys(mod).sort()
  const zod = mod.toJsonSchema(z.object({ a: z.string() }), 'probe')
  const valibot = mod.toJsonSchema(v.object({ a: v.number() }), 'probe')
  const outcome = mod.standardSchemaValidator(z.object({ a: z.string() }))({ a: 1 })
  return { names, zod, valibot, outcome }
`

describe('built output', () => {
  it('loads with require and with import, exposing the same working names', async () => {
    const expected = {
      names: [
        'isStandardSchema',
        'pointerOf',
        'standardSchemaSharedSchemaAdapter',
        'standardSchemaValidator',
        'toJsonSchema',
        'toValidationErrors',
        'withStandardSchemaSerialization',
        'withStandardSchemaValidation',
      ],
      zod: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      valibot: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      outcome: {
        error: [{ instancePath: '/a', message: 'Invalid input: expected string, received number' }],
      },
    }
    expect(await runBuilt(packageDir, 'require', probe)).toEqual(expected)
    expect(await runBuilt(packageDir, 'import', probe)).toEqual(expected)
  })
})
