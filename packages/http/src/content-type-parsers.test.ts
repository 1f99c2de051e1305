import { describe, expect, it } from 'vitest'
import { defaultContentTypeParsers, textParser } from './content-type-parsers.js'
import { jsonParser } from './json-parser.js'

/** The parser the default list picks for a lower-cased essence, as the core matches them. */
function parserFor(essence: string) {
  return defaultContentTypeParsers.find((entry) =>
    typeof entry.type === 'string' ? entry.type === essence : entry.type.test(essence),
  )?.parser
}

describe('defaultContentTypeParsers', () => {
  it('lists application/json, *+json and text/plain, all parsed as strings', () => {
    expect(defaultContentTypeParsers.map((entry) => String(entry.type))).toEqual([
      'application/json',
      '/^[^/\\s]+\\/[^/\\s]+\\+json$/',
      'text/plain',
    ])
    for (const entry of defaultContentTypeParsers)
      expect(entry.options).toEqual({ parseAs: 'string' })
  })

  it('[API.md Security defaults: content types] `application/json` and `*+json` are JSON', () => {
    expect(parserFor('application/json')).toBe(jsonParser)
    expect(parserFor('application/vnd.api+json')).toBe(jsonParser)
    expect(parserFor('application/problem+json')).toBe(jsonParser)
  })

  it('[API.md Security defaults: content types] `application/jsonx` is not JSON', () => {
    expect(parserFor('application/jsonx')).toBe(undefined)
    expect(parserFor('application/json+xml')).toBe(undefined)
    expect(parserFor('+json')).toBe(undefined)
    expect(parserFor('a/ b+json')).toBe(undefined)
  })

  it('[API.md Security defaults: content types] `text/plain` is the string', () => {
    expect(parserFor('text/plain')).toBe(textParser)
    expect(textParser({}, 'héllo')).toBe('héllo')
  })
})
