import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// Run in a plain `node` process with `mod` bound to the built output (see test-support/run-built.ts).
const probe = `
  const names = Object.keys(mod).sort()
  const serialize = mod.buildSerializerCompiler()({})({
    schema: { hello: { type: 'string' } }, method: 'GET', url: '/', httpStatus: '200',
  })
  const output = serialize({ hello: 'world', secret: 1 })
  const selected = mod.buildResponseSelector(['2xx', 'default'])(201)
  return { names, output, selected }
`

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = await runBuilt(packageDir, 'require', probe)
    const esm = await runBuilt(packageDir, 'import', probe)
    expect(cjs).toEqual(esm)
  })

  it('exports buildSerializerCompiler, buildResponseSelector and SerializerCollector, working, in both formats', async () => {
    const expected = {
      names: ['SerializerCollector', 'buildResponseSelector', 'buildSerializerCompiler'],
      output: '{"hello":"world"}',
      selected: '2xx',
    }
    expect(await runBuilt(packageDir, 'require', probe)).toEqual(expected)
    expect(await runBuilt(packageDir, 'import', probe)).toEqual(expected)
  })
})
