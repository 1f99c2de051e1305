import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

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
 * Loads what `pnpm build` wrote in a plain `node` process, the way users will: vitest runs its
 * workers with the `framework-source` condition, under which `require('@framework/...')` from
 * dist/ would reach the TypeScript sources of sibling packages instead of their builds.
 */
async function load(format: 'require' | 'import'): Promise<Report> {
  const loader =
    format === 'require' ? "require('./dist/index.cjs')" : "await import('./dist/index.js')"
  const script = `
    const mod = ${loader}
    const compile = mod.buildValidatorCompiler()({ n: { $id: 'n', type: 'integer', maximum: 100 } })
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
    console.log(JSON.stringify(report))
  `
  const body = format === 'require' ? `(async () => { ${script} })()` : script
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--input-type=${format === 'require' ? 'commonjs' : 'module'}`, '-e', body],
    { cwd: packageDir },
  )
  return JSON.parse(stdout) as Report
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
        keys: ['buildValidatorCompiler', 'defaultAjvOptions'],
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
