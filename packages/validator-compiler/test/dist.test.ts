import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

interface Report {
  keys: string[]
  coerceTypes: unknown
  valid: boolean
  limit: unknown
  infinity: boolean
  keyword: unknown
  error: [unknown, unknown]
}

/**
 * Loads what `pnpm build` wrote in a plain `node` process, the way users will (see
 * test-support/run-built.ts), and reports on a compiled validator and a refused option.
 */
async function load(format: 'require' | 'import'): Promise<Report> {
  return (await runBuilt(
    packageDir,
    format,
    `const compile = mod.buildValidatorCompiler()({ n: { $id: 'n', type: 'integer', maximum: 100 } })
    const validate = compile({
      schema: { type: 'object', properties: { limit: { $ref: 'n#' } } },
      method: 'GET', url: '/', httpPart: 'querystring',
    })
    const query = { limit: '5' }
    const report = {
      keys: Object.keys(mod).sort(),
      coerceTypes: mod.defaultAjvOptions.coerceTypes,
      valid: validate(query),
      limit: query.limit,
      infinity: validate({ limit: 'Infinity' }),
      keyword: validate.errors[0].keyword,
    }
    try { mod.buildValidatorCompiler({ plugins: [1] }) } catch (error) { report.error = [error.code, error.message] }
    return report`,
  )) as Report
}

describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = await load('require')
    const esm = await load('import')
    expect(cjs.keys).toEqual(esm.keys)
  })

  for (const format of ['require', 'import'] as const) {
    it(`exposes the main exports, which work, when loaded with ${format}`, async () => {
      expect(await load(format)).toEqual({
        keys: ['ValidatorCollector', 'buildValidatorCompiler', 'defaultAjvOptions'],
        coerceTypes: 'array',
        valid: true,
        limit: 5,
        infinity: false,
        keyword: 'type',
        error: [
          'FRM_ERR_VALIDATOR_PLUGIN',
          'validator.plugins[0] must be a function or a [function, options] pair, received number 1',
        ],
      })
    })
  }
})
