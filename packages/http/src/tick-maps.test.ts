import { execFile } from 'node:child_process'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import type { RouteTable } from '@framework/core'
import { describe, expect, it } from 'vitest'
import { createHttpTransport } from './index.js'
import { keptTickObject } from './internal/tick-maps.js'

// A transport that mounts its routes keeps one of node's tick objects alive, so that V8 keeps the
// maps of those objects and `process.nextTick` stays compiled without runtime calls (see
// internal/tick-maps.ts).

const packageDir = new URL('..', import.meta.url)

/** The smallest table a transport mounts: one route, a 404, a failure answer. */
function mountOne(transport: ReturnType<typeof createHttpTransport>): void {
  const table: RouteTable<IncomingMessage, ServerResponse> = {
    routes: [
      {
        method: 'GET',
        url: '/',
        handle: (_raw, res) => transport.send(res, 200, {}, 'ok', undefined),
      },
    ],
    notFound: [
      { prefix: '', handle: (_raw, res) => transport.send(res, 404, {}, null, undefined) },
    ],
    fail: (_raw, res, error) => transport.send(res, 400, {}, error.message, undefined),
  }
  transport.mount(table)
}

/**
 * The state V8 recorded for the three computed-key sites of node's tick object literal, in a fresh
 * node process that (with `mount`) mounts a transport of the built package, makes ticks, collects
 * everything twice while no tick is pending, then makes ticks again.
 */
async function literalSitesAfterIdleCollection(mount: boolean): Promise<string[]> {
  const script = `
    const { createHttpTransport } = await import('./dist/index.js')
    if (${mount}) {
      const transport = createHttpTransport()
      transport.mount({ routes: [], notFound: [], fail: () => {} })
    }
    const ticks = () => new Promise((resolve) => {
      for (let i = 0; i < 100; i++) process.nextTick(() => {})
      setImmediate(resolve)
    })
    await ticks()
    globalThis.gc()
    globalThis.gc()
    await ticks()
    ;%DebugPrint(process.nextTick)`
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--allow-natives-syntax', '--input-type=module', '-e', script],
    { cwd: packageDir, env: { ...process.env, NODE_OPTIONS: '' }, timeout: 30_000 },
  )
  return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!)
}

describe("node's tick objects kept alive", () => {
  it('mounting routes keeps one of node’s tick objects, once per process', async () => {
    const first = createHttpTransport()
    mountOne(first)
    await new Promise((resolve) => setImmediate(resolve))
    const kept = keptTickObject()
    expect(kept).not.toBeNull()
    // node's TickObject: its async id and trigger id under symbols, its callback and arguments.
    expect(typeof (kept as { callback?: unknown }).callback).toBe('function')
    expect(Object.getOwnPropertySymbols(kept)).toHaveLength(2)

    const second = createHttpTransport()
    mountOne(second)
    await new Promise((resolve) => setImmediate(resolve))
    expect(keptTickObject()).toBe(kept)
    const response = await second.inject('/')
    expect([response.statusCode, response.body]).toEqual([200, 'ok'])
  })

  it('without it, a full collection while no tick is pending leaves the literal megamorphic', async () => {
    // The premise, on the node that runs the tests: if this fails, node no longer needs the help.
    const sites = await literalSitesAfterIdleCollection(false)
    expect(sites).toHaveLength(4)
    expect(sites.slice(1)).toContain('MEGAMORPHIC')
  })

  it('with a mounted transport, every site of the literal stays monomorphic', async () => {
    const sites = await literalSitesAfterIdleCollection(true)
    expect(sites).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC'])
  })
})
