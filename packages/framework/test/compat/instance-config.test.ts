import diagnosticsChannel from 'node:diagnostics_channel'
import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

/** A pino-shaped logger that records the messages logged at info. */
function infoRecorder(messages: string[]) {
  const noop = () => {}
  const logger: any = {
    level: 'info',
    info: (object: unknown, message?: string) => {
      messages.push(typeof object === 'string' ? object : (message ?? ''))
    },
    fatal: noop,
    error: noop,
    warn: noop,
    debug: noop,
    trace: noop,
    child: () => logger,
  }
  return logger
}

describe('[compat] instance.initialConfig (Fastify 4)', () => {
  it("lists Fastify 5's defaults (handlerTimeout, no jsonShorthand)", () => {
    const app = makeApp({ pluginTimeout: 0, handlerTimeout: 250 })
    expect(app.initialConfig.pluginTimeout).toBe(0)
    expect(app.initialConfig.handlerTimeout).toBe(250)
    expect('jsonShorthand' in makeApp().initialConfig).toBe(false)
    expect(makeApp({ jsonShorthand: true }).initialConfig.jsonShorthand).toBe(true)
  })

  it("refuses a whole-number option given a string, digits included (API.md), with Fastify's error", () => {
    for (const given of [{ pluginTimeout: '0' }, { bodyLimit: '10' }, { handlerTimeout: 'soon' }]) {
      let thrown: any
      try {
        makeApp(given)
      } catch (error) {
        thrown = error
      }
      const name = Object.keys(given)[0]
      expect(thrown.code).toBe('FRM_ERR_INIT_OPTS_INVALID')
      expect(thrown.message).toBe(`Invalid initialization options: '["must be integer"]'`)
      expect(thrown.errors).toEqual([
        expect.objectContaining({ instancePath: `/${name}`, message: 'must be integer' }),
      ])
    }
    expect(() => makeApp({ pluginTimeout: 1.5, ignoreTrailingSlash: 'yes' })).toThrow(
      `Invalid initialization options: '["must be boolean","must be integer"]'`,
    )
  })

  it('lists the factory options in force, defaults filled in, frozen', () => {
    const app = makeApp()
    expect(app.initialConfig).toEqual({
      connectionTimeout: 0,
      keepAliveTimeout: 72000,
      maxRequestsPerSocket: 0,
      requestTimeout: 30000,
      requestIdHeader: false,
      requestIdLogLabel: 'reqId',
      disableRequestLogging: false,
      bodyLimit: 1048576,
      caseSensitive: true,
      allowUnsafeRegex: false,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      maxParamLength: 100,
      onProtoPoisoning: 'error',
      onConstructorPoisoning: 'error',
      pluginTimeout: 10000,
      handlerTimeout: 0,
      http2SessionTimeout: 72000,
      exposeHeadRoutes: true,
      useSemicolonDelimiter: false,
    })
    expect(Object.isFrozen(app.initialConfig)).toBe(true)
    expect(() => {
      app.initialConfig.bodyLimit = 1
    }).toThrow(TypeError)
  })

  it('shows given values and leaves functions and loggers out; children see the same', async () => {
    const app = makeApp({
      bodyLimit: 2048,
      caseSensitive: false,
      requestIdHeader: 'x-request-id',
      onProtoPoisoning: 'remove',
      genReqId: () => 'id',
      logger: false,
    })
    expect(app.initialConfig).toMatchObject({
      bodyLimit: 2048,
      caseSensitive: false,
      requestIdHeader: 'x-request-id',
      onProtoPoisoning: 'remove',
    })
    expect(app.initialConfig).not.toHaveProperty('genReqId')
    expect(app.initialConfig).not.toHaveProperty('logger')
    let seen: unknown
    app.register(async (child: any) => {
      seen = child.initialConfig
    })
    await app.ready()
    expect(seen).toBe(app.initialConfig)
  })
})

describe('[compat] diagnostics channel fastify.initialization (Fastify 4)', () => {
  it('publishes { fastify } with each new instance, so a plugin subscribed first can hook in', async () => {
    const seen: unknown[] = []
    const onInit = (message: unknown) => {
      const { fastify } = message as { fastify: any }
      seen.push(fastify)
      fastify.addHook('onRequest', async (_request: any, reply: any) => {
        reply.header('x-traced', 'yes')
      })
    }
    diagnosticsChannel.subscribe('fastify.initialization', onInit)
    let app: any
    try {
      app = makeApp()
    } finally {
      diagnosticsChannel.unsubscribe('fastify.initialization', onInit)
    }
    expect(seen).toEqual([app])
    app.get('/', async () => 'ok')
    const response = await app.inject('/')
    expect(response.headers['x-traced']).toBe('yes')
    makeApp()
    expect(seen).toHaveLength(1)
  })
})

describe('[compat] factory option ajv (Fastify 4 name of validator)', () => {
  itBoth('ajv.customOptions and ajv.plugins configure the default validator', async ({ send }) => {
    const withUpper = (ajv: any) =>
      ajv.addKeyword({
        keyword: 'upper',
        validate: (_schema: unknown, data: unknown) =>
          typeof data === 'string' && data === data.toUpperCase(),
      })
    const app = makeApp({ ajv: { customOptions: { coerceTypes: 'array' }, plugins: [withUpper] } })
    app.get(
      '/',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              ids: { type: 'array', items: { type: 'integer' } },
              code: { upper: true },
            },
          },
        },
      },
      async (request: any) => request.query,
    )
    const ok = await send(app, { url: '/?ids=7&code=AB' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ ids: [7], code: 'AB' })
    const bad = await send(app, { url: '/?ids=7&code=ab' })
    expect(bad.statusCode).toBe(400)
  })

  it('refuses ajv and validator together, naming both', () => {
    expect(() => framework({ ajv: {}, validator: {} } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_OPTION',
        message: expect.stringContaining(
          "'ajv' is Fastify's name of 'validator': give one of the two, not both",
        ),
      }),
    )
  })

  it('checks ajv as it checks validator', () => {
    expect(() => framework({ ajv: { plugins: 'x' } } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_OPTION',
        message: expect.stringContaining("'ajv.plugins'"),
      }),
    )
  })
})

describe('[compat] "Server listening at" log line (Fastify 4)', () => {
  it('logs the address at info once listening', async () => {
    const messages: string[] = []
    const app = makeApp({ logger: infoRecorder(messages) })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(messages.filter((message) => message.startsWith('Server listening'))).toEqual([
      `Server listening at ${address}`,
    ])
  })

  it('uses listenTextResolver when given', async () => {
    const messages: string[] = []
    const app = makeApp({ logger: infoRecorder(messages) })
    const address = await app.listen({
      port: 0,
      host: '127.0.0.1',
      listenTextResolver: (at: string) => `up on ${at}`,
    })
    expect(messages).toContain(`up on ${address}`)
    expect(messages.some((message) => message.startsWith('Server listening'))).toBe(false)
  })
})
