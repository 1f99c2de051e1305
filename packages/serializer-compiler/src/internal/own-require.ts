import { createRequire } from 'node:module'

/**
 * `require` as seen from this package: precompiled serializers load fast-json-stringify's runtime
 * (`fast-json-stringify/lib/serializer`), a dependency of this package, not necessarily of the
 * application.
 */
const ownRequire: (id: string) => any = createRequire(import.meta.url)

/** A `require` for precompiled code: this package's first, then the module's own. */
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

/** The installed version of fast-json-stringify, or `'?'`. */
export function fjsVersion(): string {
  try {
    return String(ownRequire('fast-json-stringify/package.json').version)
  } catch {
    return '?'
  }
}
