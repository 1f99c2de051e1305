/**
 * A text that is the same for two values exactly when they are deeply equal JSON data, property
 * order included (a serializer writes properties in schema order, so order is part of what a
 * schema means), and the same in every process: what compilers key shared and precompiled
 * functions by. `undefined` when the value holds anything that is not plain data (a function, a
 * Date, a RegExp, a class instance, a symbol, a bigint, a cycle): such a schema is compiled on its
 * own, never shared or precompiled.
 *
 * @example
 * fingerprint({ type: 'string' }) === fingerprint({ type: 'string' }) // true
 * fingerprint({ default: () => 1 }) // undefined
 */
export function fingerprint(value: unknown): string | undefined {
  const parts: string[] = []
  return write(value, parts, new Set()) ? parts.join('') : undefined
}

function write(value: unknown, parts: string[], ancestors: Set<object>): boolean {
  switch (typeof value) {
    case 'string':
      parts.push(JSON.stringify(value))
      return true
    case 'number':
      // NaN and the infinities get a mark of their own, apart from null.
      parts.push(Number.isFinite(value) ? String(value) : `#${value}`)
      return true
    case 'boolean':
      parts.push(value ? 't' : 'f')
      return true
    case 'undefined':
      parts.push('u')
      return true
    case 'object':
      if (value === null) {
        parts.push('n')
        return true
      }
      if (ancestors.has(value)) return false
      ancestors.add(value)
      try {
        return Array.isArray(value)
          ? writeArray(value, parts, ancestors)
          : writeObject(value, parts, ancestors)
      } finally {
        ancestors.delete(value)
      }
    default:
      return false
  }
}

function writeArray(array: readonly unknown[], parts: string[], ancestors: Set<object>): boolean {
  parts.push('[')
  for (let i = 0; i < array.length; i++) {
    if (i > 0) parts.push(',')
    if (!write(array[i], parts, ancestors)) return false
  }
  parts.push(']')
  return true
}

function writeObject(object: object, parts: string[], ancestors: Set<object>): boolean {
  const prototype = Object.getPrototypeOf(object)
  if (prototype !== Object.prototype && prototype !== null) return false
  parts.push('{')
  let first = true
  for (const key of Object.keys(object)) {
    parts.push(first ? JSON.stringify(key) : `,${JSON.stringify(key)}`, ':')
    first = false
    if (!write((object as Record<string, unknown>)[key], parts, ancestors)) return false
  }
  parts.push('}')
  return true
}
