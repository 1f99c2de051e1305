import build from 'fast-json-stringify'
import Serializer from 'fast-json-stringify/lib/serializer.js'
import Validator from 'fast-json-stringify/lib/validator.js'
import { precompiledRequireWith } from './precompiled-require.js'

// The build bundlers use (`module` condition) gets this file instead of own-require.ts: static
// imports, so that esbuild, Rollup and webpack put fast-json-stringify in the bundle.

declare const __DEPENDENCY_VERSIONS__: Record<string, string>

/** What precompiled serializers require. */
const modules: Record<string, unknown> = {
  'fast-json-stringify/lib/serializer': Serializer,
  'fast-json-stringify/lib/validator': Validator,
}

/** fast-json-stringify's `build`. */
export function fjsBuild(): typeof build {
  return build
}

function ownRequire(id: string): unknown {
  if (id in modules) return modules[id]
  const error = new Error(`Cannot find module '${id}' in the bundled serializer compiler`)
  Object.assign(error, { code: 'MODULE_NOT_FOUND' })
  throw error
}

/** See own-require.ts. */
export const precompiledRequire = (fallback: ((id: string) => unknown) | undefined) =>
  precompiledRequireWith(ownRequire, fallback)

/** The version of fast-json-stringify this build was made with, or `'?'`. */
export function fjsVersion(): string {
  return __DEPENDENCY_VERSIONS__['fast-json-stringify'] ?? '?'
}
