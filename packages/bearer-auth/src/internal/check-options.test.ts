import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { checkOptions } from './check-options.js'

/** Runs checkOptions and returns what it threw, failing the test if it did not throw. */
function failure(options: unknown): FrameworkError {
  try {
    checkOptions(options)
  } catch (error) {
    expect(error).toBeInstanceOf(FrameworkError)
    expect((error as FrameworkError).code).toBe('FRM_ERR_BEARER_AUTH_OPTIONS')
    expect((error as FrameworkError).statusCode).toBe(500)
    return error as FrameworkError
  }
  throw new Error('checkOptions did not throw')
}

const howToPass =
  "pass keys, a non-empty array or Set of strings (e.g. { keys: ['k1', 'k2'] }), or an auth(key, request) function"

describe('checkOptions', () => {
  it('copies an array of keys', () => {
    const keys = ['k1', 'k2']
    const checked = checkOptions({ keys })
    keys.push('k3')
    expect(checked).toEqual({ keys: ['k1', 'k2'], auth: undefined, errorResponse: undefined })
  })

  it('copies a Set of keys into a list', () => {
    const keys = new Set(['k1', 'k2'])
    const checked = checkOptions({ keys })
    keys.add('k3')
    expect(checked.keys).toEqual(['k1', 'k2'])
  })

  it('keeps auth and errorResponse functions as they are', () => {
    const auth = () => true
    const errorResponse = () => ({})
    expect(checkOptions({ auth, errorResponse })).toEqual({ keys: undefined, auth, errorResponse })
  })

  it('accepts keys of printable ASCII with inner spaces', () => {
    expect(checkOptions({ keys: ['a b', '~!@#$%^&*()', 'x'] }).keys).toEqual([
      'a b',
      '~!@#$%^&*()',
      'x',
    ])
  })

  it('[5] refuses an empty key list, saying what to pass', () => {
    expect(failure({ keys: [] }).message).toBe(
      'bearer-auth: keys is empty, so no request could pass: pass at least one key, e.g. { keys: [process.env.API_KEY] }',
    )
    expect(failure({ keys: new Set() }).message).toBe(
      'bearer-auth: keys is empty, so no request could pass: pass at least one key, e.g. { keys: [process.env.API_KEY] }',
    )
  })

  it('refuses missing options, or options with neither keys nor auth', () => {
    expect(failure(undefined).message).toBe(`bearer-auth: options must be an object: ${howToPass}`)
    expect(failure({}).message).toBe(`bearer-auth: no keys given: ${howToPass}`)
  })

  it('refuses keys that are neither an array nor a Set, without showing them', () => {
    const error = failure({ keys: 'sk_live_123' })
    expect(error.message).toBe(
      'bearer-auth: keys must be an array or a Set of strings, received a string',
    )
    expect(failure({ keys: new Map([['k', 'v']]) }).message).toBe(
      'bearer-auth: keys must be an array or a Set of strings, received an object (Map)',
    )
    expect(failure({ keys: { k1: true } }).message).toBe(
      'bearer-auth: keys must be an array or a Set of strings, received an object',
    )
  })

  it('[5] refuses a key that is not a string, naming its index', () => {
    expect(failure({ keys: ['k1', undefined] }).message).toBe(
      'bearer-auth: keys[1] must be a string, received undefined (is an environment variable unset?)',
    )
    expect(failure({ keys: new Set(['k1', 'k2', 42]) }).message).toBe(
      'bearer-auth: keys[2] must be a string, received a number (is an environment variable unset?)',
    )
  })

  it('refuses an empty string key, naming its index', () => {
    expect(failure({ keys: [''] }).message).toBe(
      'bearer-auth: keys[0] is an empty string (is an environment variable unset?): every key must be a non-empty string',
    )
  })

  it('refuses a key no Authorization header can carry, without showing it', () => {
    const unsendable = [' sk_live_1', 'sk_live_1 ', 'sk_live_1\n', 'sk_\r\nlive', 'sk_livé', '\tsk']
    for (const key of unsendable) {
      const error = failure({ keys: ['fine', key] })
      expect(error.message).toBe(
        'bearer-auth: keys[1] cannot be sent in an Authorization header: use printable ASCII (e.g. hex or base64url), with no leading or trailing whitespace',
      )
    }
  })

  it('refuses auth that is not a function', () => {
    expect(failure({ auth: 'yes' }).message).toBe(
      'bearer-auth: auth must be a function (key, request) => boolean | Promise<boolean>, received a string',
    )
  })

  it('refuses keys and auth together', () => {
    expect(failure({ keys: ['k1'], auth: () => true }).message).toBe(
      'bearer-auth: pass keys or auth, not both: keys are checked by the plugin, auth checks keys kept elsewhere',
    )
  })

  it('refuses errorResponse that is not a function', () => {
    expect(failure({ keys: ['k1'], errorResponse: { message: 'no' } }).message).toBe(
      'bearer-auth: errorResponse must be a function (error) => body, received an object',
    )
  })
})
