import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const example = fileURLToPath(new URL('../../../examples/server.mjs', import.meta.url))

// Starts examples/server.mjs as a user would (a plain node process on the built package) and checks
// that the three curl commands it prints answer what it says they answer.
describe('examples/server.mjs', () => {
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

  it('prints its URL and three curl commands', () => {
    expect(banner.match(/curl -s/g)).toHaveLength(3)
    expect(banner).toContain(`curl -s ${address}/users/1`)
  })

  it('drops the secret field through the response schema', async () => {
    const response = await fetch(`${address}/users/1`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('{"name":"Ada","email":"ada@example.com","id":1}')
  })

  it("answers 422 from the users context's error handler", async () => {
    const response = await fetch(`${address}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Grace"}',
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      message: "body should have required property 'email'",
      context: 'body',
    })
  })

  it('answers the default 400 outside that context', async () => {
    const response = await fetch(`${address}/search?limit=500`)
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(
      '{"statusCode":400,"error":"Bad Request","message":"querystring/limit should be <= 50"}',
    )
  })
})

describe('examples/quick-start.mjs (the README quick start)', () => {
  it('prints the output the README shows', async () => {
    const script = fileURLToPath(new URL('../../../examples/quick-start.mjs', import.meta.url))
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, PORT: '0', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(0)
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    const shown = /\$ node app\.mjs\n([\s\S]*?)```/.exec(readme)![1]
    expect(output).toBe(shown)
  })
})
