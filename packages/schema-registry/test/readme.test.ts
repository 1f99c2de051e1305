import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

describe('README', () => {
  it('the standalone example runs against the build and prints what its comments say', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    const snippet = /```js\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(snippet).toContain('new SchemaRegistry()')
    // A plain node process, importing the package by its name (resolved to dist/ by "exports").
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', snippet!],
      { cwd: packageDir, env: { ...process.env, NODE_OPTIONS: '' } },
    )
    expect(stdout.split('\n')).toEqual([
      'true false',
      "[ 'address', 'user' ]",
      "{ '$id': '#city', type: 'string' }",
      "{ type: 'string' }",
      JSON.stringify({
        type: 'object',
        properties: {
          owner: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              home: {
                type: 'object',
                definitions: { city: { type: 'string' } },
                properties: { city: { type: 'string' } },
              },
            },
            required: ['name'],
          },
          note: { type: 'string' },
        },
      }),
      'FRM_ERR_SCHEMA_REF_NOT_FOUND',
      '',
    ])
  })
})
