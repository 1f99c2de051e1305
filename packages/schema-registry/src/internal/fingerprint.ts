import { createHash } from 'node:crypto'

/**
 * The content key of a schema: a canonical text (object keys sorted) so that two equal schemas
 * written in a different key order, or built twice by the same plugin, share one key. Values JSON
 * cannot show (functions, symbols, class instances such as RegExp) are keyed by identity, so two
 * schemas that differ only there never collide. Keys are memoized per schema object: a schema is
 * treated as immutable once added to a registry.
 */
const contentKeys = new WeakMap<object, string>()
const identities = new WeakMap<object, number>()
let nextIdentity = 0

function identityOf(value: object): number {
  let identity = identities.get(value)
  if (identity === undefined) {
    identity = ++nextIdentity
    identities.set(value, identity)
  }
  return identity
}

function canonical(value: unknown, ancestors: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value)
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `n:${value}`
  if (typeof value === 'bigint') return `b:${value}`
  if (value === undefined) return 'u'
  if (typeof value === 'function' || typeof value === 'symbol') {
    return typeof value === 'symbol' ? `s:${String(value)}` : `f:${identityOf(value)}`
  }
  const object = value as object
  if (ancestors.has(object)) return `c:${identityOf(object)}`
  const prototype = Object.getPrototypeOf(object)
  if (!Array.isArray(object) && prototype !== Object.prototype && prototype !== null) {
    return `o:${identityOf(object)}`
  }
  ancestors.add(object)
  let text: string
  if (Array.isArray(object)) {
    text = `[${object.map((item) => canonical(item, ancestors)).join(',')}]`
  } else {
    const record = object as Record<string, unknown>
    const keys = Object.keys(record).sort()
    text = `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(record[key], ancestors)}`).join(',')}}`
  }
  ancestors.delete(object)
  return text
}

function contentKey(schema: object): string {
  let key = contentKeys.get(schema)
  if (key === undefined) {
    key = createHash('sha256').update(canonical(schema, new Set())).digest('base64url')
    contentKeys.set(schema, key)
  }
  return key
}

/**
 * A stable key for a set of shared schemas: equal for equal sets, whatever registry or order they
 * come from; different as soon as one schema is added or differs.
 */
export function fingerprintOf(schemas: ReadonlyMap<string, object>): string {
  const hash = createHash('sha256')
  for (const id of [...schemas.keys()].sort()) {
    hash.update(`${JSON.stringify(id)}=${contentKey(schemas.get(id)!)};`)
  }
  return hash.digest('base64url')
}
