import { describe, expect, it } from 'vitest'
import { notFoundBody, notFoundJson } from './not-found.js'

describe('notFoundJson', () => {
  it('is the JSON of notFoundBody, whatever the path holds', () => {
    for (const path of [
      '/no/such/route',
      '/"quoted"/back\\slash',
      '/control\u0001\ttab',
      '/café/ünïcode/😀',
      '/lone\ud800surrogate',
      '',
    ]) {
      expect(notFoundJson('GET', path)).toBe(JSON.stringify(notFoundBody('GET', path)))
    }
    expect(notFoundJson('HEAD', '/a"b')).toBe(
      '{"message":"Route HEAD:/a\\"b not found","error":"Not Found","statusCode":404}',
    )
  })
})
