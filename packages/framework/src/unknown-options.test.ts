import { describe, expect, it } from 'vitest'
import { knownOptions } from './options.js'
import { likelyIntended, unknownOptionNotice } from './unknown-options.js'

describe('likelyIntended', () => {
  it.each([
    ['bodyLimt', 'bodyLimit'],
    ['bodylimit', 'bodyLimit'],
    ['BODYLIMIT', 'bodyLimit'],
    ['trustPorxy', 'trustProxy'],
    ['loger', 'logger'],
    ['htp2', 'http2'],
    ['requestTimeut', 'requestTimeout'],
    ['keepAliveTimout', 'keepAliveTimeout'],
    ['return503OnClosng', 'return503OnClosing'],
  ])('takes %s for a misspelling of %s', (name, intended) => {
    expect(likelyIntended(name, knownOptions)).toBe(intended)
  })

  it.each([
    'port',
    'host',
    'env',
    'db',
    'redisUrl',
    'jwtSecret',
    'rateLimit',
    'version',
    'timeout',
    'logLevel',
  ])('leaves an application key such as %s alone', (name) => {
    expect(likelyIntended(name, knownOptions)).toBeNull()
  })
})

describe('unknownOptionNotice', () => {
  it('reports a key once per process: warn for a likely typo, debug otherwise', () => {
    expect(unknownOptionNotice('caseSensitiv', knownOptions)).toEqual({
      level: 'warn',
      message:
        "framework: option 'caseSensitiv' is unknown and ignored: did you mean 'caseSensitive'?",
    })
    expect(unknownOptionNotice('caseSensitiv', knownOptions)).toBeNull()
    expect(unknownOptionNotice('queueName', knownOptions)).toEqual({
      level: 'debug',
      message: "framework: option 'queueName' is unknown and ignored",
    })
    expect(unknownOptionNotice('queueName', knownOptions)).toBeNull()
  })
})
