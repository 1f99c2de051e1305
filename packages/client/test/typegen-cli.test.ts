import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runTypegen } from '../src/typegen.js'
import { generateFixture } from './fixtures/generate.js'

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url))
let dir = ''
let expected = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'framework-typegen-'))
  expected = (await generateFixture()).replace('../../src/index.js', '@framework/client')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runTypegen(argv, {
    cwd: fixtures,
    log: (line) => out.push(line),
    error: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('framework-typegen', () => {
  it('writes the route types of the exported application, then leaves an up-to-date file alone', async () => {
    const file = join(dir, 'written.ts')
    expect(await run('entry-app.ts', '--out', file)).toEqual({
      code: 0,
      out: `wrote ${file}`,
      err: '',
    })
    expect(await readFile(file, 'utf8')).toBe(expected)
    expect((await run('entry-app.ts', '--out', file)).out).toBe(`unchanged ${file}`)
  })

  it('calls an exported function to build the application (--export names it)', async () => {
    const file = join(dir, 'built.ts')
    expect((await run('entry-builder.ts', '--export', 'makeApp', '--out', file)).code).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(expected)
  })

  it('--check exits 0 for a current file, 1 for a stale or missing one, and writes nothing', async () => {
    const file = join(dir, 'checked.ts')
    expect(await run('entry-app.ts', '--check', '--out', file)).toEqual({
      code: 1,
      out: '',
      err: `${file} is missing: run framework-typegen entry-app.ts to regenerate it`,
    })
    await writeFile(file, expected)
    expect(await run('entry-app.ts', '--check', '--out', file)).toEqual({
      code: 0,
      out: `${file} is up to date`,
      err: '',
    })
    await writeFile(file, expected.replace('name: string', 'name: number'))
    expect(await run('entry-app.ts', '--check', '--out', file)).toEqual({
      code: 1,
      out: '',
      err: `${file} is stale: run framework-typegen entry-app.ts to regenerate it`,
    })
    expect(await readFile(file, 'utf8')).toContain('name: number')
  })

  it('exits 2 with the usage for a missing entry or an unknown flag', async () => {
    const none = await run()
    expect(none.code).toBe(2)
    expect(none.err).toMatch(/^usage: framework-typegen <entry>/)
    const unknown = await run('entry-app.ts', '--nope')
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(/Unknown option '--nope'/)
  })

  it('says so when the entry exports no application', async () => {
    await expect(run('entry-nothing.ts')).rejects.toMatchObject({
      code: 'FRM_ERR_TYPEGEN_NO_APP',
      message: `framework-typegen: ${join(fixtures, 'entry-nothing.ts')} exports no application: export it (default export, or \`app\`), or a function that returns it`,
    })
    await expect(run('entry-app.ts', '--export', 'nope')).rejects.toMatchObject({
      code: 'FRM_ERR_TYPEGEN_NO_APP',
      message: expect.stringContaining("entry-app.ts exports no application named 'nope':"),
    })
  })
})
