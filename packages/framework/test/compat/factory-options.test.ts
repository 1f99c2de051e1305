import framework from 'framework'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

const poisoned = '{"a":1,"__proto__":{"admin":true}}'
const ctorPoisoned = '{"a":1,"constructor":{"prototype":{"admin":true}}}'

function post(payload: string) {
  return { method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload }
}

describe('onProtoPoisoning / onConstructorPoisoning', () => {
  itBoth("'error' (the default) answers 400 to either key", async ({ send }) => {
    const app = makeApp()
    app.post('/', async (request: any) => request.body)
    for (const body of [poisoned, ctorPoisoned]) {
      const response = await send(app, post(body))
      expect([response.statusCode, response.json()]).toEqual([
        400,
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Body contains a forbidden property name (__proto__ or constructor.prototype)',
          code: 'FRM_ERR_CTP_FORBIDDEN_PROPERTY',
        },
      ])
    }
  })

  itBoth("'remove' drops the key and the request goes on", async ({ send }) => {
    const app = makeApp({ onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' })
    app.post('/', async (request: any) => ({
      body: request.body,
      ownProto: Object.hasOwn(request.body, '__proto__'),
      polluted: ({} as any).admin ?? null,
    }))
    expect((await send(app, post(poisoned))).json()).toEqual({
      body: { a: 1 },
      ownProto: false,
      polluted: null,
    })
    expect((await send(app, post(ctorPoisoned))).json()).toEqual({
      body: { a: 1 },
      ownProto: false,
      polluted: null,
    })
  })

  itBoth("'ignore' keeps the keys as plain data, Object.prototype untouched", async ({ send }) => {
    const app = makeApp({ onProtoPoisoning: 'ignore', onConstructorPoisoning: 'ignore' })
    app.post('/', async (request: any) => ({
      keys: Object.keys(request.body),
      polluted: ({} as any).admin ?? null,
    }))
    expect((await send(app, post(poisoned))).json()).toEqual({
      keys: ['a', '__proto__'],
      polluted: null,
    })
    expect((await send(app, post(ctorPoisoned))).json()).toEqual({
      keys: ['a', 'constructor'],
      polluted: null,
    })
  })

  itBoth('each option governs its own key only', async ({ send }) => {
    const app = makeApp({ onProtoPoisoning: 'remove' })
    app.post('/', async (request: any) => request.body)
    expect((await send(app, post(poisoned))).json()).toEqual({ a: 1 })
    expect((await send(app, post(ctorPoisoned))).statusCode).toBe(400)
  })

  it('refuses an unknown action at creation, naming the option', () => {
    expect(() => framework({ onConstructorPoisoning: 'drop' as never })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_OPTION',
        message:
          "Option 'onConstructorPoisoning' is not valid: use 'error', 'remove' or 'ignore', received 'drop'",
      }),
    )
  })
})

describe('serializerOpts', () => {
  itBoth('reaches fast-json-stringify (rounding of integers)', async ({ send }) => {
    const schema = { response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } }
    const rounded = makeApp({ serializerOpts: { rounding: 'ceil' } })
    rounded.get('/', { schema }, async () => ({ n: 4.2 }))
    expect((await send(rounded, { url: '/' })).body).toBe('{"n":5}')
    const plain = makeApp()
    plain.get('/', { schema }, async () => ({ n: 4.2 }))
    expect((await send(plain, { url: '/' })).body).toBe('{"n":4}')
  })

  it('refuses an option fast-json-stringify does not take, or a bad value', () => {
    expect(() => framework({ serializerOpts: { rounding: 'up' as never } })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_OPTION',
        message:
          "Option 'serializerOpts.rounding' is not valid: Unsupported integer rounding method up",
      }),
    )
    expect(() => framework({ serializerOpts: 'fast' as never })).toThrow(
      "Option 'serializerOpts' is not valid: expected an object of fast-json-stringify options",
    )
  })
})

describe('options the framework does not implement', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("accepts Fastify options set to the framework's own behaviour without a word", () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    makeApp({
      https: null,
      http2: false,
      trustProxy: false,
      jsonShorthand: true,
      return503OnClosing: false,
      disableRequestLogging: true,
      requestIdLogLabel: 'reqId',
    })
    expect(warnings).not.toHaveBeenCalled()
  })

  it('warns about ignored Fastify options and unknown ones, through the logger when on', () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    makeApp({ jsonShorthand: false, bodylimit: 5 })
    expect(warnings.mock.calls.map((call) => call[0])).toEqual([
      "framework: option 'jsonShorthand' is a Fastify option the framework does not implement, ignored: the shorthand schema syntax is always on (full schemas are used as they are)",
      "framework: option 'bodylimit' is unknown and ignored: did you mean 'bodyLimit'?",
    ])
    const lines: string[] = []
    const logger = {
      level: 'warn',
      warn: (message: string) => lines.push(message),
      info() {},
      error() {},
      debug() {},
      fatal() {},
      trace() {},
      child() {
        return logger
      },
    }
    makeApp({ logger, jsonShorthand: false })
    expect(lines).toEqual([
      "framework: option 'jsonShorthand' is a Fastify option the framework does not implement, ignored: the shorthand schema syntax is always on (full schemas are used as they are)",
    ])
  })
})

describe('unknown options: a whole configuration object passed to the factory', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  // An application's own configuration, as many pass it: `framework({ ...config, logger })`.
  const config: Record<string, unknown> = {
    port: 3000,
    host: '0.0.0.0',
    env: 'production',
    nodeEnv: 'production',
    logLevel: 'info',
    databaseUrl: 'postgres://app:hunter2@db:5432/app',
    databasePoolSize: 10,
    redisUrl: 'redis://:s3cr3t-redis@cache:6379',
    jwtSecret: 'jwt-secret-value-0123456789',
    jwtExpiresIn: '1h',
    cookieSecret: 'cookie-secret-value',
    corsOrigin: 'https://example.com',
    rateLimitMax: 100,
    rateLimitWindow: '1 minute',
    sentryDsn: 'https://key@sentry.example.com/1',
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpUser: 'mailer',
    smtpPassword: 'smtp-password-value',
    s3Bucket: 'uploads',
    s3Region: 'eu-west-1',
    awsAccessKeyId: 'AKIAEXAMPLE',
    awsSecretAccessKey: 'aws-secret-value',
    featureFlags: { beta: true },
    uploadDir: '/var/uploads',
    maxUploadSize: 10_485_760,
    sessionTtl: 3600,
    apiBaseUrl: 'https://api.example.com',
    metricsPort: 9091,
    bodyLimt: 2_097_152,
  }
  const secrets = Object.values(config).filter(
    (value): value is string => typeof value === 'string',
  )

  function captureLogger(lines: Array<[string, string]>) {
    const logger = {
      level: 'debug',
      warn: (message: string) => lines.push(['warn', message]),
      debug: (message: string) => lines.push(['debug', message]),
      info() {},
      error() {},
      fatal() {},
      trace() {},
      child() {
        return logger
      },
    }
    return logger
  }

  it('reports each key once per process, whatever the number of instances: debug level, except a likely typo (warn, naming the option); never a value', () => {
    expect(Object.keys(config)).toHaveLength(30)
    const lines: Array<[string, string]> = []
    const logger = captureLogger(lines)
    for (let i = 0; i < 3; i++) makeApp({ ...config, logger })
    expect(lines.filter(([level]) => level === 'warn')).toEqual([
      ['warn', "framework: option 'bodyLimt' is unknown and ignored: did you mean 'bodyLimit'?"],
    ])
    const debug = lines.filter(([level]) => level === 'debug').map(([, message]) => message)
    expect(debug).toHaveLength(29)
    expect(debug).toContain("framework: option 'databaseUrl' is unknown and ignored")
    expect(new Set(debug).size).toBe(29)
    for (const [, message] of lines) {
      for (const secret of secrets) expect(message).not.toContain(secret)
    }
    expect(JSON.stringify(lines)).not.toContain('2097152')

    // A later instance in the same process, logging off: not a word, not even the typo again.
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    makeApp({ ...config })
    expect(warnings).not.toHaveBeenCalled()
  })

  it('with logging off, only a likely typo reaches process warnings, once', () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    for (let i = 0; i < 3; i++)
      makeApp({ trustproxy: true, ignoreTrailingSlsh: true, tenantId: 't-42' })
    expect(warnings.mock.calls.map((call) => call[0])).toEqual([
      "framework: option 'trustproxy' is unknown and ignored: did you mean 'trustProxy'?",
      "framework: option 'ignoreTrailingSlsh' is unknown and ignored: did you mean 'ignoreTrailingSlash'?",
    ])
  })
})
