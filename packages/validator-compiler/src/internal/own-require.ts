import { createRequire } from 'node:module'

/**
 * `require` as seen from this package: precompiled code asks for Ajv's runtime helpers
 * (`ajv/dist/runtime/...`) and ajv-formats' formats, which are this package's dependencies, not
 * necessarily the application's.
 */
export const ownRequire: (id: string) => any = createRequire(import.meta.url)

/**
 * A `require` for precompiled code: this package's first, then the precompiled module's own
 * (for what a user's Ajv plugin brings).
 */
export function precompiledRequire(fallback: ((id: string) => unknown) | undefined) {
  if (typeof fallback !== 'function') return ownRequire
  return (id: string): unknown => {
    try {
      return ownRequire(id)
    } catch (error) {
      try {
        return fallback(id)
      } catch {
        throw error
      }
    }
  }
}

/** The installed version of a package, or `'?'`. */
export function versionOf(name: string): string {
  try {
    return String(ownRequire(`${name}/package.json`).version)
  } catch {
    return '?'
  }
}
