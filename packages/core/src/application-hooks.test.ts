import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { FakeRaw, FakeRes } from '../test/helpers/fake-transport.js'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/** A logger that records `[message, error message]` of its error lines. */
function errorRecorder(lines: Array<[string, string]>) {
  const noop = () => {}
  const logger: any = {
    info: noop,
    warn: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    // `log.error(error)` (the error itself, as Fastify logs a failed onListen hook) or `({ err }, msg)`.
    error: (object: { err?: Error }, message: string) =>
      object instanceof Error
        ? lines.push(['(the error itself)', object.message])
        : lines.push([message, object.err?.message ?? '']),
    child: () => logger,
  }
  return logger
}

describe('preClose, onListen, onRequestAbort (Fastify 4.29 hooks)', () => {
  it('runs preClose hooks before the transport closes, then onClose', async () => {
    const { app, transport } = createApp()
    const events: string[] = []
    app.addHook('preClose', async () => {
      events.push(`preClose closed=${transport.closed}`)
    })
    app.addHook('onClose', async () => {
      events.push(`onClose closed=${transport.closed}`)
    })
    await app.ready()
    await app.close()
    expect(events).toEqual(['preClose closed=0', 'onClose closed=1'])
  })

  it('a preClose hook that calls done twice is counted once', async () => {
    const { app } = createApp()
    let runs = 0
    app.addHook('preClose', (done: () => void) => {
      runs++
      done()
      done()
    })
    await app.close()
    expect(runs).toBe(1)
  })

  it('runs onListen hooks after the transport listens, logging their errors as the error itself', async () => {
    const lines: Array<[string, string]> = []
    const { app, transport } = createApp({ logger: errorRecorder(lines) })
    const events: string[] = []
    app.addHook('onListen', function (this: unknown) {
      events.push(`sync this=${this === app} listening=${transport.listenOptions !== undefined}`)
      throw new Error('first broke')
    })
    app.addHook('onListen', (done: () => void) => {
      events.push('done style')
      done()
    })
    const address = await app.listen({ port: 3000, host: '127.0.0.1' })
    expect(address).toBe('http://127.0.0.1:3000')
    await tick()
    expect(events).toEqual(['sync this=true listening=true', 'done style'])
    expect(lines).toEqual([['(the error itself)', 'first broke']])
  })

  it('chains onListen hooks as Fastify does: those that wait on nothing have run when listen() resolves', async () => {
    const lines: Array<[string, string]> = []
    const { app } = createApp({ logger: errorRecorder(lines) })
    const events: string[] = []
    app.addHook('onListen', async () => {
      events.push('async')
      throw new Error('async broke')
    })
    app.addHook('onListen', async () => {
      events.push('after the failure')
    })
    app.register(async (child: any) => {
      child.addHook('onListen', () => {
        events.push('child')
      })
    })
    await app.listen({ port: 3000, host: '127.0.0.1' })
    expect(events).toEqual(['async', 'after the failure', 'child'])
    expect(lines).toEqual([['(the error itself)', 'async broke']])
  })

  it('runs onRequestAbort hooks when the transport reports the client gone; errors are logged', async () => {
    const lines: Array<[string, string]> = []
    const { app, transport } = createApp({ logger: errorRecorder(lines) })
    const aborts = new Map<FakeRaw, () => void>()
    ;(transport as any).onAbort = (raw: FakeRaw, _res: FakeRes, fn: () => void) => {
      aborts.set(raw, fn)
    }
    const events: string[] = []
    app.addHook('onRequestAbort', async (request: any) => {
      events.push(`async ${request.url}`)
    })
    app.addHook('onRequestAbort', (request: any, done: (error?: Error) => void) => {
      events.push(`done ${request.method}`)
      done(new Error('abort broke'))
    })
    app.addHook('onRequestAbort', async (_request: unknown) => {
      events.push('not reached')
    })
    app.get('/', async () => 'x')
    await app.inject('/')
    expect(aborts.size).toBe(1)
    for (const fire of aborts.values()) fire()
    await tick()
    expect(events).toEqual(['async /', 'done GET'])
    expect(lines).toEqual([['An onRequestAbort hook failed', 'abort broke']])
  })

  it("logs an onResponse hook's error as Fastify does, 'request errored', the response being sent", async () => {
    const lines: Array<[string, string]> = []
    const { app } = createApp({ logger: errorRecorder(lines) })
    app.addHook('onResponse', (_request: unknown, _reply: unknown, done: (e: Error) => void) => {
      done(new Error('kaboom'))
    })
    app.get('/', async () => 'sent')
    const response = await app.inject('/')
    await tick()
    expect([response.statusCode, response.body]).toEqual([200, 'sent'])
    expect(lines).toEqual([['request errored', 'kaboom']])
  })

  it('asks the transport to watch for aborts only on routes with onRequestAbort hooks', async () => {
    const { app, transport } = createApp()
    let watched = 0
    ;(transport as any).onAbort = () => {
      watched++
    }
    app.get('/plain', async () => 'x')
    app.get('/watched', { onRequestAbort: async (_request: unknown) => {} }, async () => 'x')
    await app.inject('/plain')
    expect(watched).toBe(0)
    await app.inject('/watched')
    expect(watched).toBe(1)
  })

  it("refuses an async hook that also declares done, by Fastify 5's argument counts", () => {
    const { app } = createApp()
    for (const [name, hook] of [
      ['onListen', async (_done: unknown) => {}],
      ['onReady', async (_done: unknown) => {}],
      ['onRequest', async (_request: unknown, _reply: unknown, _done: unknown) => {}],
      [
        'onSend',
        async (_request: unknown, _reply: unknown, _payload: unknown, _done: unknown) => {},
      ],
      ['onRequestAbort', async (_request: unknown, _done: unknown) => {}],
      // Fastify 5 wants exactly the request of an async onRequestAbort hook.
      ['onRequestAbort', async () => {}],
    ] as const) {
      expect(() => app.addHook(name, hook as never)).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER',
          message:
            "Async function has too many arguments. Async hooks should not use the 'done' argument.",
        }),
      )
    }
    expect(() => app.addHook('onRequestAbort', async (_request: unknown) => {})).not.toThrow()
    // Fastify 5 counts preClose among the hooks whose done is the third argument.
    expect(() => app.addHook('preClose', async (_done: unknown) => {})).not.toThrow()
  })

  it('gives an application hook done whatever it declares: a wrapped callback hook may call it', async () => {
    const { app } = createApp()
    const events: string[] = []
    const original = (done: (error?: Error) => void) => {
      events.push('wrapped onReady')
      done(new Error('wrapped onReady failed'))
    }
    app.addHook('onReady', (...args: unknown[]) => (original as any)(...args))
    app.addHook('onClose', ((...args: unknown[]) => {
      const done = args[1] as () => void
      events.push(`onClose got done: ${typeof done}`)
      done()
    }) as never)
    await expect(app.ready()).rejects.toThrow('wrapped onReady failed')
    expect(events).toEqual(['wrapped onReady'])
    await app.close()
    expect(events).toEqual(['wrapped onReady', 'onClose got done: function'])
  })
})
