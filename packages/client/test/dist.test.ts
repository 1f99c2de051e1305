import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

describe('built output', () => {
  it.each(['require', 'import'] as const)(
    'loads with %s and calls through a given fetch',
    async (format) => {
      expect(
        await runBuilt(
          packageDir,
          format,
          `const seen = []
        const client = mod.createClient({
          baseUrl: 'http://api.test/v1/',
          fetch: async (url, init) => {
            seen.push([url, init.method, init.body])
            return new Response('{"id":1}', { status: 201, headers: { 'content-type': 'application/json' } })
          },
        })
        const res = await client.post('/items/:id', { params: { id: 'a/b' }, query: { t: [1, 2] }, body: { x: 1 } })
        return { keys: Object.keys(mod).sort(), seen, status: res.status, data: res.data }`,
        ),
      ).toEqual({
        keys: ['createClient', 'typedInject'],
        seen: [['http://api.test/v1/items/a%2Fb?t=1&t=2', 'POST', '{"x":1}']],
        status: 201,
        data: { id: 1 },
      })
    },
  )

  it('the client entry imports nothing and stays under 3 kB minified', async () => {
    const result = await build({
      entryPoints: [`${packageDir}dist/index.js`],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      metafile: true,
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs).toEqual(['dist/index.js'].map((file) => expect.stringMatching(file)))
    expect(result.metafile.inputs[inputs[0]!]!.imports).toEqual([])
    expect(result.outputFiles[0]!.contents.byteLength).toBeLessThan(3 * 1024)
  })

  it('framework-typegen runs from the build as a command', async () => {
    expect(
      await runBuilt(
        packageDir,
        'import',
        `const { execFile } = await import('node:child_process')
        const { promisify } = await import('node:util')
        const run = (args) => promisify(execFile)(process.execPath, ['dist/cli.js', ...args]).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e) => ({ code: e.code, err: e.stderr }),
        )
        return [await run([]), await run(['test/fixtures/plain-entry.mjs', '--check', '--out', 'test/fixtures/plain-entry.generated.ts'])]`,
      ),
    ).toEqual([
      { code: 2, err: expect.stringMatching(/^usage: framework-typegen <entry>/) },
      { code: 0, out: expect.stringMatching(/plain-entry.generated.ts is up to date\n$/) },
    ])
  })
})
