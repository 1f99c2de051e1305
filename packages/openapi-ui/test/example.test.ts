import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const example = fileURLToPath(new URL('../../../examples/server.mjs', import.meta.url))

// Starts examples/server.mjs (`pnpm example`) as a user would, on the built packages, and checks
// the docs it registers: the URL it prints, the page, and the document behind it.
describe('examples/server.mjs registers the OpenAPI document and the docs page', () => {
  let child: ChildProcess
  let address: string
  let banner = ''

  beforeAll(async () => {
    child = spawn(process.execPath, [example], {
      env: { ...process.env, PORT: '0', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    address = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`example exited with ${code}`)))
      child.stdout!.on('data', (chunk) => {
        banner += chunk
        const match = /listening at (http:\/\/\S+)/.exec(banner)
        if (match && banner.includes('Stop with Ctrl+C')) resolve(match[1]!)
      })
    })
  })

  afterAll(() => {
    child?.kill('SIGTERM')
  })

  it('prints the docs URL, which serves the page', async () => {
    expect(banner).toContain(`API docs: ${address}/docs`)
    const page = await fetch(`${address}/docs`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Example users API</title>')
  })

  it('documents the routes of every context', async () => {
    const document = await (await fetch(`${address}/openapi/json`)).json()
    expect(Object.keys(document.paths)).toEqual(['/search', '/users/{id}', '/users'])
    expect(document.paths['/users'].post.summary).toBe('Create a user')
    expect(document.paths['/users'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/user',
    })
    expect(Object.keys(document.components.schemas)).toEqual(['user'])
  })
})
