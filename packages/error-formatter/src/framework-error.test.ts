import { describe, expect, it } from 'vitest'
import { type CatalogueEntry, codes } from './codes.js'
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

  it("is also a TypeError where Fastify's error of the code is one, and still a FrameworkError", () => {
    const error = createError('FRM_ERR_REP_INVALID_PAYLOAD_TYPE', 'object')
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toBeInstanceOf(FrameworkError)
    expect(error.name).toBe('FrameworkError')
    expect(error.message).toBe(
      "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
    )
    expect(createError('FRM_ERR_NOT_FOUND', 'GET', '/')).not.toBeInstanceOf(TypeError)
    expect(new Error('plain')).not.toBeInstanceOf(FrameworkError)
    class Sub extends FrameworkError {}
    expect(new Sub('FRM_ERR_NOT_FOUND', 'm', 404)).toBeInstanceOf(Sub)
    expect(createError('FRM_ERR_NOT_FOUND', 'GET', '/')).not.toBeInstanceOf(Sub)
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

  it('every code has a FRM_ERR_ name, a status and advice', () => {
    for (const [code, entry] of Object.entries(codes) as Array<[string, CatalogueEntry]>) {
      expect(code).toMatch(/^FRM_ERR_[A-Z0-9_]+$/)
      expect(Number.isInteger(entry.statusCode)).toBe(true)
      // Every code says what to do about it (the Error codes page prints it beside the message).
      expect(entry.advice?.length, code).toBeGreaterThan(0)
    }
  })

  it("a Fastify error reads as Fastify 4.29's message, its advice kept beside it", () => {
    const error = createError('FRM_ERR_REP_ALREADY_SENT', '/users', 'GET')
    expect(error.message).toBe(
      'Reply was already sent, did you forget to "return reply" in "/users" (GET)?',
    )
    expect(codes.FRM_ERR_REP_ALREADY_SENT.advice).toMatch(/return reply/)
  })
})
