import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

// Loads what `pnpm build` wrote, the way users will: once with require, once with import.
describe('built output', () => {
  it('require returns the factory itself, with .default, .framework and .fastify pointing at it', async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      `return {
        type: typeof mod,
        defaultIsSelf: mod.default === mod,
        namedIsSelf: mod.framework === mod,
        fastifyIsSelf: mod.fastify === mod,
        fp: typeof mod.fp,
      }`,
    )
    expect(report).toEqual({
      type: 'function',
      defaultIsSelf: true,
      namedIsSelf: true,
      fastifyIsSelf: true,
      fp: 'function',
    })
  })

  it('import gives the factory as default and named export (framework and fastify)', async () => {
    const report = await runBuilt(
      packageDir,
      'import',
      `return {
        type: typeof mod.default,
        same: mod.framework === mod.default,
        fastify: mod.fastify === mod.default,
        fp: typeof mod.fp,
      }`,
    )
    expect(report).toEqual({ type: 'function', same: true, fastify: true, fp: 'function' })
  })

  it.each(['require', 'import'] as const)('the %s build answers a request', async (format) => {
    const report = await runBuilt(
      packageDir,
      format,
      `const factory = mod.default ?? mod
      const app = factory()
      app.get('/', async () => ({ ok: true }))
      const response = await app.inject({ url: '/' })
      await app.close()
      return { status: response.statusCode, body: response.json() }`,
    )
    expect(report).toEqual({ status: 200, body: { ok: true } })
  })

  it("require gives Fastify's module paths framework/lib/symbols and framework/lib/errors", async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      `const { kRouteContext } = require('framework/lib/symbols')
      const errors = require('framework/lib/errors')
      const app = mod()
      app.addSchema({ $id: 'user' })
      let recognised = false
      try {
        app.addSchema({ $id: 'user' })
      } catch (error) {
        recognised = error instanceof errors.FST_ERR_SCH_ALREADY_PRESENT
      }
      return {
        symbol: kRouteContext === Symbol.for('framework.route'),
        sameNames: Object.keys(errors).filter((name) => name !== 'errorCodes').sort().join() ===
          Object.keys(mod.errorCodes).sort().join(),
        code: new errors.FST_ERR_SCH_ALREADY_PRESENT('user').code,
        recognised,
      }`,
    )
    expect(report).toEqual({
      symbol: true,
      sameNames: true,
      code: 'FRM_ERR_SCH_ALREADY_PRESENT',
      recognised: true,
    })
  })

  it('close() settles in a process whose server was unref()ed after a HEAD on a kept-alive connection', async () => {
    // Only a process of its own shows it: the test runner keeps its own event loop alive.
    const report = await runBuilt(
      packageDir,
      'require',
      `const app = mod()
      app.get('/', async () => 'hello')
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      app.server.unref()
      const head = await fetch(address, { method: 'HEAD' })
      await app.close()
      return { status: head.status, closed: true }`,
    )
    expect(report).toEqual({ status: 200, closed: true })
  })

  it('a throwing inject callback is an uncaught exception, as in Fastify, not an unhandled rejection', async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      `const seen = []
      process.on('uncaughtException', (error) => seen.push('uncaughtException: ' + error.message))
      process.on('unhandledRejection', (error) => seen.push('unhandledRejection: ' + error.message))
      const app = mod()
      app.get('/', async () => 'hello')
      app.inject({ url: '/' }, () => {
        throw new Error('thrown by the callback')
      })
      await new Promise((resolve) => setTimeout(resolve, 200))
      await app.close()
      return seen`,
    )
    expect(report).toEqual(['uncaughtException: thrown by the callback'])
  })
})
