import { createRequire } from 'node:module'
import { precompiledRequireWith } from './precompiled-require.js'

/**
 * `require` as seen from this package: precompiled code asks for Ajv's runtime helpers
 * (`ajv/dist/runtime/...`) and ajv-formats' formats, which are this package's dependencies, not
 * necessarily the application's. Loading Ajv on first use keeps it out of a precompiled start.
 * Bundlers get own-require.bundler.ts instead, which imports what is used statically.
 *
 * Ajv and ajv-formats are pinned to exact versions in package.json: the finite-number keyword uses
 * Ajv's type-error reporter (`ajv/dist/compile/validate/dataType.js`), which is not public API.
 */
export function ownRequire(id: string): any {
  // Made on first use, not at load: a bundle without own-require.bundler.ts (a Worker, where
  // `import.meta.url` is undefined) still loads, and a precompiled start never calls it.
  required ??= createRequire(import.meta.url)
  return required(id)
}

let required: ((id: string) => any) | undefined

/** A `require` for precompiled code: this package's first, then the precompiled module's own. */
export const precompiledRequire = (fallback: ((id: string) => unknown) | undefined) =>
  precompiledRequireWith(ownRequire, fallback)

/** The installed version of a package, or `'?'`. */
export function versionOf(name: string): string {
  try {
    return String(ownRequire(`${name}/package.json`).version)
  } catch {
    return '?'
  }
}
