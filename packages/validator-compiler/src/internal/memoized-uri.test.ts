import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { buildValidatorCompiler } from '../build-validator-compiler.js'
import { memoizedUriResolver } from './memoized-uri.js'

const fastUri = createRequire(import.meta.url)('ajv/dist/runtime/uri').default

describe("Ajv's URI resolver, memoized", () => {
  it('answers as fast-uri does, parsing and resolving each input once', () => {
    const calls = { parse: 0, resolve: 0 }
    const counting = {
      ...fastUri,
      parse: (uri: string) => (calls.parse++, fastUri.parse(uri)),
      resolve: (base: string, path: string) => (calls.resolve++, fastUri.resolve(base, path)),
    }
    const memo = memoizedUriResolver(counting)
    for (let i = 0; i < 3; i++) {
      expect(memo.resolve('', 'item#')).toBe('item#')
      expect(memo.resolve('http://x.test/a/b', '../c#/d')).toBe('http://x.test/c#/d')
      expect(memo.parse('http://x.test/a#/b')).toEqual(fastUri.parse('http://x.test/a#/b'))
      expect(memo.serialize(memo.parse('item#'))).toBe('item#')
    }
    expect(calls).toEqual({ parse: 2, resolve: 2 })
    // One parsed object serves every caller, so none may change it.
    expect(Object.isFrozen(memo.parse('item#'))).toBe(true)
  })

  it("leaves an application's own resolver as it is (it may not be pure)", () => {
    let resolutions = 0
    const uriResolver = {
      ...fastUri,
      resolve: (base: string, path: string) => (resolutions++, fastUri.resolve(base, path)),
    }
    const compile = buildValidatorCompiler({ customOptions: { uriResolver } })({
      money: { $id: 'money', type: 'number' },
    })
    const schema = { type: 'object', properties: { a: { $ref: 'money#' }, b: { $ref: 'money#' } } }
    compile({ schema, method: 'POST', url: '/a', httpPart: 'body' })
    const first = resolutions
    compile({ schema: { ...schema, required: ['a'] }, method: 'POST', url: '/b', httpPart: 'body' })
    expect(resolutions).toBeGreaterThan(first)
  })
})
