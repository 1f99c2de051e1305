import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
let count = 0

/** Writes `code` as a CommonJS module in a temporary directory and loads it with `require`. */
export function loadModule(code: string): any {
  const dir = mkdtempSync(join(tmpdir(), 'framework-precompiled-'))
  const file = join(dir, `compiled-${count++}.cjs`)
  writeFileSync(file, `"use strict";\nexports.require = require;\n${code}`)
  return require(file)
}
