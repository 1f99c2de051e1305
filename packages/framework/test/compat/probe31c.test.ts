import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import framework, { fp } from 'framework'
import { addressOf, itBoth, makeApp, portOf } from '../spec/helpers'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('probe item 9', () => {
  it('ready(cb) inside a plugin only queues', async () => {
    const app = makeApp()
    const order: string[] = []
    app.register((instance: any, _o: any, done: any) => {
      instance.ready((err: unknown) => order.push(`cb:${err}`))
      order.push('body')
      done()
    })
    app.register(async () => {
      order.push('second')
    })
    await sleep(20)
    order.push('before-ready')
    await app.ready()
    expect(order).toEqual(['before-ready', 'body', 'second', 'cb:null'])
  })
  it('decorate inside onReady', async () => {
    const app = makeApp()
    app.addHook('onReady', function (this: any, done: any) {
      this.decorate('late', 42)
      done()
    })
    await app.ready()
    expect(app.late).toBe(42)
  })
  it('ready cb gets (err, instance)', async () => {
    const app = makeApp()
    const got = await new Promise<any[]>((r) => app.ready((...a: any[]) => r(a)))
    expect(got[0]).toBe(null)
    expect(got[1]).toBe(app)
  })
  it('mixed order', async () => {
    const app = makeApp()
    const result: number[] = []
    for (const o of [1, 2, 3, 4, 5, 6]) {
      if (o % 2) app.ready(() => result.push(o))
      else app.ready().then(() => result.push(o))
    }
    await app.ready()
    expect(result).toEqual([1, 2, 3, 4, 5, 6])
  })
  it('mixed order 2', async () => {
    const app = makeApp()
    const result: number[] = []
    for (const o of [1, 2, 3, 4, 5, 6]) {
      if (o % 2) app.ready().then(() => result.push(o))
      else app.ready(() => result.push(o))
    }
    await app.ready()
    expect(result).toEqual([1, 2, 3, 4, 5, 6])
  })
  it('mixed reject order', async () => {
    const app = makeApp()
    const result: number[] = []
    app.register((_i: any, _o: any, done: any) => {
      setTimeout(() => done(new Error('test')), 50)
    })
    for (const o of [1, 2, 3, 4, 5, 6]) {
      if (o % 2) app.ready(() => result.push(o))
      else app.ready().then(null, () => result.push(o))
    }
    await app.ready().catch((e: Error) => expect(e.message).toBe('test'))
    expect(result).toEqual([1, 2, 3, 4, 5, 6])
  })
})

describe('probe item 12', () => {
  it('callback address null on failure', async () => {
    const a = makeApp()
    const port = await portOf(a)
    const b = makeApp()
    const got = await new Promise<any[]>((r) => b.listen({ port, host: '127.0.0.1' }, (...x: any[]) => r(x)))
    expect(got[0]).toBeInstanceOf(Error)
    expect(got[1]).toBe(null)
  })
  it('non-numeric port', async () => {
    const app = makeApp()
    await expect(app.listen({ port: 'abc' })).rejects.toMatchObject({ code: 'ERR_SOCKET_BAD_PORT' })
  })
  it('signal', async () => {
    const app = makeApp()
    const controller = new AbortController()
    const address = await app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })
    controller.abort()
    await sleep(50)
    expect(app.server.listening).toBe(false)
    void address
  })
  it('positional -1 string', async () => {
    const app = makeApp()
    await expect(app.listen('-1')).rejects.toMatchObject({ code: 'ERR_SOCKET_BAD_PORT' })
  })
  it('positional pipe path', async () => {
    const app = makeApp()
    const path = `/tmp/probe31c-${process.pid}.sock`
    const address = await app.listen(path)
    expect(address).toBe(path)
  })
  it('close after unref', async () => {
    const app = makeApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    app.server.unref()
    await app.close()
  })
  it('close after HEAD with unref', async () => {
    const app = makeApp()
    app.get('/', async () => 'hello')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    app.server.unref()
    const res = await fetch(address, { method: 'HEAD' })
    expect(res.status).toBe(200)
    await Promise.race([app.close(), sleep(2000).then(() => { throw new Error('close hang') })])
  })
})

describe('probe item 16', () => {
  it('onListen error logged as error', async () => {
    const lines: any[] = []
    const stream = { write: (l: string) => lines.push(JSON.parse(l)) }
    const app = makeApp({ logger: { stream, level: 'info' } })
    const err = new Error('boom')
    app.addHook('onListen', async () => {
      throw err
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await sleep(30)
    const line = lines.find((l) => l.level === 50)
    expect(line.msg).toBe('boom')
    expect(line.err?.message).toBe('boom')
  })
})

describe('probe item 18', () => {
  it('serverFactory server not listened is left alone', async () => {
    let server: http.Server | undefined
    const app = framework({
      serverFactory: (handler: any) => {
        server = http.createServer(handler)
        return server
      },
    } as any)
    await app.ready()
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()))
    await app.close()
    expect(server!.listening).toBe(true)
    await new Promise((r) => server!.close(r))
  })
  it('wrapped server.close called', async () => {
    const app = makeApp()
    let called = false
    app.addHook('onReady', function () {
      const server = app.server
      const orig = server.close
      server.close = function (this: any, ...args: any[]) {
        called = true
        return orig.apply(this, args)
      }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await app.close()
    expect(called).toBe(true)
  })
})

describe('probe item 20', () => {
  itBoth('error handler sees status given', async ({ send }) => {
    const app = makeApp()
    app.setErrorHandler(async (error: any, _req: any, reply: any) => {
      return { seen: reply.statusCode, err: error.statusCode }
    })
    app.get('/', async () => {
      const e: any = new Error('x')
      e.statusCode = 418
      throw e
    })
    app.get('/429', async (_r: any, reply: any) => {
      reply.code(429)
      throw new Error('y')
    })
    const r = await send(app, { url: '/' })
    expect(r.json()).toEqual({ seen: 200, err: 418 })
    const r2 = await send(app, { url: '/429' })
    expect(r2.json()).toEqual({ seen: 429 })
  })
  itBoth('non-Error thrown from hooks', async ({ send }) => {
    const app = makeApp()
    app.addHook('preHandler', async () => {
      throw 'a string'
    })
    app.get('/', async () => 'ok')
    const r = await send(app, { url: '/' })
    expect(r.statusCode).toBe(500)
    expect(r.body).toBe('a string')
  })
})

describe('probe item 21', () => {
  it('options function receives parent instance for fp', async () => {
    const app = makeApp()
    app.decorate('foo', 'bar')
    let got: any
    app.register(fp(async (_i: any, opts: any) => { got = opts }), (parent: any) => ({ v: parent.foo }))
    await app.ready()
    expect(got).toEqual({ v: 'bar' })
  })
  it('options function receives parent instance (encapsulated)', async () => {
    const app = makeApp()
    let seen: any
    app.register(async (child: any) => {
      child.decorate('x', 1)
      child.register(async () => {}, (p: any) => { seen = p.x; return {} })
    })
    await app.ready()
    expect(seen).toBe(1)
  })
  it('plugins after a failure never run', async () => {
    const app = makeApp()
    let ran = false
    app.register(async () => { throw new Error('fail') })
    app.register(async () => { ran = true })
    await expect(app.ready()).rejects.toThrow('fail')
    expect(ran).toBe(false)
  })
  it('plugins after a failure never run after await after()', async () => {
    const app = makeApp()
    let ran = false
    app.register(async () => { throw new Error('fail') })
    try { await app.after() } catch {}
    app.register(async () => { ran = true })
    await expect(app.ready()).rejects.toThrow('fail')
    expect(ran).toBe(false)
  })
})

describe('probe item 22', () => {
  it('ALS in callback onRequest survives with body', async () => {
    const app = makeApp()
    const storage = new AsyncLocalStorage<any>()
    app.addHook('onRequest', (_req: any, _reply: any, next: any) => {
      storage.run({ id: 7 }, next)
    })
    app.post('/', async () => ({ store: storage.getStore() ?? null }))
    const address = await addressOf(app)
    const res = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
    expect(await res.json()).toEqual({ store: { id: 7 } })
  })
})

describe('probe item 23', () => {
  itBoth('callNotFound after body parsed', async ({ send }) => {
    const app = makeApp()
    let ret: any
    app.register(async (i: any) => {
      i.addHook('preHandler', async (req: any) => { req.seen = (req.seen ?? 0) + 1 })
      i.setNotFoundHandler((req: any, reply: any) => {
        reply.code(404).send({ nf: true, body: req.body, seen: req.seen })
      })
      i.post('/x', async (req: any, reply: any) => {
        ret = reply.callNotFound()
        return reply
      })
    }, { prefix: '/p' })
    const r = await send(app, { method: 'POST', url: '/p/x', payload: { a: 1 } })
    expect(r.statusCode).toBe(404)
    expect(r.json()).toEqual({ nf: true, body: { a: 1 }, seen: 2 })
    expect(ret?.send).toBeTypeOf('function')
  })
  itBoth('setNotFoundHandler errorHandler from fp', async ({ send }) => {
    const app = makeApp()
    app.register(fp(async (i: any) => {
      i.setNotFoundHandler({ errorHandler: (_e: any, _r: any, reply: any) => reply.code(500).send({ handled: true }) } as any, async () => {
        throw new Error('nf')
      })
    }))
    const r = await send(app, { url: '/nope' })
    expect(r.json()).toEqual({ handled: true })
  })
})

describe('probe item 24', () => {
  itBoth('this in hook is route context', async ({ send }) => {
    const app = makeApp()
    let seen: any
    app.register(async (child: any) => {
      child.decorate('tag', 'child')
      child.addHook('onRequest', async function (this: any) { seen = this.tag })
      child.get('/c', async () => 'ok')
    })
    app.decorate('tag', 'root')
    const r = await send(app, { url: '/c' })
    expect(r.statusCode).toBe(200)
    expect(seen).toBe('child')
  })
  itBoth('this in root hook is route context', async ({ send }) => {
    const app = makeApp()
    let seen: any
    app.addHook('preHandler', async function (this: any) { seen = this.tag })
    app.decorate('tag', 'root')
    app.register(async (child: any) => {
      child.decorate('tag', 'child')
      child.get('/c', async () => 'ok')
    })
    await send(app, { url: '/c' })
    expect(seen).toBe('child')
  })
})

describe('probe item 25', () => {
  itBoth('code(307).redirect keeps 307', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_r: any, reply: any) => { reply.code(307).redirect('/x') })
    const r = await send(app, { url: '/' })
    expect(r.statusCode).toBe(307)
    expect(r.headers.location).toBe('/x')
  })
  it('elapsedTime stops', async () => {
    const app = makeApp()
    let reply: any
    app.get('/', (_r: any, rep: any) => { reply = rep; rep.send('ok') })
    await app.inject('/')
    const t1 = reply.elapsedTime
    await sleep(30)
    expect(reply.elapsedTime).toBe(t1)
    expect(reply.getResponseTime()).toBe(t1)
  })
})

describe('probe item 26', () => {
  it('pluginTimeout 0', async () => {
    const app = makeApp({ pluginTimeout: 0 })
    app.register((_i: any, _o: any, done: any) => setTimeout(done, 50))
    await app.ready()
  })
})

describe('probe version', () => {
  it('version configurable', async () => {
    const app = makeApp()
    Object.defineProperty(app, 'version', { value: '99.0.0-rc.1' })
    expect(app.version).toBe('99.0.0-rc.1')
    const p: any = (_i: any, _o: any, done: any) => done()
    p[Symbol.for('plugin-meta')] = { name: 'p', fastify: '99.x' }
    app.register(p)
    await app.ready()
  })
})

describe('probe passing', () => {
  it('stream with only close', async () => {
    const app = makeApp()
    app.get('/', (_r: any, reply: any) => {
      const s = new Readable({ read() {} })
      ;(s as any).destroy = undefined
      ;(s as any).close = () => {}
      s.push('a')
      reply.send(s)
    })
    const address = await addressOf(app)
    const controller = new AbortController()
    const res = await fetch(address, { signal: controller.signal })
    controller.abort()
    void res
    await sleep(100)
  })
  it('reply.sent = false refused', async () => {
    const app = makeApp()
    let err: any
    app.get('/', (_r: any, reply: any) => {
      try { reply.sent = false } catch (e) { err = e }
      reply.send('ok')
    })
    const r = await app.inject('/')
    expect(r.body).toBe('ok')
    expect(err?.code).toMatch(/REP_SENT_VALUE/)
  })
})
describe('probe 9b', () => {
  it('listen and onReady order', async () => {
    const app = makeApp()
    const order: number[] = []
    const check = (n: number) => () => { order.push(n) }
    app.register((instance: any, _o: any, done: any) => {
      instance.ready(check(0))
      instance.addHook('onReady', check(4))
      instance.register((sub: any, _o: any, done: any) => {
        sub.ready(check(1))
        sub.addHook('onReady', check(5))
        sub.register((real: any, _o: any, done: any) => {
          real.ready(check(2))
          real.addHook('onReady', check(6))
          done()
        })
        done()
      })
      done()
    })
    app.addHook('onReady', check(3))
    await app.ready()
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6])
  })
})
import net from 'node:net'
function exchange(port: number, chunks: string[], gap = 100): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (c: string) => { data += c })
    socket.on('close', () => resolve(data))
    socket.on('error', () => resolve(data))
    socket.on('connect', async () => {
      for (const c of chunks) { socket.write(c); await sleep(gap) }
      setTimeout(() => socket.destroy(), 1000)
    })
  })
}
describe('probe item 19', () => {
  it('400 on reused keep-alive', async () => {
    const app = makeApp()
    app.get('/', async () => 'ok')
    const port = await portOf(app)
    const data = await exchange(port, ['GET / HTTP/1.1\r\nHost: x\r\n\r\n', 'GARBAGE\r\n\r\n'])
    expect(data).toMatch(/HTTP\/1.1 200/)
    expect(data).toMatch(/HTTP\/1.1 400/)
  })
  it('clientErrorHandler', async () => {
    let self: any
    const app = makeApp({
      clientErrorHandler(this: any, err: any, socket: any) {
        self = this
        socket.end(`HTTP/1.1 418 I'm a Teapot\r\ncontent-length: 2\r\nconnection: close\r\n\r\n${err.code === 'HPE_INVALID_METHOD' ? 'im' : 'xx'}`)
      },
    })
    app.get('/', async () => 'ok')
    const port = await portOf(app)
    const data = await exchange(port, ['GARBAGE / HTTP/1.1\r\n\r\n'])
    expect(data).toMatch(/^HTTP\/1.1 418/)
    expect(self).toBe(app)
  })
})
