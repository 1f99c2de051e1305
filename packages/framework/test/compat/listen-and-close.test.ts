import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { addressOf, makeApp, portOf } from '../spec/helpers'

// listen() and close() as Fastify 4.29 behaves (issue 31, items 12, 16, 18; issue 30's
// unref'd server and wrapped server.close).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Writes `chunks` to a raw connection, one every `gap` ms, and returns what the server wrote. */
function exchange(port: number, chunks: string[], gap = 100): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      data += chunk
    })
    socket.on('close', () => resolve(data))
    socket.on('error', () => resolve(data))
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        socket.write(chunk)
        await sleep(gap)
      }
      setTimeout(() => socket.destroy(), 1000)
    })
  })
}

describe('[compat] listen()', () => {
  it('the callback gets (error, null) when the port is taken', async () => {
    const port = await portOf(makeApp())
    const second = makeApp()
    const args = await new Promise<unknown[]>((resolve) =>
      second.listen({ port, host: '127.0.0.1' }, (...a: unknown[]) => resolve(a)),
    )
    expect((args[0] as NodeJS.ErrnoException).code).toBe('EADDRINUSE')
    expect(args[1]).toBe(null)
  })

  it("a non-numeric port in the options is refused with Node's ERR_SOCKET_BAD_PORT", async () => {
    await expect(makeApp().listen({ port: 'abc' })).rejects.toMatchObject({
      code: 'ERR_SOCKET_BAD_PORT',
    })
  })

  it("the deprecated positional forms: port as text with host and callback, '-1' listens on a free port", async () => {
    const app = makeApp()
    const address = await new Promise<string>((resolve, reject) =>
      app.listen('0', '127.0.0.1', (error: Error | null, a: string) =>
        error ? reject(error) : resolve(a),
      ),
    )
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const other = makeApp()
    const free = await other.listen('-1')
    expect(other.server.address().port).toBeGreaterThan(0)
    expect(free).toContain(String(other.server.address().port))
  })

  it('a positional text that is not a number is a pipe or Unix socket path', async () => {
    const path = `/tmp/framework-31c-${process.pid}-${Date.now()}.sock`
    const app = makeApp()
    app.get('/', async () => 'over the socket')
    expect(await app.listen(path, 511)).toBe(path)
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ socketPath: path, path: '/' }, (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve(text))
        })
        .on('error', reject)
    })
    expect(body).toBe('over the socket')
  })

  it('signal: aborting closes the instance, onClose hooks included', async () => {
    const app = makeApp()
    let closed = false
    app.addHook('onClose', async () => {
      closed = true
    })
    const controller = new AbortController()
    await app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })
    expect(app.server.listening).toBe(true)
    controller.abort()
    await sleep(100)
    expect(app.server.listening).toBe(false)
    expect(closed).toBe(true)
  })

  it('a failing onListen hook is logged as the error itself', async () => {
    const lines: any[] = []
    const app = makeApp({
      logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    })
    app.addHook('onListen', async () => {
      throw new Error('FAIL ON LISTEN')
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await sleep(30)
    const line = lines.find((l) => l.level === 50)
    expect(line.msg).toBe('FAIL ON LISTEN')
    expect(line.err.message).toBe('FAIL ON LISTEN')
  })
})

describe('[compat] close()', () => {
  it('settles after server.unref(), also after a HEAD response', async () => {
    const app = makeApp()
    app.get('/', async () => 'hello')
    const address = await addressOf(app)
    app.server.unref()
    const res = await fetch(address, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('5')
    const outcome = await Promise.race([
      app.close().then(() => 'closed'),
      sleep(2500).then(() => 'hung'),
    ])
    expect(outcome).toBe('closed')
  })

  it('settles after a HEAD answered by @fastify/static with the server unref()ed', async () => {
    const app = makeApp()
    app.register(fastifyStatic as any, { root: path.join(__dirname, '..', '..', 'src') })
    const address = await addressOf(app)
    app.server.unref()
    const res = await fetch(`${address}/index.ts`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0)
    const outcome = await Promise.race([
      app.close().then(() => 'closed'),
      sleep(2500).then(() => 'hung'),
    ])
    expect(outcome).toBe('closed')
  })

  it('leaves alone a serverFactory server the application started listening itself', async () => {
    let server: http.Server | undefined
    const app = framework({
      serverFactory: (handler: any) => {
        server = http.createServer(handler)
        return server
      },
    } as any)
    app.get('/', async () => 'still served')
    await app.ready()
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()))
    await app.close()
    expect(server!.listening).toBe(true)
    const port = (server!.address() as net.AddressInfo).port
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('still served')
    await new Promise((resolve) => server!.close(resolve))
  })

  it('calls a server.close a plugin wrapped', async () => {
    const app = makeApp()
    const calls: string[] = []
    app.register(async (instance: any) => {
      instance.addHook('onReady', async () => {
        const server = instance.server
        const original = server.close
        server.close = function (this: unknown, ...args: unknown[]) {
          calls.push('wrapped close')
          return original.apply(this, args)
        }
      })
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await app.close()
    expect(calls).toEqual(['wrapped close'])
    expect(app.server.listening).toBe(false)
  })

  it('runs onClose hooks the last added first, a plugin loaded later before the root', async () => {
    const app = makeApp()
    const order: string[] = []
    app.register(async (child: any) => {
      child.addHook('onClose', async () => {
        order.push('child')
      })
    })
    app.addHook('onClose', () => {
      order.push('root first added')
    })
    app.addHook('onClose', () => {
      order.push('root second added')
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await app.close()
    expect(order).toEqual(['child', 'root second added', 'root first added'])
  })
})

describe('[compat] client errors', () => {
  it('the default answers 400 to garbage on a reused keep-alive connection', async () => {
    const app = makeApp()
    app.get('/', async () => 'ok')
    const data = await exchange(await portOf(app), [
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      'GARBAGE\r\n\r\n',
    ])
    expect(data).toMatch(/^HTTP\/1\.1 200/)
    expect(data).toMatch(/HTTP\/1\.1 400 Bad Request[\s\S]*"message":"Client Error"/)
  })

  it('clientErrorHandler replaces the default, with the instance as this', async () => {
    let self: unknown
    let code: unknown
    const app = makeApp({
      clientErrorHandler(this: unknown, error: { code?: string }, socket: net.Socket) {
        self = this
        code = error.code
        socket.end(
          "HTTP/1.1 418 I'm a Teapot\r\ncontent-length: 6\r\nconnection: close\r\n\r\nteapot",
        )
      },
    })
    app.get('/', async () => 'ok')
    const data = await exchange(await portOf(app), ['GARBAGE / HTTP/1.1\r\n\r\n'])
    expect(data).toMatch(/^HTTP\/1\.1 418 I'm a Teapot[\s\S]*teapot$/)
    expect(self).toBe(app)
    expect(code).toBe('HPE_INVALID_METHOD')
  })

  it('clientErrorHandler must be a function', () => {
    expect(() => framework({ clientErrorHandler: 'nope' } as any)).toThrow(/clientErrorHandler/)
  })
})
