import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { binDir } from './hosts.js'

// test/fixtures/channels.mjs subscribes to Fastify's diagnostics channels and serves two requests
// through the fetch handler of the built package; Deno and Bun must see what Node sees, so a
// tracer built on them (as @fastify/otel's registerOnInitialization) works there.

const run = promisify(execFile)
const fixture = new URL('./fixtures/channels.mjs', import.meta.url).pathname

const expected = {
  events: [
    'initialization',
    'start GET /users/:id 200',
    'end GET /users/:id 200',
    'asyncStart GET /users/:id 200',
    'asyncEnd GET /users/:id 200',
    'start GET /crash 200',
    'end GET /crash 200',
    'error GET /crash 500 the database is down',
    'asyncStart GET /crash 500 the database is down',
    'asyncEnd GET /crash 500 the database is down',
  ],
  ok: [200, 'yes', '{"id":"42"}'],
  crash: [500, 'yes'],
}

describe('[diagnostics] Fastify channels on every runtime of the Fetch transport', () => {
  it('Node', async () => {
    const { stdout } = await run(process.execPath, [fixture], { timeout: 20_000 })
    expect(JSON.parse(stdout)).toEqual(expected)
  })

  it('Deno', async () => {
    const { stdout } = await run(
      `${binDir}deno`,
      ['run', '--allow-read', '--allow-env', '--allow-sys', fixture],
      { timeout: 30_000 },
    )
    expect(JSON.parse(stdout)).toEqual(expected)
  }, 40_000)

  it('Bun (whose TracingChannel has no hasSubscribers)', async () => {
    const { stdout } = await run(`${binDir}bun`, [fixture], { timeout: 20_000 })
    expect(JSON.parse(stdout)).toEqual(expected)
  }, 30_000)
})
