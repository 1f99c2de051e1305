/**
 * A deep copy of the plain objects and arrays of a schema; any other value (a Date default, a
 * RegExp) is kept as it is. fast-json-stringify writes into the schemas it builds (it adds the `type`
 * it infers from keywords), and the user's schemas are shared with the validator, so it only ever
 * sees copies. Shared references and cycles are kept as they are in the original.
 *
 * @example
 * const copy = cloneSchema(schema)
 * copy !== schema // true, and deeply equal
 */
export function cloneSchema<T>(schema: T): T {
  return copy(schema, new Map()) as T
}

function copy(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value
  const done = copies.get(value)
  if (done !== undefined) return done
  if (Array.isArray(value)) {
    const array: unknown[] = []
    copies.set(value, array)
    for (const item of value) array.push(copy(item, copies))
    return array
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const object: Record<string, unknown> = Object.create(prototype)
  copies.set(value, object)
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key], copies)
    // An own `__proto__` key (a property of that name in `properties`) must stay a key.
    if (key === '__proto__') {
      Object.defineProperty(object, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    } else {
      object[key] = item
    }
  }
  return object
}
