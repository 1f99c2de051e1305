import { describe, expect, it } from 'vitest'
import { buildSerializerCompiler } from './serializer-compiler.js'

const serialize = buildSerializerCompiler()({})({
  schema: {
    type: 'object',
    properties: {
      text: { type: 'string' },
      list: { type: 'array', items: { type: 'string' } },
      free: {},
      map: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  method: 'GET',
  url: '/text',
  httpStatus: '200',
})

const hostile = [
  'say "hi"',
  'back\\slash',
  '</script><script>alert(1)</script>',
  'line\nbreak\r\ttab',
  '\u0000\u0001\u001f\u007f',
  '\u2028\u2029',
  'lone \ud800 surrogate \udfff',
  'emoji 😀 and accents éàü 中文',
  'undefined',
  ':undefined,',
  `${'long "quoted" text '.repeat(300)}`,
  '',
]

describe('the output is always valid JSON', () => {
  it.each(hostile.map((value) => [JSON.stringify(value).slice(0, 40), value]))(
    'round-trips the string %s',
    (_label, value) => {
      const payload = {
        text: value,
        list: [value, value],
        free: { [value]: value },
        map: { [value]: value },
      }
      const output = serialize(payload)
      expect(JSON.parse(output)).toEqual(payload)
    },
  )

  it('escapes every string through JSON rules, so </script> stays text', () => {
    const output = serialize({ text: '</script>"' })
    expect(output).toBe('{"text":"</script>\\""}')
    expect(JSON.parse(output)).toEqual({ text: '</script>"' })
  })

  it('writes a lone surrogate as an escape, so the output is well-formed UTF-16 JSON', () => {
    expect(serialize({ text: '\ud800' })).toBe('{"text":"\\ud800"}')
  })

  it('property names from the data are escaped in free-form objects', () => {
    const output = serialize({ map: { 'a"b': 'c', '\n': 'd' } })
    expect(JSON.parse(output)).toEqual({ map: { 'a"b': 'c', '\n': 'd' } })
  })

  it('non-finite numbers are written as null, as JSON.stringify does', () => {
    const numbers = buildSerializerCompiler()({})({
      schema: { type: 'array', items: { type: 'number' } },
      method: 'GET',
      url: '/n',
      httpStatus: '200',
    })
    expect(numbers([1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toBe('[1,null,null]')
  })
})
