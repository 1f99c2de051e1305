/**
 * A text equal for two values exactly when they are the same JSON data, property order included,
 * and the same in every process: what a precompiled function is keyed by. `undefined` for a value
 * JSON cannot spell (a function, a RegExp, a class instance, a symbol, a bigint, `undefined` inside
 * an array, a cycle): such a schema or option is never precompiled, it is compiled at start.
 *
 * @example
 * portableKey({ type: 'string' }) // '{"type":"string"}'
 * portableKey({ format: /x/ }) // undefined
 */
export function portableKey(value: unknown): string | undefined {
  const parts: string[] = []
  return write(value, parts, new Set()) ? parts.join('') : undefined
}

function write(value: unknown, parts: string[], ancestors: Set<object>): boolean {
  switch (typeof value) {
    case 'string':
      parts.push(JSON.stringify(value))
      return true
    case 'number':
      // NaN and the infinities stay apart from null (which JSON would write for them).
      parts.push(Number.isFinite(value) ? String(value) : `#${value}`)
      return true
    case 'boolean':
      parts.push(value ? 'true' : 'false')
      return true
    case 'object':
      break
    default:
      return false
  }
  if (value === null) {
    parts.push('null')
    return true
  }
  const object = value as object
  if (ancestors.has(object)) return false
  ancestors.add(object)
  const ok = Array.isArray(object)
    ? writeArray(object, parts, ancestors)
    : writeObject(object, parts, ancestors)
  ancestors.delete(object)
  return ok
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
    const item = (object as Record<string, unknown>)[key]
    // An own property set to undefined is as good as absent (JSON.stringify drops it too).
    if (item === undefined) continue
    parts.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`)
    first = false
    if (!write(item, parts, ancestors)) return false
  }
  parts.push('}')
  return true
}
