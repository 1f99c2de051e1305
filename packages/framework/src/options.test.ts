import { describe, expect, it } from 'vitest'
import { checkOptions } from './options.js'

describe('factory options', () => {
  it('accepts no options and the documented ones', () => {
    expect(() => checkOptions({})).not.toThrow()
    expect(() =>
      checkOptions({
        bodyLimit: 10,
        pluginTimeout: 0,
        requestTimeout: 1000,
        keepAliveTimeout: 5000,
        connectionTimeout: 0,
        validator: { customOptions: { allErrors: false }, plugins: [] },
        schemaErrorFormatter: () => new Error('x'),
        requestIdHeader: 'x-request-id',
      }),
    ).not.toThrow()
  })

  it('names the option and what it expected', () => {
    expect(() => checkOptions({ bodyLimit: -1 })).toThrow(
      "Option 'bodyLimit' is not valid: expected a whole number >= 0, received -1",
    )
    expect(() => checkOptions({ bodyLimit: 0 })).toThrow("Option 'bodyLimit' is not valid")
    // Of another type (a fraction, a string): Fastify's error, with its Ajv-style list (API.md).
    expect(() => checkOptions({ pluginTimeout: 1.5 })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INIT_OPTS_INVALID',
        errors: [expect.objectContaining({ instancePath: '/pluginTimeout' })],
      }),
    )
    expect(() => checkOptions({ requestTimeout: '30' as never })).toThrow(
      `Invalid initialization options: '["must be integer"]'`,
    )
    expect(() => checkOptions({ schemaErrorFormatter: 'x' as never })).toThrow(
      "schemaErrorFormatter option should be a non async function. Instead got 'string'.",
    )
    expect(() => checkOptions(42 as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_OPTIONS_NOT_OBJ',
        message: 'Options must be an object',
      }),
    )
    expect(() => checkOptions({ validator: { plugins: {} as never } })).toThrow(
      "Option 'validator.plugins' is not valid",
    )
    expect(() => checkOptions({ validator: { customOptions: 1 as never } })).toThrow(
      "Option 'validator.customOptions' is not valid",
    )
    expect(() => checkOptions({ requestIdHeader: 1 as never })).toThrow(
      "Option 'requestIdHeader' is not valid",
    )
  })

  it('throws a coded error', () => {
    try {
      checkOptions({ bodyLimit: -1 })
      expect.unreachable()
    } catch (error) {
      expect((error as { code: string }).code).toBe('FRM_ERR_INVALID_OPTION')
    }
  })

  it("refuses a boolean option given something else, with Fastify 4.29's error and its errors list", () => {
    let thrown: unknown
    try {
      checkOptions({
        ignoreTrailingSlash: 'string instead of boolean' as never,
        caseSensitive: false,
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({
      code: 'FRM_ERR_INIT_OPTS_INVALID',
      message: 'Invalid initialization options: \'["must be boolean"]\'',
      errors: [
        expect.objectContaining({
          instancePath: '/ignoreTrailingSlash',
          message: 'must be boolean',
        }),
      ],
    })
    expect(() => checkOptions({ jsonShorthand: 'hello', exposeHeadRoutes: {} } as never)).toThrow(
      'Invalid initialization options: \'["must be boolean","must be boolean"]\'',
    )
    // Fastify's schema would coerce these; the transports take booleans only, so they are refused.
    for (const value of ['true', 'false', 1, 0, null])
      expect(() => checkOptions({ caseSensitive: value as never })).toThrow(
        expect.objectContaining({ code: 'FRM_ERR_INIT_OPTS_INVALID' }),
      )
    expect(() => checkOptions({ caseSensitive: false, http2: true })).not.toThrow()
  })
})
