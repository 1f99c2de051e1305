/**
 * A `require` for precompiled code: `own` (this package's) first, then the precompiled module's
 * own (for what a user's Ajv plugin brings). It remembers what it loaded: every part asks for the
 * same few ids.
 */
export function precompiledRequireWith(
  own: (id: string) => unknown,
  fallback: ((id: string) => unknown) | undefined,
) {
  const loaded = new Map<string, unknown>()
  return (id: string): unknown => {
    if (loaded.has(id)) return loaded.get(id)
    let value: unknown
    try {
      value = own(id)
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
