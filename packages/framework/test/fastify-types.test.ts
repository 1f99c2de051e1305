import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** Runs tsc on a fixture project (against the built declarations); resolves its exit code and output. */
function compile(project: string): Promise<{ code: number | undefined; output: string }> {
  const path = fileURLToPath(new URL(`./fastify-types/${project}/`, import.meta.url))
  return promisify(execFile)(process.execPath, [tsc, '-p', path], { timeout: 120_000 }).then(
    () => ({ code: 0, output: '' }),
    (error: { code?: number; stdout?: string }) => ({
      code: error.code,
      output: error.stdout ?? '',
    }),
  )
}

// Code written for Fastify, compiled as an application does (NodeNext, strict), against what
// `pnpm build` wrote. The fixtures hold `expectTypeOf` checks and `@ts-expect-error` lines, so a
// type that silently became `any` fails too.
describe.concurrent("Fastify's type names and module augmentation", () => {
  it('a multi-file app augmenting FastifyInstance/Request/Reply and Instance/FrameworkRequest compiles with zero errors', async () => {
    expect(await compile('app')).toEqual({ code: 0, output: '' })
  }, 120_000)

  it("real plugins' declarations (@fastify/sensible, @fastify/cookie, fastify-plugin) reach the framework's types through the README's paths mapping", async () => {
    expect(await compile('plugins')).toEqual({ code: 0, output: '' })
  }, 120_000)

  it("the Fastify-5 releases' declarations (@fastify/sensible 6, @fastify/jwt 10, @fastify/rate-limit 11, @fastify/cookie 11, fastify-plugin 5) reach the framework's types: reply.notFound(), request.jwtVerify(), app.rateLimit()", async () => {
    expect(await compile('plugins-v5')).toEqual({ code: 0, output: '' })
  }, 120_000)

  it('the same from CommonJS code, `fastify` mapped to dist/index.d.cts', async () => {
    expect(await compile('plugins-cjs')).toEqual({ code: 0, output: '' })
  }, 120_000)

  it("the README's shim alternative works when the application augments 'fastify' too", async () => {
    expect(await compile('plugins-shim')).toEqual({ code: 0, output: '' })
  }, 120_000)
})
