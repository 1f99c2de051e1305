import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import nodeFramework from 'framework'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../examples/edge/app.mjs'
import { type Answer, askAll } from './compare.js'
import { corpus } from './fixtures/corpus.mjs'
import { binDir, examplesDir, freePort, type RunningHost, startHost } from './hosts.js'

const run = promisify(execFile)
let reference: Answer[]
const nodeApp = buildApp(nodeFramework)

// The hosts load the built packages (as users do): `turbo run test` builds them first.
const built = existsSync(new URL('../dist/index.js', import.meta.url))

beforeAll(async () => {
  if (!built)
    throw new Error(
      'packages/fetch/dist is missing: npx pnpm turbo run build --filter=@framework/fetch...',
    )
  const address = await nodeApp.listen({ port: 0, host: '127.0.0.1' })
  reference = await askAll(address, corpus)
  // The Worker's build step: the precompiled module it imports.
  await run(process.execPath, ['edge/build.mjs'], { cwd: examplesDir, timeout: 30_000 })
}, 40_000)

afterAll(() => nodeApp.close())

/** Each host answers the whole corpus as node:http does: same status, headers and bytes. */
async function expectSameAnswers(host: RunningHost): Promise<void> {
  try {
    const answers = await askAll(host.base, corpus)
    for (let index = 0; index < corpus.length; index++) {
      expect({ request: corpus[index], ...answers[index]! }).toEqual({
        request: corpus[index],
        ...reference[index]!,
      })
    }
  } finally {
    await host.stop()
  }
}

const wranglerEnv = { WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' }

describe('the edge example on the real runtimes answers as on node:http', () => {
  it('Bun (Bun.serve)', async () => {
    const port = await freePort()
    await expectSameAnswers(
      await startHost(`${binDir}bun`, ['edge/bun.mjs', String(port)], port, 20_000),
    )
  }, 40_000)

  it('Deno (Deno.serve)', async () => {
    const port = await freePort()
    const args = [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      'edge/deno.mjs',
      String(port),
    ]
    await expectSameAnswers(
      await startHost(`${binDir}deno`, args, port, 30_000, { DENO_NO_UPDATE_CHECK: '1' }),
    )
  }, 50_000)

  it('Cloudflare Workers (wrangler dev, workerd), with the precompiled module and no code generation', async () => {
    const port = await freePort()
    const inspector = await freePort()
    const args = [
      'dev',
      '--config',
      'edge/wrangler.toml',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspector),
    ]
    await expectSameAnswers(await startHost(`${binDir}wrangler`, args, port, 60_000, wranglerEnv))
  }, 90_000)
})

describe("the client's address on Bun.serve", () => {
  it('is what Bun says, for a route and for an onResponse hook that reads it after the response went out', async () => {
    const port = await freePort()
    const fixture = new URL('./fixtures/bun-client-address.mjs', import.meta.url).pathname
    const host = await startHost(`${binDir}bun`, [fixture, String(port)], port, 20_000)
    try {
      const ip = await fetch(`${host.base}/ip`)
      expect(await ip.json()).toEqual({ ip: '127.0.0.1' })
      const late = await fetch(`${host.base}/late`)
      expect(await late.text()).toBe('sent')
      await new Promise((resolve) => setTimeout(resolve, 50))
      const seen = await fetch(`${host.base}/seen`)
      expect(await seen.json()).toEqual({ late: '127.0.0.1' })
    } finally {
      await host.stop()
    }
  }, 40_000)
})

describe('an async handler on Bun', () => {
  it('is answered in the same turn once its promise is fulfilled (Bun.peek), with the same bytes as when it waits', async () => {
    const fixture = new URL('./fixtures/bun-settled.mjs', import.meta.url).pathname
    const { stdout } = await run(`${binDir}bun`, [fixture], { timeout: 20_000 })
    const json = { type: 'application/json; charset=utf-8' }
    expect(JSON.parse(stdout)).toEqual({
      '/now': { answered: 'fulfilled', status: 200, ...json, body: '{"hello":"world"}' },
      '/later': { answered: 'pending', status: 200, ...json, body: '{"hello":"world"}' },
      // A rejected promise goes the usual way, through the error handler a turn later.
      '/fails': {
        answered: 'pending',
        status: 418,
        ...json,
        body: '{"statusCode":418,"error":"I\'m a Teapot","message":"no teapot here"}',
      },
    })
  }, 30_000)
})

describe("wrangler's bundle of the Worker", () => {
  it('holds neither node:http nor light-my-request, and stays under 1 MB gzipped', async () => {
    const out = await mkdtemp(join(tmpdir(), 'framework-worker-'))
    try {
      await run(
        `${binDir}wrangler`,
        ['deploy', '--dry-run', '--config', 'edge/wrangler.toml', '--outdir', out],
        {
          cwd: examplesDir,
          env: { ...process.env, ...wranglerEnv },
          timeout: 60_000,
        },
      )
      const bundle = await readFile(join(out, 'worker.js'), 'utf8')
      expect(bundle).toContain('toFetchHandler')
      expect(bundle).not.toMatch(/from\s*"(node:)?(http|https|http2|net)"/)
      expect(bundle).not.toMatch(/require\("(node:)?(http|https|http2|net)"\)/)
      expect(bundle).not.toMatch(/light-my-request\/(index|lib)/)
      const gzipped = gzipSync(bundle).byteLength
      expect(gzipped).toBeLessThan(1024 * 1024)
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  }, 70_000)
})
