import { describe, expect, it } from 'vitest'
import { isCompleteJson } from './is-complete-json.js'

describe('isCompleteJson', () => {
  it('accepts JSON text, including the word undefined inside strings', () => {
    expect(isCompleteJson('{"a":1}')).toBe(true)
    expect(isCompleteJson('{"a":"undefined"}')).toBe(true)
    expect(isCompleteJson('{"undefined":"x:undefined,[undefined"}')).toBe(true)
    expect(isCompleteJson('"undefined"')).toBe(true)
  })

  it('refuses the bare word undefined where a value starts', () => {
    expect(isCompleteJson('{"a":undefined}')).toBe(false)
    expect(isCompleteJson('[1,undefined]')).toBe(false)
    expect(isCompleteJson('[undefined]')).toBe(false)
    expect(isCompleteJson('undefined')).toBe(false)
    expect(isCompleteJson('{"a":"x","b":undefined}')).toBe(false)
  })

  it('refuses anything that is not a string', () => {
    expect(isCompleteJson(undefined)).toBe(false)
    expect(isCompleteJson(1)).toBe(false)
  })
})
