import { createRequire } from 'node:module'
import { precompiledRequireWith } from './precompiled-require.js'

/**
 * `require` as seen from this package: precompiled serializers load fast-json-stringify's runtime
 * (`fast-json-stringify/lib/serializer`), a dependency of this package, not necessarily of the
 * application.
 */
let required: ((id: string) => any) | undefined

/**
 * Made on first use, not at load: a bundle that does not map this file to own-require.bundler.ts
 * (a Worker, where `import.meta.url` is undefined) still loads, and a precompiled start never
 * calls it.
 */
function ownRequire(id: string): any {
  required ??= createRequire(import.meta.url)
  return required(id)
}

let fjs: typeof import('fast-json-stringify').default | undefined

/**
 * fast-json-stringify's `build`, loaded by the first build (it loads Ajv): a start from a
 * precompiled module that holds every serializer never loads it.
 */
export function fjsBuild(): typeof import('fast-json-stringify').default {
  fjs ??= ownRequire('fast-json-stringify')
  return fjs!
}

/** A `require` for precompiled code: this package's first, then the module's own. */
export const precompiledRequire = (fallback: ((id: string) => unknown) | undefined) =>
  precompiledRequireWith(ownRequire, fallback)

/** The installed version of fast-json-stringify, or `'?'`. */
export function fjsVersion(): string {
  try {
    return String(ownRequire('fast-json-stringify/package.json').version)
  } catch {
    return '?'
  }
}
