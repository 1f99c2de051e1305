import { describe, expect, it } from 'vitest'
import { codes } from './codes.js'
import { createError, FrameworkError } from './framework-error.js'

describe('coded errors', () => {
  it('fills placeholders in order and carries code and status', () => {
    const error = createError('FRM_ERR_NOT_FOUND', 'GET', '/missing')
    expect(error).toBeInstanceOf(FrameworkError)
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('Route GET:/missing not found')
    expect(error.code).toBe('FRM_ERR_NOT_FOUND')
    expect(error.statusCode).toBe(404)
    expect(error.name).toBe('FrameworkError')
  })

  it('describes non-string arguments readably', () => {
    expect(createError('FRM_ERR_PLUGIN_NOT_VALID', 42).message).toContain('received 42')
    expect(createError('FRM_ERR_PLUGIN_NOT_VALID', { a: 1 }).message).toContain('received {"a":1}')
    expect(createError('FRM_ERR_PLUGIN_NOT_VALID', function named() {}).message).toContain(
      'received function named',
    )
    expect(createError('FRM_ERR_PLUGIN_FAILED', 'db', new Error('refused')).message).toBe(
      "Plugin 'db' failed to load: refused",
    )
  })

  it('takes a trailing { cause } as the cause, not as a placeholder value', () => {
    const cause = new Error('inner')
    const error = createError('FRM_ERR_PLUGIN_FAILED', 'db', 'inner', { cause })
    expect(error.cause).toBe(cause)
    expect(error.message).toBe("Plugin 'db' failed to load: inner")
  })

  it('leaves a placeholder with no argument as "undefined" rather than throwing', () => {
    expect(createError('FRM_ERR_NOT_FOUND').message).toBe('Route undefined:undefined not found')
  })

  it('every code has a FRM_ERR_ name, a status, and a message that does not end in a period', () => {
    for (const [code, entry] of Object.entries(codes)) {
      expect(code).toMatch(/^FRM_ERR_[A-Z_]+$/)
      expect(Number.isInteger(entry.statusCode)).toBe(true)
      expect(entry.message.endsWith('.')).toBe(false)
    }
  })
})
