import { createError } from '@framework/error-formatter'
import type {
  BearerAuthErrorResponse,
  BearerAuthFunction,
  BearerAuthOptions,
} from '../bearer-auth-options.js'

/** The options once checked: either a key list or an `auth` function decides. */
export interface CheckedOptions {
  keys: readonly string[] | undefined
  auth: BearerAuthFunction | undefined
  errorResponse: BearerAuthErrorResponse | undefined
}

const howToPass =
  "pass keys, a non-empty array or Set of strings (e.g. { keys: ['k1', 'k2'] }), or an auth(key, request) function"

/** A key may hold printable ASCII and inner spaces or tabs, as an Authorization header carries it. */
const sendableKey = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/

/**
 * Checks the plugin's options and copies the keys, throwing `FRM_ERR_BEARER_AUTH_OPTIONS` with a
 * message that names the faulty option and says what to pass. Messages name a key by its index,
 * never by its value.
 */
export function checkOptions(options: unknown): CheckedOptions {
  if (typeof options !== 'object' || options === null) {
    throw createError('FRM_ERR_BEARER_AUTH_OPTIONS', `options must be an object: ${howToPass}`)
  }
  const { keys, auth, errorResponse } = options as Partial<Record<keyof BearerAuthOptions, unknown>>
  if (errorResponse !== undefined && typeof errorResponse !== 'function') {
    throw createError(
      'FRM_ERR_BEARER_AUTH_OPTIONS',
      `errorResponse must be a function (error) => body, received ${typeName(errorResponse)}`,
    )
  }
  const checkedErrorResponse = errorResponse as BearerAuthErrorResponse | undefined
  if (auth !== undefined) {
    if (typeof auth !== 'function') {
      throw createError(
        'FRM_ERR_BEARER_AUTH_OPTIONS',
        `auth must be a function (key, request) => boolean | Promise<boolean>, received ${typeName(auth)}`,
      )
    }
    if (keys !== undefined) {
      throw createError(
        'FRM_ERR_BEARER_AUTH_OPTIONS',
        'pass keys or auth, not both: keys are checked by the plugin, auth checks keys kept elsewhere',
      )
    }
    return {
      keys: undefined,
      auth: auth as BearerAuthFunction,
      errorResponse: checkedErrorResponse,
    }
  }
  return { keys: checkKeys(keys), auth: undefined, errorResponse: checkedErrorResponse }
}

function checkKeys(keys: unknown): readonly string[] {
  if (keys === undefined) {
    throw createError('FRM_ERR_BEARER_AUTH_OPTIONS', `no keys given: ${howToPass}`)
  }
  if (!Array.isArray(keys) && !(keys instanceof Set)) {
    throw createError(
      'FRM_ERR_BEARER_AUTH_OPTIONS',
      `keys must be an array or a Set of strings, received ${typeName(keys)}`,
    )
  }
  const list: unknown[] = [...keys]
  if (list.length === 0) {
    throw createError(
      'FRM_ERR_BEARER_AUTH_OPTIONS',
      'keys is empty, so no request could pass: pass at least one key, e.g. { keys: [process.env.API_KEY] }',
    )
  }
  list.forEach((key, index) => {
    if (typeof key !== 'string') {
      throw createError(
        'FRM_ERR_BEARER_AUTH_OPTIONS',
        `keys[${index}] must be a string, received ${typeName(key)} (is an environment variable unset?)`,
      )
    }
    if (key === '') {
      throw createError(
        'FRM_ERR_BEARER_AUTH_OPTIONS',
        `keys[${index}] is an empty string (is an environment variable unset?): every key must be a non-empty string`,
      )
    }
    if (!sendableKey.test(key)) {
      throw createError(
        'FRM_ERR_BEARER_AUTH_OPTIONS',
        `keys[${index}] cannot be sent in an Authorization header: use printable ASCII (e.g. hex or base64url), with no leading or trailing whitespace`,
      )
    }
  })
  return list as string[]
}

/** What a value is, without showing it: a wrong option may well be a secret. */
function typeName(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') {
    const tag = Object.prototype.toString.call(value).slice(8, -1)
    return tag === 'Object' ? 'an object' : `an object (${tag})`
  }
  const type = typeof value
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`
}
