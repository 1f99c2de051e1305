import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { makeApp, sleep } from '../spec/helpers'

// Start and stop as Fastify 5 times and behaves them (issue 39): loading ends no earlier than
// avvio's, so what runs in the microtasks after listen() (a test runner starting its first tests)
// still declares routes.

/** A promise chain of `steps` links, as a test runner's between two tests. */
async function chain(steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) await Promise.resolve()
}

describe('[compat] start-up takes as long as avvio', () => {
  it('routes declared in the microtasks after listen() are served over the socket', async () => {
    const app = makeApp()
    const listening = new Promise<string>((resolve, reject) =>
      app.listen({ port: 0, host: '127.0.0.1' }, (error: Error | null, address: string) =>
        error ? reject(error) : resolve(address),
      ),
    )
    const declared: string[] = []
    const declaring = (async () => {
      for (const path of ['/one', '/two', '/three', '/four']) {
        await chain(40)
        app.put(path, async (request: any) => ({ path, body: request.body }))
        declared.push(path)
      }
    })()
    const address = await listening
    await declaring
    expect(declared).toEqual(['/one', '/two', '/three', '/four'])
    for (const path of declared) {
      const response = await fetch(address + path, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hello: 'world' }),
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ path, body: { hello: 'world' } })
    }
    const injected = await app.inject({ method: 'PUT', url: '/four', payload: { a: 1 } })
    expect([injected.statusCode, injected.json()]).toEqual([200, { path: '/four', body: { a: 1 } }])
  })

  it('a route declared on the next timer after listen() is refused', async () => {
    const app = makeApp()
    const listening = app.listen({ port: 0, host: '127.0.0.1' })
    const error = await new Promise((resolve) =>
      setTimeout(() => {
        try {
          app.get('/late', async () => 'late')
          resolve(null)
        } catch (thrown) {
          resolve(thrown)
        }
      }, 0),
    )
    await listening
    expect(error).toMatchObject({
      code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING',
      message: 'Fastify instance is already listening. Cannot add route!',
    })
  })
})

describe('[compat] listen({ signal }) (Fastify 5)', () => {
  it('already aborted: listen() only closes (onClose runs), resolves undefined, never calls back', async () => {
    const app = makeApp()
    let closedWith: unknown
    app.addHook('onClose', (instance: unknown, done: () => void) => {
      closedWith = instance
      done()
    })
    const controller = new AbortController()
    controller.abort()
    expect(await app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })).toBe(
      undefined,
    )
    expect(closedWith).toBe(app)
    expect(app.server.listening).toBe(false)
    const other = makeApp()
    let called = false
    other.listen({ port: 0, host: '127.0.0.1', signal: controller.signal }, () => {
      called = true
    })
    await sleep(50)
    expect(called).toBe(false)
  })

  it('aborted while loading: the server never listens, the promise resolves undefined', async () => {
    const app = makeApp()
    let closed = false
    app.addHook('onClose', async () => {
      closed = true
    })
    const controller = new AbortController()
    const listening = app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })
    controller.abort()
    expect(await listening).toBe(undefined)
    await sleep(20)
    expect(closed).toBe(true)
    expect(app.server.listening).toBe(false)
  })

  it('aborted once listening: closes the server and runs onClose', async () => {
    const app = makeApp()
    let closed = false
    app.addHook('onClose', async () => {
      closed = true
    })
    const controller = new AbortController()
    const address = await app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    controller.abort()
    await sleep(50)
    expect([closed, app.server.listening]).toEqual([true, false])
  })

  it('a signal that is no AbortSignal is refused with FRM_ERR_LISTEN_OPTIONS_INVALID', () => {
    const app = makeApp()
    expect(() => app.listen({ port: 0, signal: {} as never })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LISTEN_OPTIONS_INVALID',
        message: "Invalid listen options: 'Invalid options.signal'",
      }),
    )
  })
})

describe('[compat] listen() and close(), Fastify 5', () => {
  it('a port given as text that is no number fails each time (ERR_SOCKET_BAD_PORT), then listening works', async () => {
    const app = makeApp()
    for (const port of ['hello-world', '1234hello']) {
      await expect(app.listen({ port: port as never })).rejects.toMatchObject({
        code: 'ERR_SOCKET_BAD_PORT',
      })
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const response = await fetch(`${address}/nothing`)
    expect(response.status).toBe(404)
  })

  it('a closed instance cannot listen again, with or without a callback (FRM_ERR_REOPENED_CLOSE_SERVER)', async () => {
    const app = makeApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    await app.close()
    await expect(app.listen({ port: 0, host: '127.0.0.1' })).rejects.toMatchObject({
      code: 'FRM_ERR_REOPENED_CLOSE_SERVER',
    })
    const error = await new Promise((resolve) =>
      app.listen({ port: 0, host: '127.0.0.1' }, (e: unknown) => resolve(e)),
    )
    expect(error).toMatchObject({ code: 'FRM_ERR_REOPENED_CLOSE_SERVER' })
    expect(app.server.listening).toBe(false)
  })

  it('close works unbound, as avvio binds it: setTimeout(app.close) closes the application', async () => {
    const app = makeApp()
    let closed = false
    app.addHook('onClose', async () => {
      closed = true
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    setTimeout(app.close, 1)
    for (let i = 0; i < 50 && !closed; i++) await sleep(20)
    expect([closed, app.server.listening]).toEqual([true, false])
  })

  it('after() without a callback returns a real promise: undefined, or the error of the plugins before it', async () => {
    const app = makeApp()
    app.register(async (child: any) => {
      child.get('/', async () => 'ok')
    })
    const pending = app.after()
    expect(pending).toBeInstanceOf(Promise)
    expect(await pending).toBe(undefined)
    const failure = new Error('kaboom')
    app.register(async () => {
      throw failure
    })
    await expect(app.after()).rejects.toBe(failure)
    await expect(app.ready()).rejects.toBe(failure)
  })
})

describe('[compat] inject() once ready (Fastify 5)', () => {
  it('an unknown method throws at the call, in both forms; over the socket it is a 400', async () => {
    const app = makeApp()
    app.get('/', async () => ({ hello: 'world' }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const unknown = { method: 'UNKNOWN_METHOD', url: '/' }
    expect(() => app.inject(unknown, () => {})).toThrow(Error)
    expect(() => app.inject(unknown)).toThrow(Error)
    expect((await app.inject({ url: '/' })).json()).toEqual({ hello: 'world' })
    const response = await fetch(address, { method: 'UNKNOWN_METHOD' })
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: 'Bad Request', message: 'Client Error', statusCode: 400 },
    ])
  })

  it('before ready the refusal reaches the callback and the promise instead', async () => {
    const app = makeApp()
    app.get('/', async () => 'ok')
    const unknown = { method: 'UNKNOWN_METHOD', url: '/' }
    const viaCallback = await new Promise((resolve) => app.inject(unknown, resolve))
    expect(viaCallback).toBeInstanceOf(Error)
    await expect(makeApp().inject(unknown)).rejects.toThrow(Error)
  })
})

describe('[compat] the listen log lines (Fastify 5)', () => {
  it("logs one 'Server listening at' line per address, every IPv4 interface for 0.0.0.0, internal first", async () => {
    const lines: any[] = []
    const app = makeApp({
      logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    })
    const address = await app.listen({ port: 0, host: '0.0.0.0' })
    const port = app.server.address().port
    const expected = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((info) => info.family === 'IPv4')
      .sort((a, b) => Number(b.internal) - Number(a.internal))
      .map((info) => `Server listening at http://${info.address}:${port}`)
    const logged = lines.filter((l) => String(l.msg).startsWith('Server listening at'))
    expect(logged.map((l) => l.msg)).toEqual(expected)
    expect(logged.every((l) => l.level === 30)).toBe(true)
    expect(`Server listening at ${address}`).toBe(expected[0])
  })

  it('a listenTextResolver words each line', async () => {
    const lines: any[] = []
    const app = makeApp({
      logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    })
    const address = await app.listen({
      port: 0,
      host: '127.0.0.1',
      listenTextResolver: (a: string) => `up on ${a}`,
    })
    expect(lines.filter((l) => String(l.msg).startsWith('up on')).map((l) => l.msg)).toEqual([
      `up on ${address}`,
    ])
  })
})
