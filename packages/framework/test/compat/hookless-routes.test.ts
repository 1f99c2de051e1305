import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf, rawExchange, type SpecRequest } from '../spec/helpers'

// Issue 41: a route without hooks (and the built-in 404 of a context without hooks) takes a
// shorter path chosen at ready. It must answer exactly as the full lifecycle does: the same apps,
// one with a hook that does nothing (every request takes the full lifecycle), one without.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Log lines without what differs from one run to the next. */
type Line = Record<string, unknown>

/**
 * The hook an app gets, which does nothing: with `onRequest`, every request takes the full
 * lifecycle; with `onSend`, every reply takes the full way out (a JSON object is not written
 * straight from its serializer, see `RouteContext.sendsDirect`).
 */
type Hook = 'none' | 'onRequest' | 'onSend'

/** An app with every kind of answer, with `hook`. */
function buildApp(hook: Hook | boolean, lines: Line[]) {
  const app = makeApp({
    disableRequestLogging: true,
    logger: {
      level: 'info',
      stream: {
        write(text: string) {
          const { time, pid, hostname, reqId, ...line } = JSON.parse(text)
          // A stack names the lifecycle's own functions, which the paths do not share.
          if (line.err !== undefined) delete line.err.stack
          lines.push(line)
        },
      },
    },
  })
  if (hook === true || hook === 'onRequest') {
    app.addHook('onRequest', (_request: any, _reply: any, done: () => void) => done())
  } else if (hook === 'onSend') {
    app.addHook('onSend', (_request: any, _reply: any, payload: unknown, done: any) =>
      done(null, payload),
    )
  }
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
  addObjectRoutes(app)
  return app
}

/** Routes that send a JSON object, each with what a handler may do to its reply first. */
function addObjectRoutes(app: any) {
  const item = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
  }
  app.post('/created', { schema: { response: { 201: item } } }, (_request: any, reply: any) => {
    reply.code(201).send({ id: 7, name: 'seven', secret: 'dropped' })
  })
  app.get(
    '/class',
    { schema: { response: { '2xx': item } } },
    async (_request: any, reply: any) => {
      reply.code(202)
      return { id: 2, name: 'accepted', secret: 'dropped' }
    },
  )
  app.get('/headers', (_request: any, reply: any) => {
    reply.header('x-one', '1').header('set-cookie', ['a=1', 'b=2']).header('x-number', 3)
    reply.send({ seen: reply.getHeader('x-one'), has: reply.hasHeader('set-cookie') })
  })
  app.get('/own-serializer', (_request: any, reply: any) => {
    reply.serializer((payload: unknown) => `custom:${JSON.stringify(payload)}`).send({ a: 1 })
  })
  app.get('/serializer-number', (_request: any, reply: any) => {
    reply.serializer(() => 42).send({ a: 1 })
  })
  app.get('/serializer-number-caught', (_request: any, reply: any) => {
    try {
      reply.serializer(() => 42).send({ a: 1 })
    } catch (error: any) {
      // Refused while `reply.send` still runs: thrown there, the reply left unsent (Fastify 5).
      const sent = reply.sent
      reply.serializer(JSON.stringify).code(422).send({ refused: error.code, sent })
    }
  })
  app.get('/serializer-throws', (_request: any, reply: any) => {
    reply
      .serializer(() => {
        throw new Error('cannot serialize')
      })
      .send({ a: 1 })
  })
  app.get('/typed', (_request: any, reply: any) => {
    reply.type('application/vnd.api+json').send({ data: [] })
  })
  app.get('/typed-text', (_request: any, reply: any) => {
    reply.type('text/plain').send({ refused: true })
  })
  app.get('/no-content', (_request: any, reply: any) => {
    reply.code(204).send({ ignored: true })
  })
  app.get('/not-modified', (_request: any, reply: any) => {
    reply.code(304).send({ ignored: true })
  })
  app.get('/twice', (_request: any, reply: any) => {
    reply.send({ first: true })
    reply.send({ second: true })
  })
  app.get('/returned-after-send', async (_request: any, reply: any) => {
    reply.send({ sent: 'first' })
    return { returned: 'ignored' }
  })
  app.get('/null', (_request: any, reply: any) => {
    reply.send(null)
  })
  app.get('/array', () => [1, 'two', { three: 3 }])
  app.get('/undefined-json', (_request: any, reply: any) => {
    reply.send({ toJSON: () => undefined })
  })
  app.get('/object-trailer', (_request: any, reply: any) => {
    reply.trailer('x-sum', (_reply: any, payload: string, done: any) =>
      done(null, String(payload.length)),
    )
    reply.send({ with: 'trailer' })
  })
  app.get('/redirect', (_request: any, reply: any) => {
    reply.redirect('/object')
  })
  app.get('/hijacked-object', (_request: any, reply: any) => {
    reply.hijack()
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    reply.raw.end('hijacked')
    reply.send({ ignored: true })
  })
  app.get(
    '/handled',
    {
      errorHandler: (error: Error, _request: any, reply: any) => {
        reply.code(409).send({ handled: error.message })
      },
    },
    () => {
      throw new Error('by the route')
    },
  )
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
  { method: 'POST', url: '/created', payload: {} },
  { url: '/class' },
  { url: '/headers' },
  { url: '/own-serializer' },
  { url: '/serializer-number' },
  { url: '/serializer-throws' },
  { url: '/typed' },
  { url: '/typed-text' },
  { url: '/no-content' },
  { url: '/not-modified' },
  { url: '/twice' },
  { url: '/returned-after-send' },
  { url: '/null' },
  { url: '/array' },
  { method: 'HEAD', url: '/array' },
  { url: '/undefined-json' },
  { url: '/object-trailer' },
  { url: '/redirect' },
  { url: '/hijacked-object' },
  { url: '/handled' },
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
      const onSendLines: Line[] = []
      const plain = buildApp('none', plainLines)
      const hooked = buildApp('onRequest', hookedLines)
      const withOnSend = buildApp('onSend', onSendLines)
      for (const request of requests) {
        const label = `${request.method ?? 'GET'} ${request.url}`
        const answer = async (app: any) => {
          const { statusCode, headers, body } = await send(app, request)
          delete headers.date
          return { label, statusCode, headers, body }
        }
        const expected = await answer(withOnSend)
        expect(await answer(plain)).toEqual(expected)
        expect(await answer(hooked)).toEqual(expected)
      }
      // Log lines: the same ones, the late handler's warning included (which comes when it comes).
      const requestLines = (lines: Line[]) =>
        lines
          .filter((line) => !String(line.msg).startsWith('Server listening'))
          .sort((a, b) => String(a.msg).localeCompare(String(b.msg)))
      // The late handler of /slow logs when it ends, which a busy machine may delay.
      const slowWarning = (lines: Line[]) =>
        requestLines(lines).some((line) => String(line.msg).includes('"/slow"'))
      for (let waited = 0; waited < 3000; waited += 50) {
        if ([plainLines, hookedLines, onSendLines].every(slowWarning)) break
        await sleep(50)
      }
      expect(requestLines(plainLines)).toEqual(requestLines(onSendLines))
      expect(requestLines(hookedLines)).toEqual(requestLines(onSendLines))
      expect(requestLines(plainLines).map((line) => line.msg)).toEqual(
        ['/hijacked-object', '/returned-after-send', '/slow', '/twice'].map(
          (url) => `Reply was already sent, did you forget to "return reply" in "${url}" (GET)?`,
        ),
      )
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
    // Status, type, body, and whether Content-Length is the body's byte length.
    const answer = async (request: SpecRequest) => {
      const { statusCode, headers, body } = await send(app, request)
      const framed = headers['content-length'] === String(Buffer.byteLength(body))
      return [statusCode, headers['content-type'], body, framed]
    }
    const json = 'application/json; charset=utf-8'
    expect(await answer({ method: 'POST', url: '/created', payload: {} })).toEqual([
      201,
      json,
      '{"id":7,"name":"seven"}',
      true,
    ])
    expect(await answer({ url: '/class' })).toEqual([202, json, '{"id":2,"name":"accepted"}', true])
    expect(await answer({ url: '/own-serializer' })).toEqual([200, json, 'custom:{"a":1}', true])
    expect(await answer({ url: '/no-content' })).toEqual([204, undefined, '', false])
    expect(await answer({ url: '/array' })).toEqual([200, json, '[1,"two",{"three":3}]', true])
    const headArray = await send(app, { method: 'HEAD', url: '/array' })
    expect([headArray.statusCode, headArray.body, headArray.headers['content-length']]).toEqual([
      200,
      '',
      '21',
    ])
    expect(await answer({ url: '/handled' })).toEqual([
      409,
      json,
      '{"handled":"by the route"}',
      true,
    ])
    const caught = await send(app, { url: '/serializer-number-caught' })
    expect([caught.statusCode, caught.json()]).toEqual([
      422,
      { refused: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE', sent: false },
    ])
    const refused = await send(app, { url: '/serializer-number' })
    expect([refused.statusCode, refused.json().code]).toEqual([
      500,
      'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
    ])
    const headers = await send(app, { url: '/headers' })
    expect([headers.body, headers.headers['x-one'], headers.headers['x-number']]).toEqual([
      '{"seen":"1","has":true}',
      '1',
      '3',
    ])
    const twice = await send(app, { url: '/twice' })
    expect(twice.body).toBe('{"first":true}')
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
