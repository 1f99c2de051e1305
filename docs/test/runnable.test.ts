import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { codeBlocks, pages, runnableSource } from './blocks.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const workDir = join(root, '.runnable')
const run = promisify(execFile)

const runnable = pages(root)
  .flatMap((page) => codeBlocks(root, page))
  .filter((block) => block.meta.includes('run'))

/** Compiles a `ts` block to a module that Node runs (the types were checked by the build). */
function toModule(lang: string, code: string): string {
  const source = runnableSource(code)
  if (lang !== 'ts') return source
  return ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: false,
    },
  }).outputText
}

describe('every block marked `run` runs, exits 0 and prints its `text output` block', () => {
  rmSync(workDir, { recursive: true, force: true })

  it('finds runnable blocks', () => {
    expect(runnable.length).toBeGreaterThan(10)
  })

  for (const block of runnable) {
    it(block.where, async () => {
      mkdirSync(workDir, { recursive: true })
      const file = join(workDir, `${block.where.replace(/[^\w]+/g, '_')}.mjs`)
      writeFileSync(file, toModule(block.lang, block.code))
      const { stdout } = await run(process.execPath, [file], {
        cwd: root,
        // Bounded, with room for a block that starts PGlite (a WebAssembly PostgreSQL: seconds of
        // compilation on a busy machine).
        timeout: 60_000,
        env: { ...process.env, NODE_ENV: 'production' },
      }).catch((error: Error & { stderr?: string }) => {
        throw new Error(`docs/${block.where}: the block failed:\n${error.stderr ?? error.message}`)
      })
      if (block.output !== undefined) {
        expect(stdout.trim(), `docs/${block.where}: its output block`).toBe(block.output.trim())
      }
    }, 90_000)
  }
})
