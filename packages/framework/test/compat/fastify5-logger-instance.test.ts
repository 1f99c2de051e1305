import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 5's `loggerInstance`: a logger built outside the factory, used as it is. `logger` with a
// ready logger keeps working (Fastify 4.29); giving both, or a loggerInstance that is no logger,
// fails at creation.

function sink() {
  const lines: any[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { lines, stream }
}

describe('[compat] Fastify 5 loggerInstance', () => {
  itBoth('a pino instance logs the requests and the handlers, bound to reqId', async ({ send }) => {
    const { lines, stream } = sink()
    const logger = pino({ level: 'info', base: { service: 'orders' } }, stream)
    const app = makeApp({ loggerInstance: logger })
    expect(app.log).toBe(logger)
    app.get('/orders/:id', async (request: any) => {
      request.log.info({ order: request.params.id }, 'looking up')
      return { id: request.params.id }
    })
    const response = await send(app, { url: '/orders/42' })
    expect(response.json()).toEqual({ id: '42' })
    const messages = lines.filter((line) => line.reqId !== undefined)
    expect(messages.map((line) => line.msg)).toEqual([
      'incoming request',
      'looking up',
      'request completed',
    ])
    expect(new Set(messages.map((line) => line.reqId)).size).toBe(1)
    expect(messages.every((line) => line.service === 'orders')).toBe(true)
    expect(messages[1].order).toBe('42')
    expect(messages[2].res).toEqual({ statusCode: 200 })
  })

  it('keeps the level of the instance: a warn-level logger writes no request lines', async () => {
    const { lines, stream } = sink()
    const app = makeApp({ loggerInstance: pino({ level: 'warn' }, stream) })
    app.get('/', async (request: any) => {
      request.log.info('dropped')
      request.log.warn('kept')
      return 'ok'
    })
    expect((await app.inject('/')).body).toBe('ok')
    expect(lines.map((line) => line.msg)).toEqual(['kept'])
  })

  it("a pino-compatible object (Fastify 5's documented shape) is used as it is", async () => {
    const calls: Array<[string, unknown[]]> = []
    const make = (bindings: Record<string, unknown>): any => ({
      level: 'info',
      info: (...args: unknown[]) => calls.push([`info ${JSON.stringify(bindings)}`, args]),
      warn: () => {},
      error: () => {},
      fatal: () => {},
      trace: () => {},
      debug: () => {},
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
    })
    const app = makeApp({ loggerInstance: make({}), disableRequestLogging: true })
    app.get('/', async (request: any) => {
      request.log.info('from the handler')
      return 'ok'
    })
    expect((await app.inject('/')).body).toBe('ok')
    expect(calls).toEqual([['info {"reqId":"req-1"}', ['from the handler']]])
  })

  it('logger with a ready logger still works, as in Fastify 4.29', async () => {
    const { lines, stream } = sink()
    const logger = pino(stream)
    const app = makeApp({ logger, disableRequestLogging: true })
    expect(app.log).toBe(logger)
    app.get('/', async (request: any) => {
      request.log.info('hello')
      return 'ok'
    })
    await app.inject('/')
    expect(lines.map((line) => line.msg)).toEqual(['hello'])
  })

  it('logger: false beside loggerInstance is accepted', () => {
    const logger = pino({ level: 'silent' })
    expect(makeApp({ logger: false, loggerInstance: logger }).log).toBe(logger)
  })

  it('refuses logger and loggerInstance together (Fastify 5 code)', () => {
    expect(() => makeApp({ logger: true, loggerInstance: pino() })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED',
        message: 'You cannot provide both logger and loggerInstance. Please provide only one.',
      }),
    )
  })

  it('refuses a loggerInstance that is not a logger, naming what it lacks (Fastify 5 code)', () => {
    expect(() => makeApp({ loggerInstance: { level: 'info' } })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LOG_INVALID_LOGGER_INSTANCE',
        message:
          "loggerInstance only accepts a logger instance. It lacks info, error, debug, fatal, warn, trace, child (pino options go to 'logger').",
      }),
    )
    const partial = { info() {}, error() {}, warn() {}, debug() {}, fatal() {}, child() {} }
    expect(() => makeApp({ loggerInstance: partial })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LOG_INVALID_LOGGER_INSTANCE',
        message: expect.stringContaining('It lacks trace'),
      }),
    )
  })

  it('refuses a logger option with only some of the methods, naming the rest (logger: console)', () => {
    expect(() => makeApp({ logger: console })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LOG_INVALID_LOGGER',
        message:
          "Invalid logger object provided. The logger instance should have these functions(s): 'fatal,child'.",
      }),
    )
    const noChild = {
      info: console.info,
      error: console.error,
      debug: console.debug,
      fatal: console.error,
      warn: console.warn,
      trace: console.trace,
    }
    expect(() => makeApp({ logger: noChild })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LOG_INVALID_LOGGER',
        message: expect.stringContaining("'child'"),
      }),
    )
  })

  it("refuses a route logLevel the logger does not have (Fastify 5's check)", () => {
    const app = makeApp({ logger: { level: 'silent' } })
    expect(() => app.get('/log', { logLevel: 'invalid' }, async () => 'x')).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_ROUTE_LOG_LEVEL_INVALID',
        message: "Log level for 'GET:/log' route must be a valid logger level. Received: 'invalid'",
      }),
    )
    app.get('/ok', { logLevel: 'debug' }, async () => 'x')
    app.get('/none', { logLevel: null }, async () => 'x')
  })
})
