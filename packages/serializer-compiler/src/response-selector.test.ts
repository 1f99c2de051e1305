import { describe, expect, it } from 'vitest'
import { buildResponseSelector } from './response-selector.js'

describe('buildResponseSelector', () => {
  it('[4.3.2] picks the exact status code', () => {
    const select = buildResponseSelector(['200', '201'])
    expect(select(200)).toBe('200')
    expect(select(201)).toBe('201')
  })

  it("[4.3.2] picks the class key '2xx' for any code of that class", () => {
    const select = buildResponseSelector(['2xx'])
    expect(select(200)).toBe('2xx')
    expect(select(204)).toBe('2xx')
    expect(select(299)).toBe('2xx')
    expect(select(404)).toBeUndefined()
  })

  it("[4.3.2] accepts the class written in capitals, '2XX'", () => {
    const select = buildResponseSelector(['2XX', '4XX'])
    expect(select(201)).toBe('2XX')
    expect(select(422)).toBe('4XX')
  })

  it("[4.3.2] falls back to 'default' when nothing else matches", () => {
    const select = buildResponseSelector(['default'])
    expect(select(200)).toBe('default')
    expect(select(500)).toBe('default')
    expect(select(102)).toBe('default')
  })

  it('[4.3.2] precedence is exact code, then class, then default', () => {
    const select = buildResponseSelector(['default', '2xx', '201', '5xx'])
    expect(select(201)).toBe('201')
    expect(select(200)).toBe('2xx')
    expect(select(503)).toBe('5xx')
    expect(select(404)).toBe('default')
  })

  it('[4.3.2] answers undefined when no key applies', () => {
    const select = buildResponseSelector(['200', '4xx'])
    expect(select(201)).toBeUndefined()
    expect(select(500)).toBeUndefined()
    expect(buildResponseSelector([])(200)).toBeUndefined()
  })

  it('ignores keys that are neither a code, a class nor default', () => {
    const select = buildResponseSelector(['ok', '20', '2000', 'xx', '0xx', 'Default'])
    expect(select(200)).toBeUndefined()
    expect(select(20)).toBeUndefined()
  })

  it('keeps the first spelling when a class is given twice', () => {
    expect(buildResponseSelector(['2xx', '2XX'])(200)).toBe('2xx')
    expect(buildResponseSelector(['2XX', '2xx'])(200)).toBe('2XX')
  })

  it('answers default for a code outside 100-999 or not an integer', () => {
    const select = buildResponseSelector(['200', 'default'])
    expect(select(1000)).toBe('default')
    expect(select(200.5)).toBe('default')
    expect(select(-1)).toBe('default')
    expect(buildResponseSelector(['200'])(200.5)).toBeUndefined()
  })
})
