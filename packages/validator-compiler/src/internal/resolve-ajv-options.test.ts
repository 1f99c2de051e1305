import { describe, expect, it } from 'vitest'
import { resolveAjvOptions } from './resolve-ajv-options.js'
import { WarningSink } from './warning-sink.js'

const sink = () => new WarningSink(() => {})

describe('Ajv options of the default compiler', () => {
  it("turns Ajv's code optimization pass off by default (start-up time and memory)", () => {
    expect(resolveAjvOptions(undefined, sink()).code).toEqual({ optimize: false })
  })

  it('keeps the other code options a user gives, and their optimize when they set one', () => {
    expect(resolveAjvOptions({ code: { lines: true } }, sink()).code).toEqual({
      optimize: false,
      lines: true,
    })
    expect(resolveAjvOptions({ code: { optimize: 1 } }, sink()).code).toEqual({ optimize: 1 })
  })

  it('merges customOptions over the baseline and drops jsonPointers', () => {
    const options = resolveAjvOptions({ coerceTypes: false, jsonPointers: true }, sink())
    expect(options.coerceTypes).toBe(false)
    expect(options.useDefaults).toBe(true)
    expect('jsonPointers' in options).toBe(false)
  })
})
