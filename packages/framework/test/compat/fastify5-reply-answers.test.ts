import { request as httpGet } from 'node:http'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf } from '../spec/helpers'

// Fastify 5.12 answers that must always come (issue 39): non-Error throws, refused payloads.

describe('[compat] a thrown value that is not an Error is the 500 body, as Fastify 5 sends it', () => {
  const json = 'application/json; charset=utf-8'
  const cases: Array<[string, () => unknown, string, string | undefined]> = [
    ['a symbol', () => Symbol('kaboom'), '', json],
    ['false', () => false, 'false', json],
    ['null', () => null, 'null', json],
    ['a number', () => 0, '0', json],
    ['an array', () => [1], '[1]', json],
    ['a string', () => 'kaboom', 'kaboom', 'text/plain; charset=utf-8'],
  ]
  for (const [name, value, body, type] of cases) {
    itBoth(`throw ${name}`, async ({ send }) => {
      const app = makeApp()
      app.get('/', () => {
        throw value()
      })
      app.get('/rejected', () => Promise.reject(value()))
      for (const url of ['/', '/rejected']) {
        const response = await send(app, { url })
        expect([response.statusCode, response.body, response.headers['content-type']]).toEqual([
          500,
          body,
          type,
        ])
      }
    })
  }

  itBoth('a custom error handler receives null and undefined as they are', async ({ send }) => {
    const app = makeApp()
    const seen: unknown[] = []
    app.setErrorHandler((error: unknown, _request: any, reply: any) => {
      seen.push(error)
      reply.code(500).send('error')
    })
    app.get('/null', () => Promise.reject(null))
    app.get('/undefined', () => Promise.reject(undefined))
    expect((await send(app, { url: '/null' })).body).toBe('error')
    expect((await send(app, { url: '/undefined' })).body).toBe('error')
    expect(seen).toEqual([null, undefined])
  })
})

describe('[compat] reply.send of a payload that cannot be written', () => {
  itBoth('throws a TypeError out of reply.send, the reply still open', async ({ send }) => {
    const app = makeApp()
    let caught: any
    app.get('/', (_request: any, reply: any) => {
      try {
        reply.type('text/html').send({})
      } catch (error) {
        caught = error
      }
      reply.type('text/plain').send(`sent: ${reply.sent}`)
    })
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.body]).toEqual([200, 'sent: false'])
    expect(caught).toBeInstanceOf(TypeError)
    expect(caught.code).toBe('FRM_ERR_REP_INVALID_PAYLOAD_TYPE')
  })

  it('answers 500 when the handler lets it go', async () => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.type('text/html').send({})
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.json().code]).toEqual([
      500,
      'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
    ])
  })
})

describe('[compat] bodyLimit counts bytes', () => {
  const route = (app: any) => {
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_r: any, body: any, done: any) =>
      done(null, body),
    )
    app.post('/', { bodyLimit: 7 }, (request: any) => ({ length: request.body.length }))
  }

  itBoth('three 3-byte characters against a 7-byte limit: 413; one: 200', async ({ send }) => {
    const app = makeApp()
    route(app)
    const over = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'あああ',
    })
    expect([over.statusCode, over.json().code]).toEqual([413, 'FRM_ERR_CTP_BODY_TOO_LARGE'])
    const within = await send(app, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'あ',
    })
    expect([within.statusCode, within.json()]).toEqual([200, { length: 1 }])
  })

  it('a Content-Length that is not a number (inject) declares nothing: the bytes still count', async () => {
    const app = makeApp()
    route(app)
    const inject = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/plain', 'content-length': null },
        payload,
      })
    expect((await inject('あああ')).statusCode).toBe(413)
    const within = await inject('あ')
    expect([within.statusCode, within.json()]).toEqual([200, { length: 1 }])
  })
})

describe('[compat] a ReadableStream payload over a socket (Fastify 5)', () => {
  it('is read a chunk at a time: a response destroyed while waiting for drain cancels it', async () => {
    const app = makeApp()
    let cancelled!: () => void
    const cancel = new Promise<void>((resolve) => {
      cancelled = resolve
    })
    app.get('/', (_request: any, reply: any) => {
      const raw = reply.raw
      const write = raw.write.bind(raw)
      let first = true
      raw.write = (chunk: unknown, encoding: unknown, cb: unknown) => {
        if (!first) return write(chunk, encoding, cb)
        first = false
        queueMicrotask(() => {
          raw.destroy()
          raw.emit('drain')
        })
        return false
      }
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(Buffer.from('chunk-1'))
        },
        pull(controller) {
          controller.enqueue(Buffer.from('chunk-2'))
          controller.close()
        },
        cancel() {
          cancelled()
        },
      })
      reply.type('text/plain').send(stream)
    })
    const port = await portOf(app)
    await new Promise<void>((resolve) => {
      const request = httpGet({ port, host: '127.0.0.1', path: '/' }, (response) => {
        response.once('close', resolve)
        response.resume()
      })
      request.once('error', () => resolve())
      request.end()
    })
    await cancel
  })

  it('warns, as Fastify, when the head was already written through reply.raw', async () => {
    const warnings: unknown[] = []
    const logger: any = {
      level: 'warn',
      fatal() {},
      error() {},
      warn: (message: unknown) => void warnings.push(message),
      info() {},
      debug() {},
      trace() {},
      child: () => logger,
    }
    const app = makeApp({ loggerInstance: logger })
    app.get('/', (_request: any, reply: any) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.send(
        new ReadableStream({
          start(controller) {
            controller.enqueue('hello')
            controller.close()
          },
        }),
      )
    })
    const response = await fetch(`http://127.0.0.1:${await portOf(app)}/`)
    expect([response.status, await response.text()]).toEqual([200, 'hello'])
    expect(warnings).toContain(
      "response will send, but you shouldn't use res.writeHead in stream mode",
    )
  })
})

describe('[compat] an onResponse hook that fails', () => {
  itBoth("is logged at error level as Fastify 5's 'request errored'", async ({ send }) => {
    const lines: any[] = []
    const app = makeApp({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    })
    app.addHook('onResponse', (_request: any, _reply: any, done: (error?: Error) => void) => {
      done(new Error('kaboom'))
    })
    app.get('/', (_request: any, reply: any) => {
      reply.send()
    })
    expect((await send(app, { url: '/' })).statusCode).toBe(200)
    for (let i = 0; i < 20 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 5))
    expect(lines.map((line) => [line.level, line.msg, line.err?.message])).toEqual([
      [50, 'request errored', 'kaboom'],
    ])
  })
})

describe('[compat] the response path (Fastify 5)', () => {
  itBoth(
    'reply.raw.end() in an onRequest hook: nothing else runs, onResponse does',
    async ({ send }) => {
      const app = makeApp()
      const events: string[] = []
      app.addHook('onRequest', (_request: any, reply: any, done: () => void) => {
        reply.raw.end('ended by the hook')
        events.push(`sent=${reply.sent}`)
        done()
      })
      app.addHook('preHandler', async () => void events.push('preHandler'))
      app.addHook('onResponse', async () => void events.push('onResponse'))
      app.get('/', async () => {
        events.push('handler')
        return 'never'
      })
      const response = await send(app, { url: '/' })
      expect([response.statusCode, response.body]).toEqual([200, 'ended by the hook'])
      for (let i = 0; i < 20 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 5))
      expect(events).toEqual(['sent=true', 'onResponse'])
    },
  )

  itBoth(
    'an async handler that wrote the head through reply.raw keeps its stream open',
    async ({ send }) => {
      const app = makeApp()
      app.get('/events', async (_request: any, reply: any) => {
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream' })
        reply.raw.write('data: 1\n\n')
        setTimeout(() => reply.raw.end('data: 2\n\n'), 30)
      })
      const response = await send(app, { url: '/events' })
      expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
        200,
        'text/event-stream',
        'data: 1\n\ndata: 2\n\n',
      ])
    },
  )

  itBoth('reply.removeHeader removes a header set on reply.raw', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.raw.setHeader('x-raw', 'yes')
      reply.removeHeader('X-Raw')
      reply.send({ has: reply.hasHeader('x-raw') })
    })
    const response = await send(app, { url: '/' })
    expect([response.json(), response.headers['x-raw']]).toEqual([{ has: false }, undefined])
  })

  itBoth(
    "reply.send() after hijack() logs Fastify's warning and sends nothing",
    async ({ send }) => {
      const lines: any[] = []
      const app = makeApp({
        logger: {
          level: 'warn',
          stream: { write: (line: string) => lines.push(JSON.parse(line)) },
        },
      })
      app.get('/', (_request: any, reply: any) => {
        reply.hijack()
        reply.raw.end('by hand')
        reply.send('again')
      })
      expect((await send(app, { url: '/' })).body).toBe('by hand')
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, 'Reply was already sent, did you forget to "return reply" in "/" (GET)?'],
      ])
    },
  )
})
