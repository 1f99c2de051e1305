import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { buildJsonParser, jsonParser } from './json-parser.js'

const request = { headers: { 'content-type': 'application/json; charset=utf-8' } }

/** The coded error jsonParser throws for `body`. */
function failure(body: string, req: { headers: Record<string, unknown> } = request) {
  try {
    jsonParser(req, body)
  } catch (error) {
    expect(error).toBeInstanceOf(FrameworkError)
    const { code, statusCode, message } = error as FrameworkError
    return { code, statusCode, message }
  }
  throw new Error(`jsonParser accepted ${body}`)
}

describe('jsonParser', () => {
  it('parses valid JSON of every kind', () => {
    expect(jsonParser(request, '{"a":1,"b":[true,null,"x"]}')).toEqual({
      a: 1,
      b: [true, null, 'x'],
    })
    expect(jsonParser(request, ' [1, 2] ')).toEqual([1, 2])
    expect(jsonParser(request, '"text"')).toBe('text')
    expect(jsonParser(request, '42')).toBe(42)
    expect(jsonParser(request, 'null')).toBe(null)
    expect(jsonParser(request, ' null\n')).toBe(null)
    expect(jsonParser(request, '\uFEFF{"bom":true}')).toEqual({ bom: true })
  })

  it('[API.md Errors: malformed JSON body] answers 400 FRM_ERR_CTP_INVALID_JSON_BODY, as Fastify 5', () => {
    const invalid = {
      code: 'FRM_ERR_CTP_INVALID_JSON_BODY',
      statusCode: 400,
      message:
        "Body is not valid JSON but content-type is set to 'application/json; charset=utf-8'",
    }
    expect(failure('{"a":')).toEqual(invalid)
    expect(failure('{"a" 1}')).toEqual(invalid)
    expect(failure(']', { headers: { 'content-type': 'application/json' } }).message).toBe(
      "Body is not valid JSON but content-type is set to 'application/json'",
    )
  })

  it('keeps the parse error as the cause, and never echoes the body in the message', () => {
    let thrown: unknown
    try {
      jsonParser(request, `x${'y'.repeat(100_000)}`)
    } catch (error) {
      thrown = error
    }
    expect((thrown as FrameworkError).message).not.toContain('yyy')
    expect((thrown as FrameworkError).cause).toBeInstanceOf(SyntaxError)
  })

  it('[API.md Errors: empty body with a JSON content type] answers 400 naming the content type', () => {
    for (const body of ['', '   ', '\n\t ']) {
      expect(failure(body)).toEqual({
        code: 'FRM_ERR_CTP_EMPTY_JSON_BODY',
        statusCode: 400,
        message:
          "Body cannot be empty when content-type is set to 'application/json; charset=utf-8'",
      })
    }
    expect(failure('', { headers: { 'content-type': 'application/vnd.api+json' } }).message).toBe(
      "Body cannot be empty when content-type is set to 'application/vnd.api+json'",
    )
  })

  it('[API.md Errors: `__proto__` or `constructor.prototype` keys in a JSON body] answers 400', () => {
    const forbidden = {
      code: 'FRM_ERR_CTP_FORBIDDEN_PROPERTY',
      statusCode: 400,
      message: 'Body contains a forbidden property name (__proto__ or constructor.prototype)',
    }
    expect(failure('{"__proto__":{}}')).toEqual(forbidden)
    expect(failure('{"constructor":{"prototype":{}}}')).toEqual(forbidden)
    expect(failure('{"a":[{"b":{"__proto__":{"isAdmin":true}}}]}')).toEqual(forbidden)
    expect(failure('{"\\u005f_proto__":{}}')).toEqual(forbidden)
    // keys spelt with JSON escapes, or with space before the colon, are screened too
    expect(failure('{"\\u0063onstru\\u0063tor" :{"prototype":{}}}')).toEqual(forbidden)
    expect(failure('[{"__proto__"\n : 1}]')).toEqual(forbidden)
  })

  it('accepts a `constructor` key that holds no `prototype`', () => {
    expect(jsonParser(request, '{"constructor":"Ada"}')).toEqual({ constructor: 'Ada' })
    expect(jsonParser(request, '{"constructor":{"name":"x"}}')).toEqual({
      constructor: { name: 'x' },
    })
  })
})

describe('buildJsonParser (onProtoPoisoning, onConstructorPoisoning)', () => {
  const proto = '{"a":1,"__proto__":{"admin":true}}'
  const ctor = '{"a":1,"constructor":{"prototype":{"admin":true}}}'

  it("'remove' drops the key, at any depth", () => {
    const parse = buildJsonParser({ onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' })
    const value = parse(request, proto) as Record<string, unknown>
    expect([value, Object.hasOwn(value, '__proto__'), ({} as any).admin]).toEqual([
      { a: 1 },
      false,
      undefined,
    ])
    expect(parse(request, `{"deep":${ctor}}`)).toEqual({ deep: { a: 1 } })
  })

  it("'ignore' keeps the key as an own property, never on Object.prototype", () => {
    const parse = buildJsonParser({ onProtoPoisoning: 'ignore', onConstructorPoisoning: 'ignore' })
    const value = parse(request, proto) as Record<string, any>
    expect(Object.hasOwn(value, '__proto__')).toBe(true)
    expect(({} as any).admin).toBeUndefined()
    expect((parse(request, ctor) as any).constructor).toEqual({ prototype: { admin: true } })
  })

  it("each action applies to its own kind: 'error' stays the default of the other", () => {
    const parse = buildJsonParser({ onProtoPoisoning: 'remove' })
    expect(parse(request, proto)).toEqual({ a: 1 })
    expect(() => parse(request, ctor)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_CTP_FORBIDDEN_PROPERTY', statusCode: 400 }),
    )
    expect(buildJsonParser({ onConstructorPoisoning: 'ignore' })(request, 'null')).toBeNull()
  })

  it('refuses an unknown action, naming the option', () => {
    expect(() => buildJsonParser({ onProtoPoisoning: 'strip' as never })).toThrow(
      "Option 'onProtoPoisoning' is not valid: use 'error', 'remove' or 'ignore', received 'strip'",
    )
  })
})
