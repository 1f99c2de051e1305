import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { keepAliveCrowd } from './keep-alive-clients.js'

const example = fileURLToPath(new URL('../../../../examples/production.mjs', import.meta.url))

// [API.md Servers and shutdown] The same soak as shutdown.test.ts, as an operator runs it: the
// production example in its own process (on the built package), 200 busy keep-alive clients,
// SIGTERM in the middle.
describe('examples/production.mjs under SIGTERM', () => {
  let child: ChildProcess | undefined
  afterAll(() => {
    child?.kill('SIGKILL')
  })

  it('soak: readiness turns 503 at once, every request is answered (2xx or 503), zero resets, exit 0 within 1 s of the last response', async () => {
    child = spawn(process.execPath, [example], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DRAIN_DELAY: '300', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    const base = await new Promise<string>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`example exited with ${code}: ${output}`)))
      child!.stdout!.on('data', (chunk) => {
        output += chunk
        const match = /listening at (http:\/\/\S+)/.exec(output)
        if (match) resolve(match[1]!)
      })
    })
    const exited = once(child, 'exit')
    expect((await fetch(`${base}/ready`)).status).toBe(200)

    const crowd = keepAliveCrowd(base, '/work', 200, -1)
    for (let waited = 0; crowd.tally.served < 200 && waited < 2000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Draining: not ready any more, still serving.
    const readiness = await fetch(`${base}/ready`, { headers: { connection: 'close' } })
    expect(readiness.status).toBe(503)

    const [code] = await exited
    const exitedAt = performance.now()
    const tally = await crowd.done
    expect(code).toBe(0)
    expect(output).toContain('SIGTERM received')
    expect(output).toContain('closed')
    expect(tally.errors).toEqual({})
    expect(tally.served).toBe(200)
    expect(tally.ok).toBeGreaterThan(200)
    expect(exitedAt - tally.lastAnswerAt).toBeLessThan(1000)
  }, 20_000)
})
