import { describe, expect, it } from 'vitest'
import { createKeyMatcher } from './key-matcher.js'

describe('createKeyMatcher', () => {
  it('accepts every listed key, wherever it sits in the list', () => {
    const matcher = createKeyMatcher(['first', 'second', 'third'])
    expect(matcher.matches('first')).toBe(true)
    expect(matcher.matches('second')).toBe(true)
    expect(matcher.matches('third')).toBe(true)
  })

  it('refuses prefixes, extensions, case changes and one-byte changes of a key', () => {
    const matcher = createKeyMatcher(['secret-key'])
    expect(matcher.matches('secret-ke')).toBe(false)
    expect(matcher.matches('secret-key2')).toBe(false)
    expect(matcher.matches('SECRET-KEY')).toBe(false)
    expect(matcher.matches('secret-kez')).toBe(false)
    expect(matcher.matches('')).toBe(false)
  })

  it('compares keys of any length, from one character to 10 000', () => {
    const long = 'x'.repeat(10_000)
    const matcher = createKeyMatcher(['a', long])
    expect(matcher.matches('a')).toBe(true)
    expect(matcher.matches(long)).toBe(true)
    expect(matcher.matches(`${long}x`)).toBe(false)
    expect(matcher.matches('x'.repeat(9_999))).toBe(false)
    expect(matcher.matches('b')).toBe(false)
  })

  it('compares by code points, not by UTF-16 length alone', () => {
    const matcher = createKeyMatcher(['é'])
    expect(matcher.matches('é')).toBe(true)
    expect(matcher.matches('e\u0301')).toBe(false)
  })
})
