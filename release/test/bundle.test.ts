import { type ChildProcess, spawn } from 'node:child_process'
import { copyFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, describe, expect, inject, it } from 'vitest'

const { app, dir } = inject('release')
const examples = fileURLToPath(new URL('../../examples/', import.meta.url))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill()
})

/** Starts `file` with node in `cwd`; resolves to the URL it prints and what it wrote so far. */
function start(file: string, cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [file], { cwd, env: { ...process.env, ...env } })
  children.push(child)
  let output = ''
  return new Promise<{ url: string; output: () => string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk
      const match = /Example app listening at (http:\/\/[\d.:]+)/.exec(output)
      if (match) resolve({ url: match[1]!, output: () => output })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
}

describe('bundling', () => {
  it('the example application bundles with esbuild (--bundle --platform=node) and runs without node_modules', async () => {
    // The example as a user would have it: in the app folder, resolving the installed tarballs.
    const source = join(app, 'server.mjs')
    await copyFile(join(examples, 'server.mjs'), source)
    await copyFile(join(examples, 'app.mjs'), join(app, 'app.mjs'))
    const out = join(dir, 'bundled')
    await mkdir(out)
    const result = await build({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: join(out, 'server.mjs'),
      // Bundled CommonJS dependencies require Node's built-ins: an ESM bundle needs a `require`.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    })
    expect(result.errors).toEqual([])

    // Nothing to fall back on beside the bundle: every dependency must be inside it.
    const server = await start('server.mjs', out, { PORT: '0', LOG: '1' })
    const user = await fetch(`${server.url}/users/1`)
    expect([user.status, await user.text()]).toEqual([
      200,
      '{"name":"Ada","email":"ada@example.com","id":1}',
    ])
    const invalid = await fetch(`${server.url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Grace"}',
    })
    expect(invalid.status).toBe(422)
    const search = await fetch(`${server.url}/search?limit=500`)
    expect([search.status, await search.json()]).toEqual([
      400,
      { statusCode: 400, error: 'Bad Request', message: 'querystring/limit should be <= 50' },
    ])
    const document = await fetch(`${server.url}/openapi/json`)
    expect(document.status).toBe(200)
    expect(((await document.json()) as { info: { title: string } }).info.title).toBe(
      'Example users API',
    )
    // logger: true (LOG=1): pino, from the bundle, wrote the request log.
    expect(server.output()).toMatch(/"msg":"request completed"/)
  })
})
