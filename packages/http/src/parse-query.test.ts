import { describe, expect, it } from 'vitest'
import { parseQuery } from './parse-query.js'

/** The parsed query as plain entries, so `toEqual` compares own keys only. */
const entries = (search: string) => Object.entries(parseQuery(search))

describe('parseQuery', () => {
  it('[API.md Security defaults: query strings] parses into an object with a null prototype', () => {
    const query = parseQuery('a=1')
    expect(Object.getPrototypeOf(query)).toBe(null)
    expect(Object.getPrototypeOf(parseQuery(''))).toBe(null)
  })

  it('[API.md Security defaults: query strings] `__proto__` is an ordinary key', () => {
    const query = parseQuery('__proto__=x&constructor=y&__proto__[polluted]=1')
    expect(Object.getPrototypeOf(query)).toBe(null)
    expect(entries('__proto__=x&constructor=y&__proto__[polluted]=1')).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
      ['__proto__[polluted]', '1'],
    ])
    expect(({} as Record<string, unknown>)['polluted']).toBe(undefined)
  })

  it('[API.md Security defaults: query strings] is flat: `a[b]=1` is the key `a[b]`', () => {
    expect(entries('a[b]=1&a[c][d]=2&x.y=3')).toEqual([
      ['a[b]', '1'],
      ['a[c][d]', '2'],
      ['x.y', '3'],
    ])
  })

  it('turns a repeated key into an array, in order', () => {
    expect(entries('tags=a&tags=b&tags=c&one=1')).toEqual([
      ['tags', ['a', 'b', 'c']],
      ['one', '1'],
    ])
  })

  it("decodes '+' as a space and percent-escapes, in keys and values", () => {
    expect(entries('q=hello+world&full%20name=Ada%20Lovelace&plus=%2B&amp=%26&eq=%3D')).toEqual([
      ['q', 'hello world'],
      ['full name', 'Ada Lovelace'],
      ['plus', '+'],
      ['amp', '&'],
      ['eq', '='],
    ])
  })

  it('decodes multi-byte UTF-8 escapes', () => {
    expect(entries('city=M%C3%BCnchen&emoji=%F0%9F%9A%80&yen=%E5%86%86')).toEqual([
      ['city', 'München'],
      ['emoji', '🚀'],
      ['yen', '円'],
    ])
  })

  it('keeps malformed percent-escapes as they are, without throwing', () => {
    expect(
      entries('a=%&b=%zz&c=100%&d=%E0%A4%A&e=%FF&f=%C3&g=%ED%A0%80&h=%C0%AF&i=%zz%20ok'),
    ).toEqual([
      ['a', '%'],
      ['b', '%zz'],
      ['c', '100%'],
      ['d', '%E0%A4%A'],
      ['e', '%FF'],
      ['f', '%C3'],
      // An encoded surrogate and an overlong '/' are not valid UTF-8: kept as sent.
      ['g', '%ED%A0%80'],
      ['h', '%C0%AF'],
      ['i', '%zz ok'],
    ])
    expect(entries('%zz=1')).toEqual([['%zz', '1']])
  })

  it("gives '' to a key without '=', keeps '=' inside values, skips empty pairs", () => {
    expect(entries('flag&a=&b=x=y&&c=1&')).toEqual([
      ['flag', ''],
      ['a', ''],
      ['b', 'x=y'],
      ['c', '1'],
    ])
    expect(entries('')).toEqual([])
    expect(entries('&&&')).toEqual([])
  })

  it('returns a new object every time (the validator may add defaults to it)', () => {
    expect(parseQuery('')).not.toBe(parseQuery(''))
  })
})
