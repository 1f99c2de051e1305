import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// What a process loads with the package: node:http2, node:https (and node:tls with them) and
// proxy-addr wait for the options that need them (http2, https, trustProxy). Checked on the
// builds Node loads, in a fresh process each.

const dist = (file: string): string => fileURLToPath(new URL(`../dist/${file}`, import.meta.url))

/** The on-demand modules loaded once `code` has run in a fresh node process. */
function loadedAfter(code: string, type: 'commonjs' | 'module'): string[] {
  const probe = `
    const builtins = process.moduleLoadList.filter((m) => /^NativeModule (http2|https|tls)$/.test(m))
    const proxyAddr = Object.keys(require('node:module')._cache ?? {}).some((f) => f.includes('proxy-addr'))
    console.log(JSON.stringify([...builtins.map((m) => m.slice(13)), ...(proxyAddr ? ['proxy-addr'] : [])]))`
  const script =
    type === 'module'
      ? `${code}\nimport { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\n${probe}`
      : `${code}\n${probe}`
  const out = execFileSync(process.execPath, [`--input-type=${type}`, '-e', script], {
    encoding: 'utf8',
  })
  return JSON.parse(out.trim()) as string[]
}

describe('modules loaded on demand', () => {
  it('loading the package (CommonJS) loads none of node:http2, node:https, node:tls, proxy-addr', () => {
    expect(loadedAfter(`require(${JSON.stringify(dist('index.cjs'))})`, 'commonjs')).toEqual([])
  })

  it('loading the package (ESM) loads none of them either', () => {
    expect(loadedAfter(`await import(${JSON.stringify(dist('index.js'))})`, 'module')).toEqual([])
  })
})
