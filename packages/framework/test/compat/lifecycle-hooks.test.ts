import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { addressOf, makeApp, portOf, send } from '../spec/helpers'

/** A pino-shaped logger that records `[level, message, object]` of every line. */
function recorder(lines: Array<[string, string, unknown]>) {
  const record = (level: string) => (object: unknown, message?: string) => {
    if (typeof object === 'string') lines.push([level, object, undefined])
    else lines.push([level, message ?? '', object])
  }
  const logger: any = {
    level: 'info',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    child: () => logger,
  }
  return logger
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends a request line on a raw socket and destroys the socket after `afterMs`. */
function abortedRequest(port: number, path: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
      setTimeout(() => {
        socket.destroy()
        resolve()
      }, afterMs)
    })
  })
}

describe('[compat] preClose (Fastify 4.16)', () => {
  it('runs at the start of close(), while the server still listens, before onClose', async () => {
    const app = makeApp()
    const events: string[] = []
    app.get('/', async () => 'ok')
    app.addHook('preClose', async function (this: any) {
      events.push(`preClose async, listening=${this.server.listening}`)
    })
    app.addHook('preClose', function (this: any, done: () => void) {
      events.push(`preClose done, this is app=${this === app}`)
      setTimeout(done, 5)
    })
    app.addHook('onClose', async () => {
      events.push(`onClose, listening=${app.server.listening}`)
    })
    await addressOf(app)
    await app.close()
    expect(events).toEqual([
      'preClose async, listening=true',
      'preClose done, this is app=true',
      'onClose, listening=false',
    ])
  })

  it('runs the parent context before its children, each with its context as this', async () => {
    const app = makeApp()
    const events: string[] = []
    app.decorate('who', 'root')
    app.addHook('preClose', function (this: any, done: () => void) {
      events.push(`root ${this.who}`)
      done()
    })
    app.register(async (child: any) => {
      child.decorate('who', 'child')
      child.addHook('preClose', async function (this: any) {
        events.push(`child ${this.who}`)
      })
    })
    await app.ready()
    await app.close()
    expect(events).toEqual(['root root', 'child child'])
  })

  it('logs an error a preClose hook raises, and still closes', async () => {
    const lines: Array<[string, string, unknown]> = []
    const app = makeApp({ logger: recorder(lines) })
    let closed = false
    app.addHook('preClose', async () => {
      throw new Error('preClose broke')
    })
    app.addHook('onClose', async () => {
      closed = true
    })
    await app.ready()
    await expect(app.close()).resolves.toBeUndefined()
    expect(closed).toBe(true)
    const line = lines.find(([, message]) => message === 'A preClose hook failed')
    expect((line?.[2] as any)?.err?.message).toBe('preClose broke')
  })

  it('is refused async with three parameters (Fastify 5), and after the application started', async () => {
    const app = makeApp()
    expect(() =>
      app.addHook('preClose', async (_a: unknown, _b: unknown, _c: unknown) => {}),
    ).toThrow(expect.objectContaining({ code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER' }))
    // Fastify 5 accepts an async preClose hook that declares done (it is given done).
    expect(() => app.addHook('preClose', async (_done: unknown) => {})).not.toThrow()
    await app.ready()
    expect(() => app.addHook('preClose', async () => {})).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING' }),
    )
  })
})

describe('[compat] onListen (Fastify 4.23)', () => {
  it('runs after listen() bound the server, parents before children, this = the context', async () => {
    const app = makeApp()
    const events: string[] = []
    app.decorate('who', 'root')
    app.addHook('onListen', async function (this: any) {
      events.push(`root async ${this.who} listening=${this.server.listening}`)
    })
    app.addHook('onListen', function (this: any, done: () => void) {
      events.push(`root done ${this.who}`)
      done()
    })
    app.register(async (child: any) => {
      child.decorate('who', 'child')
      child.addHook('onListen', function (this: any) {
        events.push(`child sync ${this.who}`)
      })
    })
    await app.ready()
    expect(events).toEqual([])
    const port = await portOf(app)
    await sleep(10)
    expect(events).toEqual(['root async root listening=true', 'root done root', 'child sync child'])
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
  })

  it('logs an error as the error itself (Fastify), never throws it: listen() resolves and the next hook runs', async () => {
    const lines: Array<[string, string, unknown]> = []
    const app = makeApp({ logger: recorder(lines) })
    const events: string[] = []
    app.addHook('onListen', async () => {
      throw new Error('onListen broke')
    })
    app.addHook('onListen', (done: (error?: Error) => void) => {
      events.push('second')
      done(new Error('second broke'))
    })
    app.get('/', async () => 'up')
    const address = await addressOf(app)
    await sleep(10)
    expect(events).toEqual(['second'])
    const errors = lines
      .filter(([level, , object]) => level === 'error' && object instanceof Error)
      .map(([, , object]) => (object as Error).message)
    expect(errors).toEqual(['onListen broke', 'second broke'])
    expect(await (await fetch(address)).text()).toBe('up')
  })

  it('has run the hooks that wait on nothing, a failing one included, when await listen() resumes (Fastify 4)', async () => {
    const lines: Array<[string, string, unknown]> = []
    const app = makeApp({ logger: recorder(lines) })
    const events: string[] = []
    app.addHook('onListen', async () => {
      events.push('first')
    })
    app.addHook('onListen', async () => {
      events.push('second')
      throw new Error('second broke')
    })
    app.addHook('onListen', async () => {
      events.push('third')
    })
    app.get('/', async () => 'up')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    expect(events).toEqual(['first', 'second', 'third'])
    const errors = lines
      .filter(([level, , object]) => level === 'error' && object instanceof Error)
      .map(([, , object]) => (object as Error).message)
    expect(errors).toEqual(['second broke'])
    expect(await (await fetch(address)).text()).toBe('up')
    expect((await app.inject('/')).body).toBe('up')
  })

  it('is not run by ready() or inject()', async () => {
    const app = makeApp()
    let runs = 0
    app.addHook('onListen', async () => {
      runs++
    })
    app.get('/', async () => 'x')
    await app.ready()
    await app.inject('/')
    expect(runs).toBe(0)
  })

  it('is refused async with done (Fastify: FST_ERR_HOOK_INVALID_ASYNC_HANDLER)', () => {
    const app = makeApp()
    expect(() => app.addHook('onListen', async (_done: unknown) => {})).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER' }),
    )
  })
})

describe('[compat] onRequestAbort (Fastify 4.14)', () => {
  it('runs when the client closes the connection before the response, over a real socket', async () => {
    const app = makeApp()
    const events: string[] = []
    app.addHook('onRequestAbort', async (request: any) => {
      events.push(`abort ${request.method} ${request.url}`)
    })
    app.addHook('onRequestAbort', (request: any, done: () => void) => {
      events.push(`abort done-style ${request.id !== undefined}`)
      done()
    })
    app.get('/slow', async () => {
      await sleep(150)
      return 'late'
    })
    app.get('/fast', async () => 'fast')
    const port = await portOf(app)
    await abortedRequest(port, '/slow', 30)
    await sleep(60)
    expect(events).toEqual(['abort GET /slow', 'abort done-style true'])
    // A request that completes never runs it.
    expect(await (await fetch(`http://127.0.0.1:${port}/fast`)).text()).toBe('fast')
    await sleep(20)
    expect(events).toHaveLength(2)
  })

  it('is a route hook: declared in the route options, it runs for that route only', async () => {
    const app = makeApp()
    const events: string[] = []
    const onRequestAbort = async (request: any) => {
      events.push(request.url)
    }
    app.get('/with', { onRequestAbort }, async () => {
      await sleep(150)
      return 'late'
    })
    app.get('/without', async () => {
      await sleep(150)
      return 'late'
    })
    const port = await portOf(app)
    await abortedRequest(port, '/without', 30)
    await abortedRequest(port, '/with', 30)
    await sleep(60)
    expect(events).toEqual(['/with'])
    expect((await send(app, 'inject', { url: '/with' })).body).toBe('late')
  })

  it('logs an error it raises (nothing can be answered any more)', async () => {
    const lines: Array<[string, string, unknown]> = []
    const app = makeApp({ logger: recorder(lines), disableRequestLogging: true })
    app.addHook('onRequestAbort', async (_request: unknown) => {
      throw new Error('abort hook broke')
    })
    app.get('/slow', async () => {
      await sleep(150)
      return 'late'
    })
    const port = await portOf(app)
    await abortedRequest(port, '/slow', 30)
    await sleep(60)
    const line = lines.find(([, message]) => message === 'An onRequestAbort hook failed')
    expect((line?.[2] as any)?.err?.message).toBe('abort hook broke')
  })

  it('is refused async with done', () => {
    const app = makeApp()
    expect(() =>
      app.addHook('onRequestAbort', async (_request: unknown, _done: unknown) => {}),
    ).toThrow(expect.objectContaining({ code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER' }))
  })
})
