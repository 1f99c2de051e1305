import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, sleep } from '../spec/helpers'

// Fastify 5.12's answers on the response path (issue 39): streams a response does not write, a
// refused value a handler returns, onError hooks and the default error reply, DELETE/OPTIONS bodies.

/** A logger writing its JSON lines into `lines`. */
function recorded(level = 'error') {
  const lines: any[] = []
  return {
    lines,
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  }
}

describe('[compat] a HEAD request of a GET route answering with a stream', () => {
  itBoth('drains a Node stream and logs the error it emits', async ({ send }) => {
    const { lines, logger } = recorded()
    const app = makeApp({ logger })
    const failure = new Error('Hello!')
    let ended = false
    app.get('/more-coffee', () => {
      const stream = Readable.from('Hello with error!')
      stream.on('end', () => {
        ended = true
      })
      process.nextTick(() => stream.emit('error', failure))
      return stream
    })
    const response = await send(app, { method: 'HEAD', url: '/more-coffee' })
    expect([response.statusCode, response.body, response.headers['content-type']]).toEqual([
      200,
      '',
      undefined,
    ])
    await sleep(20)
    expect(ended).toBe(true)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'Error on Stream found for HEAD route',
      err: { type: 'Error', message: 'Hello!', stack: failure.stack },
    })
  })

  itBoth('cancels a ReadableStream with a reason, and logs a failing cancel', async ({ send }) => {
    const { lines, logger } = recorded()
    const app = makeApp({ logger })
    const reasons: unknown[] = []
    app.get('/web-stream', () => {
      return new ReadableStream({
        start(controller) {
          controller.enqueue('Hello from web stream!')
        },
        cancel(reason) {
          reasons.push(reason)
          throw new Error('Cancel error!')
        },
      })
    })
    const response = await send(app, { method: 'HEAD', url: '/web-stream' })
    expect([response.statusCode, response.body, response.headers['content-type']]).toEqual([
      200,
      '',
      undefined,
    ])
    await sleep(20)
    expect(reasons).toEqual(['Stream cancelled by HEAD route'])
    expect(lines.map((line) => [line.level, line.msg, line.err?.message])).toEqual([
      [50, 'Error on Stream found for HEAD route', 'Cancel error!'],
    ])
  })
})

describe('[compat] a stream answering 204', () => {
  itBoth('is read to its end unwritten: no body, no Content-Length', async ({ send }) => {
    const app = makeApp()
    let ended = false
    app.get('/stream/204', (_request: any, reply: any) => {
      const stream = new Readable({
        read() {
          this.push(null)
        },
      })
      stream.on('end', () => {
        ended = true
      })
      reply.status(204).send(stream)
    })
    const response = await send(app, { url: '/stream/204' })
    expect([response.statusCode, response.body, response.headers['content-length']]).toEqual([
      204,
      '',
      undefined,
    ])
    await sleep(20)
    expect(ended).toBe(true)
  })
})

describe('[compat] a value reply.send refuses, returned by an async handler', () => {
  itBoth('is answered 500 FRM_ERR_REP_INVALID_PAYLOAD_TYPE', async ({ send }) => {
    const app = makeApp()
    app.get('/', (request: any, reply: any) => {
      reply.type('text/html')
      return Promise.resolve(request.headers)
    })
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.json()]).toEqual([
      500,
      {
        statusCode: 500,
        code: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
        error: 'Internal Server Error',
        message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
      },
    ])
  })
})

describe('[compat] a stream failing before its first chunk, sent under a non-JSON type', () => {
  const failing = () => {
    const stream = new Readable({
      read() {
        this.push('hello')
      },
    })
    process.nextTick(() => stream.destroy(new Error('stream error')))
    return stream
  }

  itBoth('a custom error handler sending an object is refused: 500, logged', async ({ send }) => {
    const { lines, logger } = recorded()
    const app = makeApp({ logger })
    const seen: string[] = []
    app.get('/', async (_request: any, reply: any) => {
      reply.type('application/text')
      await reply.send(failing())
    })
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      seen.push(error.message)
      reply.code(400).send({ error: error.message })
    })
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.json()]).toEqual([
      500,
      {
        statusCode: 500,
        code: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
        error: 'Internal Server Error',
        message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
      },
    ])
    expect(seen).toEqual(['stream error'])
    expect([lines[0]?.level, lines[0]?.msg]).toEqual([
      50,
      "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
    ])
  })

  itBoth('a custom error handler that sets a JSON type answers as it chose', async ({ send }) => {
    const app = makeApp()
    app.get('/', async (_request: any, reply: any) => {
      reply.type('application/text')
      await reply.send(failing())
    })
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(400).type('application/json').send({ error: error.message })
    })
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.headers['content-type'], response.json()]).toEqual([
      400,
      'application/json; charset=utf-8',
      { error: 'stream error' },
    ])
  })
})

describe('[compat] an onSend hook that fails every reply', () => {
  itBoth('runs the onError hooks for both failures, then answers 500', async ({ send }) => {
    const app = makeApp()
    const errors: string[] = []
    app.addHook('onSend', async (_request: any, reply: any) => {
      reply.header('X-Invalid', '\n')
    })
    app.addHook('onError', (_request: any, _reply: any, error: any, done: () => void) => {
      errors.push(error.code)
      done()
    })
    app.get('/', async () => ({ ok: true }))
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.json().code]).toEqual([
      500,
      'FRM_ERR_REPLY_INVALID_HEADER',
    ])
    expect(errors).toEqual(['FRM_ERR_REPLY_INVALID_HEADER', 'FRM_ERR_REPLY_INVALID_HEADER'])
  })
})

describe('[compat] DELETE and OPTIONS bodies, parsed as Fastify 5 parses a POST body', () => {
  for (const method of ['DELETE', 'OPTIONS']) {
    itBoth(
      `${method}: a Content-Type without a parser is 415, with or without a body`,
      async ({ send }) => {
        const app = makeApp()
        app.route({ method, url: '/', handler: async () => ({ ok: true }) })
        const form = { 'content-type': 'application/x-www-form-urlencoded' }
        const typed = await send(app, { method, url: '/', headers: form, payload: 'a=1' })
        const typeOnly = await send(app, { method, url: '/', headers: form })
        for (const response of [typed, typeOnly]) {
          expect([response.statusCode, response.json().code]).toEqual([
            415,
            'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
          ])
        }
        const json = await send(app, {
          method,
          url: '/',
          headers: { 'content-type': 'application/json' },
        })
        expect([json.statusCode, json.json().code]).toEqual([400, 'FRM_ERR_CTP_EMPTY_JSON_BODY'])
        expect((await send(app, { method, url: '/' })).json()).toEqual({ ok: true })
      },
    )
  }

  it('OPTIONS: an untyped body is 415 too (no catch-all parser)', async () => {
    const app = makeApp()
    app.options('/', async () => ({ ok: true }))
    const response = await app.inject({ method: 'OPTIONS', url: '/', body: 'first-name=a' })
    expect(response.statusCode).toBe(415)
  })
})
