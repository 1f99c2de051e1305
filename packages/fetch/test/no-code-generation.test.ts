import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'framework-no-codegen-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The fixture's answers under node with code generation from strings refused (as on Workers). */
async function answersWithout(precompiled: string, routes = 'request parts'): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    ['--disallow-code-generation-from-strings', fixture('no-codegen.mjs'), precompiled, routes],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), timeout: 30_000 },
  )
  return JSON.parse(stdout)
}

describe('a host that forbids code generation (Workers), under node --disallow-code-generation-from-strings', () => {
  it('validates with the precompiled module: no Function, no eval', async () => {
    const file = join(dir, 'compiled.cjs')
    await run(process.execPath, [fixture('no-codegen-build.mjs'), file], { timeout: 30_000 })
    expect(await answersWithout(file)).toEqual([
      { status: 200, body: { id: 12 } },
      {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: "body should have required property 'name'",
        },
      },
    ])
  }, 40_000)

  it('fails ready() naming the route, the part and the build step when a schema is not precompiled', async () => {
    const [first] = (await answersWithout('none')) as Array<{
      status: number
      body: { message: string; code: string }
    }>
    expect(first!.status).toBe(500)
    expect(first!.body.code).toBe('FRM_ERR_PRECOMPILED_MISSING')
    expect(first!.body.message).toMatch(
      /^The (body|params) schema of (POST|GET) \/users(\/:id)? is not in the precompiled module, and this host forbids compiling code at run time: no precompiled module was given; run node build.mjs$/,
    )
  }, 40_000)

  it('fails ready() the same way for a response schema, which elsewhere waits for its first response', async () => {
    const [first] = (await answersWithout('none', 'response')) as Array<{
      status: number
      body: { message: string; code: string }
    }>
    expect(first!.status).toBe(500)
    expect(first!.body.code).toBe('FRM_ERR_PRECOMPILED_MISSING')
    expect(first!.body.message).toBe(
      'The response 200 schema of GET /users/:id is not in the precompiled module, and this host forbids compiling code at run time: no precompiled module was given; run node build.mjs',
    )
  }, 40_000)
})
