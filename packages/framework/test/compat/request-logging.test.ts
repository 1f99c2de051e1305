import { request } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { makeApp, portOf } from '../spec/helpers'

/** A pino-shaped logger that records each line with the bindings of its child chain. */
function recorder(lines: Array<Record<string, unknown>>, bindings: Record<string, unknown> = {}) {
  const record = (level: string) => (object: unknown, message?: string) => {
    const fields = typeof object === 'object' && object !== null ? object : { msg: object }
    lines.push({
      level,
      ...bindings,
      ...fields,
      ...(message === undefined ? {} : { msg: message }),
    })
  }
  const logger: any = {
    level: 'info',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    child: (more: Record<string, unknown>) => recorder(lines, { ...bindings, ...more }),
  }
  return logger
}

describe('[compat] request logging (Fastify 4)', () => {
  it('logs incoming request and request completed with the reqId, over a real socket', async () => {
    const lines: Array<Record<string, unknown>> = []
    const app = makeApp({ logger: recorder(lines) })
    app.get('/users/:id', async () => ({ ok: true }))
    const port = await portOf(app)
    await (await fetch(`http://127.0.0.1:${port}/users/1?x=1`)).text()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const incoming = lines.find((line) => line.msg === 'incoming request') as any
    const completed = lines.find((line) => line.msg === 'request completed') as any
    expect(incoming).toMatchObject({
      level: 'info',
      reqId: 'req-1',
      req: {
        method: 'GET',
        url: '/users/1?x=1',
        host: `127.0.0.1:${port}`,
        remoteAddress: '127.0.0.1',
      },
    })
    expect(typeof incoming.req.remotePort).toBe('number')
    // Fastify 5's line names `host` (port included); 4.29's `hostname` is gone from it.
    expect('hostname' in incoming.req).toBe(false)
    expect(completed).toMatchObject({ level: 'info', reqId: 'req-1', res: { statusCode: 200 } })
    expect(completed.responseTime).toBeGreaterThanOrEqual(0)
  })

  it('logs 404s too, and nothing with disableRequestLogging: true', async () => {
    const lines: Array<Record<string, unknown>> = []
    const app = makeApp({ logger: recorder(lines) })
    await app.inject('/missing')
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({
      res: { statusCode: 404 },
    })
    const quiet: Array<Record<string, unknown>> = []
    const off = makeApp({ logger: recorder(quiet), disableRequestLogging: true })
    off.get('/', async () => 'x')
    await off.inject('/')
    expect(quiet.filter((line) => /request/.test(String(line.msg)))).toEqual([])
  })

  it("the default 404 logs its message at info between the request's two lines, as Fastify's", async () => {
    const lines: Array<Record<string, unknown>> = []
    const app = makeApp({ logger: recorder(lines) })
    app.get('/', async () => 'home')
    const port = await portOf(app)
    const response = await fetch(`http://127.0.0.1:${port}/not-found?page=2`)
    expect(response.status).toBe(404)
    await response.text()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const requestLines = lines.filter((line) => line.reqId !== undefined)
    expect(requestLines.map((line) => [line.level, line.reqId, line.msg])).toEqual([
      ['info', 'req-1', 'incoming request'],
      ['info', 'req-1', 'Route GET:/not-found not found'],
      ['info', 'req-1', 'request completed'],
    ])
    // a not-found handler of the application's own logs nothing of the sort
    const own: Array<Record<string, unknown>> = []
    const custom = makeApp({ logger: recorder(own) })
    custom.setNotFoundHandler((_request: any, reply: any) => reply.code(404).send('gone'))
    expect((await custom.inject('/missing')).body).toBe('gone')
    expect(own.filter((line) => line.reqId !== undefined).map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ])
  })

  it('a client that goes away mid-stream logs "stream closed prematurely", and no request completed', async () => {
    const lines: Array<Record<string, unknown>> = []
    const app = makeApp({ logger: recorder(lines) })
    let responses = 0
    app.addHook('onResponse', async () => {
      responses++
    })
    app.get('/endless', (_request: any, reply: any) => {
      let sent = false
      // One chunk, then nothing: the response never ends on its own.
      reply.send(
        new Readable({
          read() {
            if (!sent) this.push(Buffer.from('hello\n'))
            sent = true
          },
        }),
      )
    })
    const port = await portOf(app)
    await new Promise<void>((resolve, reject) => {
      const req = request(`http://127.0.0.1:${port}/endless`, (res) => {
        expect(res.statusCode).toBe(200)
        res.once('data', () => {
          res.destroy()
          resolve()
        })
      })
      req.on('error', reject)
      req.end()
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const premature = lines.filter((line) => line.msg === 'stream closed prematurely')
    expect(premature).toHaveLength(1)
    expect(premature[0]).toMatchObject({ level: 'info', reqId: 'req-1', res: { statusCode: 200 } })
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(0)
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(0)
    expect(responses).toBe(0)
    await app.close()
  })
})
