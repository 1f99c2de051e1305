import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// What Fastify 4 logs when a hook or handler goes on after the reply was sent or hijacked: a
// hijacked reply is the caller's (nothing is logged for it), a handler's late value or throw
// gets the already-sent warning, a late rejection its own error line.

type Line = { level: string; msg?: unknown; err?: any }

/** A pino-shaped logger that records each line. */
function recorder(lines: Line[]) {
  const record = (level: string) => (object: unknown, message?: string) => {
    const fields = typeof object === 'object' && object !== null ? object : { msg: object }
    lines.push({ level, ...fields, ...(message === undefined ? {} : { msg: message }) })
  }
  const logger: any = { level: 'info', child: () => logger }
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    logger[level] = record(level)
  }
  return logger
}

const complaints = (lines: Line[]) =>
  lines.filter((line) => line.level === 'warn' || line.level === 'error')

describe('[compat] logging after the reply was sent or hijacked (Fastify 4)', () => {
  for (const hook of ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const) {
    itBoth(`a ${hook} hook that hijacks then throws logs nothing`, async ({ send }) => {
      const lines: Line[] = []
      const app = makeApp({ logger: recorder(lines) })
      app.addHook(hook, async (_request: any, reply: any) => {
        reply.hijack()
        reply.raw.end(`hello from ${hook}`)
        throw new Error('ignored')
      })
      app.get('/', async () => 'never')
      expect((await send(app, { url: '/' })).body).toBe(`hello from ${hook}`)
      expect(complaints(lines)).toEqual([])
    })
  }

  itBoth('a hijacked handler whose promise resolves a value logs nothing', async ({ send }) => {
    const lines: Line[] = []
    const app = makeApp({ logger: recorder(lines) })
    app.get('/', async (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.end('mine')
      return 'ignored'
    })
    expect((await send(app, { url: '/' })).body).toBe('mine')
    expect(complaints(lines)).toEqual([])
  })

  itBoth(
    'a hijacked handler that throws gets the already-sent warning, its error as the cause',
    async ({ send }) => {
      const lines: Line[] = []
      const app = makeApp({ logger: recorder(lines) })
      app.get('/', (_request: any, reply: any) => {
        reply.hijack()
        reply.raw.end('mine')
        throw new Error('too late')
      })
      expect((await send(app, { url: '/' })).body).toBe('mine')
      const [warning, ...others] = complaints(lines)
      expect(others).toEqual([])
      expect(warning?.level).toBe('warn')
      expect(warning?.err.code).toBe('FRM_ERR_REP_ALREADY_SENT')
      expect(warning?.err.cause.message).toBe('too late')
      expect(warning?.msg).toBe(
        'Reply was already sent, did you forget to "return reply" in "/" (GET)?',
      )
    },
  )

  itBoth(
    'an async handler that sends and returns a value gets the same warning',
    async ({ send }) => {
      const lines: Line[] = []
      const app = makeApp({ logger: recorder(lines) })
      app.get('/', async (_request: any, reply: any) => {
        reply.send('first')
        return 'second'
      })
      expect((await send(app, { url: '/' })).body).toBe('first')
      expect(complaints(lines).map((line) => [line.level, line.msg])).toEqual([
        ['warn', 'Reply was already sent, did you forget to "return reply" in "/" (GET)?'],
      ])
    },
  )

  it("a handler promise that rejects after reply.hijack() logs Fastify's message", async () => {
    const lines: Line[] = []
    const app = makeApp({ logger: recorder(lines) })
    app.get('/', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.end('hello world')
      return Promise.reject(new Error('kaboom'))
    })
    expect((await app.inject('/')).body).toBe('hello world')
    const errors = lines.filter((line) => line.level === 'error')
    expect(errors.map((line) => [line.msg, line.err?.message])).toEqual([
      ['Promise errored, but reply.sent = true was set', 'kaboom'],
    ])
  })
})
