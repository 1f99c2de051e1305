/** A short description of a value for error messages (never its whole content). */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string')
    return `the string '${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`
  if (typeof value === 'object') return value instanceof RegExp ? String(value) : 'an object'
  return `${typeof value} ${String(value)}`
}

/** True for promises and other thenables. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
