import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const fixtures = fileURLToPath(new URL('./published-types/', import.meta.url))
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

// Compiles ordinary user code against what `pnpm build` wrote (dist/index.d.ts for `import`,
// dist/index.d.cts for `require`), with Node's own module resolution and `skipLibCheck: false`, so
// the declarations of every package (ours and what they import, Ajv's included) must compile too.
// The fixtures hold `@ts-expect-error` lines, so inference that silently became `any` fails too.
describe('published type declarations', () => {
  it('type-check ESM and CommonJS consumers: typed routes, shared schemas, import = require', async () => {
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', fixtures], {
      timeout: 120_000,
    }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, output: error.stdout }),
    )
    expect(result).toEqual({ code: 0, output: '' })
  }, 120_000)
})
