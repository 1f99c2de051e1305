/**
 * Deep-copies the JSON part of a schema (plain objects and arrays), so the compiler can rewrite the
 * copy without ever touching the user's object. Other values (functions, RegExps, class instances
 * a plugin keyword may take) are kept as they are. Shared sub-objects and cycles are preserved.
 */
export function cloneSchema<T>(value: T): T {
  return copy(value, new Map()) as T
}

function copy(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value
  const done = copies.get(value)
  if (done !== undefined) return done
  if (Array.isArray(value)) {
    const out: unknown[] = []
    copies.set(value, out)
    for (const item of value) out.push(copy(item, copies))
    return out
  }
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  copies.set(value, out)
  for (const key of Object.keys(value)) {
    out[key] = copy((value as Record<string, unknown>)[key], copies)
  }
  return out
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
