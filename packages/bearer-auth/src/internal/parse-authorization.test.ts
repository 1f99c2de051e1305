import { describe, expect, it } from 'vitest'
import { parseAuthorization } from './parse-authorization.js'

describe('parseAuthorization', () => {
  it('[5] reads the key of "Bearer <key>"', () => {
    expect(parseAuthorization('Bearer k1')).toBe('k1')
  })

  it('matches the scheme case-insensitively', () => {
    expect(parseAuthorization('bearer k1')).toBe('k1')
    expect(parseAuthorization('BEARER k1')).toBe('k1')
    expect(parseAuthorization('BeArEr k1')).toBe('k1')
  })

  it('keeps the case of the key', () => {
    expect(parseAuthorization('Bearer AbC')).toBe('AbC')
  })

  it('accepts several spaces or a tab after the scheme, and whitespace around the value', () => {
    expect(parseAuthorization('Bearer    k1')).toBe('k1')
    expect(parseAuthorization('Bearer\tk1')).toBe('k1')
    expect(parseAuthorization('  Bearer k1 \t')).toBe('k1')
  })

  it('keeps inner spaces and any punctuation of the key', () => {
    expect(parseAuthorization('Bearer a b')).toBe('a b')
    expect(parseAuthorization('Bearer a.b-c_d~e+f/g==')).toBe('a.b-c_d~e+f/g==')
  })

  it('finds no key when the header is absent or empty', () => {
    expect(parseAuthorization(undefined)).toBeUndefined()
    expect(parseAuthorization('')).toBeUndefined()
  })

  it('finds no key when the scheme is not Bearer', () => {
    expect(parseAuthorization('Basic azE6cGFzcw==')).toBeUndefined()
    expect(parseAuthorization('Token k1')).toBeUndefined()
    expect(parseAuthorization('k1')).toBeUndefined()
  })

  it('finds no key when the scheme has no key after it, or is glued to it', () => {
    expect(parseAuthorization('Bearer')).toBeUndefined()
    expect(parseAuthorization('Bearer   ')).toBeUndefined()
    expect(parseAuthorization('Bearerk1')).toBeUndefined()
  })

  it('finds no key in a repeated header', () => {
    expect(parseAuthorization(['Bearer k1', 'Bearer k2'])).toBeUndefined()
  })
})
