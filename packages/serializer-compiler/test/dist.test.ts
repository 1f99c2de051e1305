import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const packageDir = new URL('..', import.meta.url).pathname

/**
 * Runs a script in a plain `node`, as users will. Vitest starts its workers with
 * `--conditions framework-source`, under which `require` would load the sibling packages'
 * TypeScript sources instead of their builds, so the built output is loaded in a child process.
 */
function inNode(inputType: 'commonjs' | 'module', script: string): unknown {
  const { NODE_OPTIONS: _ignored, ...env } = process.env
  const output = execFileSync(process.execPath, [`--input-type=${inputType}`, '-e', script], {
    cwd: packageDir,
    env,
    encoding: 'utf8',
  })
  return JSON.parse(output)
}

const probe = `
  const names = Object.keys(built).sort()
  const serialize = built.buildSerializerCompiler()({})({
    schema: { hello: { type: 'string' } }, method: 'GET', url: '/', httpStatus: '200',
  })
  const output = serialize({ hello: 'world', secret: 1 })
  const selected = built.buildResponseSelector(['2xx', 'default'])(201)
  console.log(JSON.stringify({ names, output, selected }))
`

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('loads with require and with import, exposing the same names', () => {
    const cjs = inNode('commonjs', `const built = require('./dist/index.cjs'); ${probe}`)
    const esm = inNode('module', `const built = await import('./dist/index.js'); ${probe}`)
    expect(cjs).toEqual(esm)
  })

  it('exports buildSerializerCompiler and buildResponseSelector, working, in both formats', () => {
    const expected = {
      names: ['buildResponseSelector', 'buildSerializerCompiler'],
      output: '{"hello":"world"}',
      selected: '2xx',
    }
    expect(inNode('commonjs', `const built = require('./dist/index.cjs'); ${probe}`)).toEqual(
      expected,
    )
    expect(inNode('module', `const built = await import('./dist/index.js'); ${probe}`)).toEqual(
      expected,
    )
  })
})
