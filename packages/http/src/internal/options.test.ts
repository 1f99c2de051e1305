import { describe, expect, it } from 'vitest'
import { resolveOptions } from './options.js'

describe('resolveOptions', () => {
  it('[API.md Factory: requestTimeout, keepAliveTimeout, connectionTimeout] defaults to 30000, 72000 and 0', () => {
    expect(resolveOptions()).toEqual({
      bodyLimit: 1_048_576,
      requestTimeout: 30_000,
      keepAliveTimeout: 72_000,
      connectionTimeout: 0,
      headersTimeout: 30_000,
      connectionsCheckingInterval: 7_500,
      maxParamLength: 100,
      ignoreTrailingSlash: false,
      caseSensitive: true,
      ignoreDuplicateSlashes: false,
      allowUnsafeRegex: false,
      useSemicolonDelimiter: false,
      onBadUrl: undefined,
      onMaxParamLength: undefined,
      buildPrettyMeta: undefined,
      http: null,
      maxRequestsPerSocket: 0,
      logger: undefined,
      trust: null,
      https: null,
      http2: false,
      http2SessionTimeout: 72_000,
      serverFactoryOptions: {},
      forceCloseConnections: 'idle',
      return503OnClosing: true,
    })
  })

  it('[API.md Servers and shutdown] refuses a forceCloseConnections other than true, false or idle', () => {
    expect(() => resolveOptions({ forceCloseConnections: 'all' as never })).toThrow(
      'forceCloseConnections',
    )
    expect(resolveOptions({ forceCloseConnections: false }).forceCloseConnections).toBe(false)
    expect(() => resolveOptions({ https: 'key.pem' as never })).toThrow('https')
  })

  it('keeps headersTimeout at most requestTimeout, and at most Node’s 60 s', () => {
    expect(resolveOptions({ requestTimeout: 500 })).toMatchObject({
      headersTimeout: 500,
      connectionsCheckingInterval: 125,
    })
    expect(resolveOptions({ requestTimeout: 120_000 })).toMatchObject({
      headersTimeout: 60_000,
      connectionsCheckingInterval: 15_000,
    })
    // requestTimeout 0 turns the whole-request limit off; the headers keep Node's 60 s.
    expect(resolveOptions({ requestTimeout: 0 })).toMatchObject({
      headersTimeout: 60_000,
      connectionsCheckingInterval: 15_000,
    })
  })

  it('treats undefined as "use the default" (the umbrella passes every option)', () => {
    expect(
      resolveOptions({ bodyLimit: undefined, requestTimeout: undefined, logger: undefined }),
    ).toEqual(resolveOptions())
  })

  it('refuses a bad option with FRM_ERR_INVALID_OPTION naming it', () => {
    expect(() => resolveOptions({ requestTimeout: -1 })).toThrow(
      "Option 'requestTimeout' is not valid: expected a whole number >= 0, received -1",
    )
    expect(() => resolveOptions({ bodyLimit: 0 })).toThrow(
      "Option 'bodyLimit' is not valid: expected a whole number >= 1, received 0",
    )
    expect(() => resolveOptions({ keepAliveTimeout: 1.5 })).toThrow(
      "Option 'keepAliveTimeout' is not valid: expected a whole number >= 0, received 1.5",
    )
    expect(() => resolveOptions({ maxParamLength: '100' as never })).toThrow(
      "Option 'maxParamLength' is not valid: expected a whole number >= 1, received 100",
    )
    expect(() => resolveOptions({ caseSensitive: 'no' as never })).toThrow(
      "Option 'caseSensitive' is not valid: expected true or false, received no",
    )
    expect(() => resolveOptions({ logger: console.log as never })).toThrow(
      "Option 'logger' is not valid: expected an object with warn() and error() methods",
    )
    expect(() => resolveOptions(null as never)).toThrow(
      "Option 'options' is not valid: pass an object, or nothing",
    )
    expect(() => resolveOptions({ querystringParser: 42 as never })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_QSP_NOT_FN',
        message: "querystringParser option should be a function, instead got 'number'",
      }),
    )
  })
})
