import { createRequire } from 'node:module'

/**
 * `require` as seen from this package: precompiled code asks for Ajv's runtime helpers
 * (`ajv/dist/runtime/...`) and ajv-formats' formats, which are this package's dependencies, not
 * necessarily the application's.
 */
export const ownRequire: (id: string) => any = createRequire(import.meta.url)

/**
 * A `require` for precompiled code: this package's first, then the precompiled module's own
 * (for what a user's Ajv plugin brings). It remembers what it loaded: every part asks for the
 * same few ids.
 */
export function precompiledRequire(fallback: ((id: string) => unknown) | undefined) {
  const loaded = new Map<string, unknown>()
  return (id: string): unknown => {
    if (loaded.has(id)) return loaded.get(id)
    let value: unknown
    try {
      value = ownRequire(id)
    } catch (error) {
      if (typeof fallback !== 'function') throw error
      try {
        value = fallback(id)
      } catch {
        throw error
      }
    }
    loaded.set(id, value)
    return value
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
