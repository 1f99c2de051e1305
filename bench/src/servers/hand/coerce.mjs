// Type checks with the coercions a schema validator applies by default (`coerceTypes: 'array'`):
// each returns the (possibly coerced) value, or INVALID. The fast path is one typeof test.

export const INVALID = Symbol('invalid')

export function asString(v) {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return v === null ? '' : INVALID
}

export function asNumber(v) {
  if (typeof v === 'number') return Number.isFinite(v) ? v : INVALID
  if (typeof v === 'string' && v !== '') {
    const n = +v
    return Number.isFinite(n) ? n : INVALID
  }
  if (typeof v === 'boolean') return v ? 1 : 0
  return v === null ? 0 : INVALID
}

export function asInteger(v) {
  const n = asNumber(v)
  return n !== INVALID && n % 1 === 0 ? n : INVALID
}

export function asBoolean(v) {
  if (typeof v === 'boolean') return v
  if (v === 'true' || v === 1) return true
  if (v === 'false' || v === 0 || v === null) return false
  return INVALID
}

/** A scalar where an array is expected becomes a one-item array. */
export function asArray(v) {
  return Array.isArray(v) ? v : [v]
}

/** Length in Unicode code points, as JSON Schema's minLength/maxLength count it. */
export function codePoints(s) {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0xd800 || c > 0xdbff) n++
    else {
      n++
      i++
    }
  }
  return n
}

/** True when `s` (a string) is within [min, max] code points; cheap when clearly inside. */
export function lengthWithin(s, min, max) {
  if (s.length <= max && s.length >= min * 2) return true
  const n = codePoints(s)
  return n >= min && n <= max
}

export function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}
