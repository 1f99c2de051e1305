/**
 * A string that is equal for two schemas exactly when they are deeply equal as JSON with the
 * same values elsewhere: object keys are sorted, so `{ a, b }` and `{ b, a }` give one key.
 * Values JSON cannot spell (functions, RegExps, class instances) are keyed by identity, so two
 * schemas that differ only there never share a compiled function. Returns `undefined` for a
 * cyclic value, which is then simply not cached.
 *
 * Markers for what JSON cannot spell start with an unquoted `@`, which JSON text never contains
 * outside a string, so they cannot collide with a schema's own values.
 */
export function stableKey(value: unknown): string | undefined {
  try {
    return write(value, new Set())
  } catch (error) {
    if (error === CYCLE) return undefined
    throw error
  }
}

const CYCLE = Symbol('cycle')
const identities = new WeakMap<object, number>()
let nextIdentity = 0

function identityOf(value: object): string {
  let id = identities.get(value)
  if (id === undefined) {
    id = nextIdentity++
    identities.set(value, id)
  }
  return `@id${id}`
}

function write(value: unknown, ancestors: Set<object>): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      // JSON would write NaN and Infinity as null: keep them apart.
      return Number.isFinite(value) ? String(value) : `@${value}`
    case 'boolean':
      return value ? 'true' : 'false'
    case 'undefined':
      return '@undefined'
    case 'bigint':
      return `@${value}n`
    case 'symbol':
      return `@${JSON.stringify(String(value))}`
    case 'function':
      return identityOf(value)
  }
  if (value === null) return 'null'
  const object = value as object
  if (ancestors.has(object)) throw CYCLE
  if (Array.isArray(object)) {
    ancestors.add(object)
    const out = `[${object.map((item) => write(item, ancestors)).join(',')}]`
    ancestors.delete(object)
    return out
  }
  const proto = Object.getPrototypeOf(object)
  if (proto !== Object.prototype && proto !== null) return identityOf(object)
  ancestors.add(object)
  const record = object as Record<string, unknown>
  let out = '{'
  let first = true
  for (const key of Object.keys(record).sort()) {
    if (!first) out += ','
    first = false
    out += `${JSON.stringify(key)}:${write(record[key], ancestors)}`
  }
  ancestors.delete(object)
  return `${out}}`
}
