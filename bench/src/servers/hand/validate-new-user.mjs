// Hand-written validation of the scenario (c) body, doing what the body schema in
// ../../scenarios.mjs asks a validator to do: required fields, types (with coercion),
// bounds, enum, pattern, formats, array limits, the nested address, defaults, and dropping
// unknown properties (`additionalProperties: false` with removeAdditional).

import { addressSchema, createUserSchema } from '../../scenarios.mjs'
import {
  asArray,
  asBoolean,
  asInteger,
  asNumber,
  asString,
  INVALID,
  isPlainObject,
  lengthWithin,
} from './coerce.mjs'
import { isDate, isDateTime, isEmail, isUri, isUuid } from './formats.mjs'

// The lists of required fields come from the schemas the other targets use; every check on
// them below is written by hand.
const REQUIRED = createUserSchema.body.required
const ADDRESS_REQUIRED = addressSchema.required
const USERNAME = /^[a-z0-9_]+$/u
const ZIP = /^[0-9]{5}$/u

/** Thrown (and caught by validateNewUser) at the first failing field. */
class Invalid {
  constructor(path, message) {
    this.message = `body${path} ${message}`
  }
}

/**
 * Validates a parsed body. Returns `{ value }` (a new object holding only the schema's fields,
 * in schema order, defaults filled) or `{ error }` (a message naming the first failure).
 */
export function validateNewUser(body) {
  try {
    return { value: check(body) }
  } catch (err) {
    if (err instanceof Invalid) return { error: err.message }
    throw err
  }
}

function check(b) {
  if (!isPlainObject(b)) throw new Invalid('', 'must be object')
  for (const key of REQUIRED) {
    if (b[key] === undefined) throw new Invalid('', `must have required property '${key}'`)
  }
  return {
    username: username(b.username),
    email: formatted(b.email, '/email', 254, isEmail, 'email'),
    age: integerIn(b.age, '/age', 0, 150),
    active: b.active === undefined ? true : boolean(b.active, '/active'),
    role: role(b.role),
    score: numberIn(b.score, '/score', 0, 100),
    website: formatted(b.website, '/website', 2048, isUri, 'uri'),
    birthday: formatted(b.birthday, '/birthday', Number.POSITIVE_INFINITY, isDate, 'date'),
    createdAt: formatted(
      b.createdAt,
      '/createdAt',
      Number.POSITIVE_INFINITY,
      isDateTime,
      'date-time',
    ),
    externalId: formatted(b.externalId, '/externalId', Number.POSITIVE_INFINITY, isUuid, 'uuid'),
    tags: b.tags === undefined ? [] : tags(b.tags),
    address: address(b.address),
  }
}

function string(v, path) {
  const s = asString(v)
  if (s === INVALID) throw new Invalid(path, 'must be string')
  return s
}

function username(v) {
  const s = string(v, '/username')
  if (!lengthWithin(s, 3, 32)) throw new Invalid('/username', 'must be 3 to 32 characters')
  if (!USERNAME.test(s)) throw new Invalid('/username', 'must match pattern "^[a-z0-9_]+$"')
  return s
}

function formatted(v, path, maxLength, test, format) {
  const s = string(v, path)
  if (!lengthWithin(s, 0, maxLength)) {
    throw new Invalid(path, `must NOT have more than ${maxLength} characters`)
  }
  if (!test(s)) throw new Invalid(path, `must match format "${format}"`)
  return s
}

function integerIn(v, path, min, max) {
  const n = asInteger(v)
  if (n === INVALID) throw new Invalid(path, 'must be integer')
  if (n < min || n > max) throw new Invalid(path, `must be >= ${min} and <= ${max}`)
  return n
}

function numberIn(v, path, min, max) {
  const n = asNumber(v)
  if (n === INVALID) throw new Invalid(path, 'must be number')
  if (n < min || n > max) throw new Invalid(path, `must be >= ${min} and <= ${max}`)
  return n
}

function boolean(v, path) {
  const x = asBoolean(v)
  if (x === INVALID) throw new Invalid(path, 'must be boolean')
  return x
}

function role(v) {
  const s = string(v, '/role')
  if (s !== 'admin' && s !== 'editor' && s !== 'viewer') {
    throw new Invalid('/role', 'must be equal to one of the allowed values')
  }
  return s
}

function tags(v) {
  const list = asArray(v)
  if (list.length > 10) throw new Invalid('/tags', 'must NOT have more than 10 items')
  const out = new Array(list.length)
  for (let i = 0; i < list.length; i++) {
    const s = string(list[i], `/tags/${i}`)
    if (!lengthWithin(s, 0, 20))
      throw new Invalid(`/tags/${i}`, 'must NOT have more than 20 characters')
    out[i] = s
  }
  return out
}

function address(a) {
  if (!isPlainObject(a)) throw new Invalid('/address', 'must be object')
  for (const key of ADDRESS_REQUIRED) {
    if (a[key] === undefined) throw new Invalid('/address', `must have required property '${key}'`)
  }
  const street = string(a.street, '/address/street')
  if (!lengthWithin(street, 1, 100))
    throw new Invalid('/address/street', 'must be 1 to 100 characters')
  const city = string(a.city, '/address/city')
  if (!lengthWithin(city, 1, 60)) throw new Invalid('/address/city', 'must be 1 to 60 characters')
  const zip = string(a.zip, '/address/zip')
  if (!ZIP.test(zip)) throw new Invalid('/address/zip', 'must match pattern "^[0-9]{5}$"')
  const country = string(a.country, '/address/country')
  if (!lengthWithin(country, 2, 2)) throw new Invalid('/address/country', 'must be 2 characters')
  return { street, city, zip, country }
}
