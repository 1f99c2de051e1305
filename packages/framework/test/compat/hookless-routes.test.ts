import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf, rawExchange, type SpecRequest } from '../spec/helpers'

// Issue 41: a route without hooks (and the built-in 404 of a context without hooks) takes a
// shorter path chosen at ready. It must answer exactly as the full lifecycle does: the same apps,
// one with a hook that does nothing (every request takes the full lifecycle), one without.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Log lines without what differs from one run to the next. */
type Line = Record<string, unknown>

/** An app with every kind of answer; `hooked`: with an onRequest hook that does nothing. */
function buildApp(hooked: boolean, lines: Line[]) {
  const app = makeApp({
    disableRequestLogging: true,
    logger: {
      level: 'info',
      stream: {
        write(text: string) {
          const { time, pid, hostname, reqId, ...line } = JSON.parse(text)
          lines.push(line)
        },
      },
    },
  })
  if (hooked) app.addHook('onRequest', (_request: any, _reply: any, done: () => void) => done())
  const helloSchema = {
    response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } },
  }
  app.get('/object', { schema: helloSchema }, (_request: any, reply: any) => {
    reply.send({ hello: 'world', dropped: true })
  })
  app.get('/returned', async () => ({ value: 1 }))
  app.get('/text', () => 'text')
  app.get('/buffer', (_request: any, reply: any) => {
    reply.send(Buffer.from('bytes'))
  })
  app.get('/stream', (_request: any, reply: any) => {
    reply.type('text/plain').send(Readable.from(['a', 'b']))
  })
  app.get('/response', () => new Response('web', { status: 201, headers: { 'x-web': 'yes' } }))
  app.get('/trailer', (_request: any, reply: any) => {
    reply.trailer('x-check', (_reply: any, _payload: any, done: any) => done(null, 'ok'))
    reply.send('with a trailer')
  })
  app.get('/hijack', (_request: any, reply: any) => {
    reply.hijack()
    reply.raw.writeHead(202, { 'content-type': 'text/plain' })
    reply.raw.end('by hand')
  })
  app.get('/throws', () => {
    throw Object.assign(new Error('conflict'), { statusCode: 409 })
  })
  app.get('/rejects', async () => {
    throw new Error('went wrong')
  })
  app.post(
    '/double',
    {
      schema: {
        body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
      },
    },
    (request: any) => ({ doubled: request.body.n * 2 }),
  )
  app.get('/slow', { handlerTimeout: 30 }, async () => {
    await sleep(300)
    return 'too late'
  })
  app.get('/forward', (_request: any, reply: any) => {
    reply.callNotFound()
  })
  return app
}

const requests: SpecRequest[] = [
  { url: '/object' },
  { method: 'HEAD', url: '/object' },
  { url: '/returned' },
  { url: '/text' },
  { url: '/buffer' },
  { url: '/stream' },
  { method: 'HEAD', url: '/stream' },
  { url: '/response' },
  { url: '/trailer' },
  { url: '/hijack' },
  { url: '/throws' },
  { url: '/rejects' },
  { method: 'POST', url: '/double', payload: { n: 21 } },
  { method: 'POST', url: '/double', payload: { n: 'x' } },
  {
    method: 'POST',
    url: '/double',
    headers: { 'content-type': 'application/json' },
    payload: '{"n":',
  },
  { url: '/slow' },
  { url: '/forward' },
  { url: '/no/such/route' },
  { url: '/no/such/route?with=query' },
  { url: '/caf%C3%A9/%22quoted%22/back%5Cslash' },
  { method: 'HEAD', url: '/no/such/route' },
  { method: 'DELETE', url: '/no/such/route' },
  { method: 'POST', url: '/no/such/route', payload: { any: 'body' } },
  {
    method: 'POST',
    url: '/no/such/route',
    headers: { 'content-type': 'application/json' },
    payload: '{"broken',
  },
]

describe('[compat] routes without hooks answer as routes with hooks (issue 41)', () => {
  itBoth(
    'the same status, headers, body and log lines for every kind of answer',
    async ({ send }) => {
      const plainLines: Line[] = []
      const hookedLines: Line[] = []
      const plain = buildApp(false, plainLines)
      const hooked = buildApp(true, hookedLines)
      for (const request of requests) {
        const label = `${request.method ?? 'GET'} ${request.url}`
        const answer = async (app: any) => {
          const { statusCode, headers, body } = await send(app, request)
          delete headers.date
          return { label, statusCode, headers, body }
        }
        expect(await answer(plain)).toEqual(await answer(hooked))
      }
      // Log lines: the same ones in the same order, the late handler's warning included.
      const requestLines = (lines: Line[]) =>
        lines.filter((line) => !String(line.msg).startsWith('Server listening'))
      // The late handler of /slow logs when it ends, which a busy machine may delay.
      for (let waited = 0; waited < 3000; waited += 50) {
        if (requestLines(plainLines).length > 0 && requestLines(hookedLines).length > 0) break
        await sleep(50)
      }
      expect(requestLines(plainLines)).toEqual(requestLines(hookedLines))
      expect(requestLines(plainLines).map((line) => line.msg)).toEqual([
        'Reply was already sent, did you forget to "return reply" in "/slow" (GET)?',
      ])
    },
  )

  itBoth('the answers themselves, on the path without hooks', async ({ send }) => {
    const app = buildApp(false, [])
    const object = await send(app, { url: '/object' })
    expect([object.statusCode, object.body, object.headers['content-type']]).toEqual([
      200,
      '{"hello":"world"}',
      'application/json; charset=utf-8',
    ])
    const missing = await send(app, { url: '/caf%C3%A9/%22quoted%22?q=1' })
    expect([missing.statusCode, missing.headers['content-type'], missing.json()]).toEqual([
      404,
      'application/json; charset=utf-8',
      {
        message: 'Route GET:/caf%C3%A9/%22quoted%22 not found',
        error: 'Not Found',
        statusCode: 404,
      },
    ])
    const head = await send(app, { method: 'HEAD', url: '/no/such/route' })
    expect([head.statusCode, head.body, head.headers['content-length']]).toEqual([
      404,
      '',
      String(
        Buffer.byteLength(
          '{"message":"Route HEAD:/no/such/route not found","error":"Not Found","statusCode":404}',
        ),
      ),
    ])
    const broken = await send(app, {
      method: 'POST',
      url: '/no/such/route',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    })
    expect(broken.statusCode).toBe(400)
    const slow = await send(app, { url: '/slow' })
    expect([slow.statusCode, slow.json().code]).toEqual([503, 'FRM_ERR_HANDLER_TIMEOUT'])
  })

  it('the same bytes on the wire, trailers and chunking included (socket)', async () => {
    const plain = buildApp(false, [])
    const hooked = buildApp(true, [])
    const wire = async (app: any, head: string) => {
      const exchange = await rawExchange(await portOf(app), [
        `${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      ])
      return exchange.data.replace(/\r\nDate: [^\r]*/i, '')
    }
    for (const head of [
      'GET /object HTTP/1.1',
      'HEAD /object HTTP/1.1',
      'GET /trailer HTTP/1.1',
      'GET /stream HTTP/1.1',
      'GET /no/such/"route HTTP/1.1',
      'HEAD /nowhere HTTP/1.1',
    ]) {
      const bytes = await wire(plain, head)
      expect(bytes).toMatch(/^HTTP\/1\.1 \d{3} /)
      expect(bytes).toBe(await wire(hooked, head))
    }
    expect(await wire(plain, 'GET /no/such/"route HTTP/1.1')).toContain(
      '{"message":"Route GET:/no/such/\\"route not found","error":"Not Found","statusCode":404}',
    )
  })
})
