import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

// The core's sorting of payloads (Fastify 4.29) and its compiled-function surface, over the fake
// transport: the core hands a transport strings, Buffers, Node streams or WHATWG streams.

function webStream(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text))
      controller.close()
    },
  })
}

describe('payloads', () => {
  it('a WHATWG Response gives the reply its status and headers, and its body stream', async () => {
    const { app, transport } = createApp()
    app.get('/', (_request, reply) => {
      reply.header('x-reply', '1')
      reply.send(new Response('from response', { status: 203, headers: { 'x-response': '2' } }))
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([203, 'from response'])
    expect(response.headers['x-reply']).toBe('1')
    expect(response.headers['x-response']).toBe('2')
    // Handed over as a WHATWG stream: the transport decides how to read it.
    const handed = transport.sent.at(-1)!.payload as { getReader?: unknown }
    expect(typeof handed.getReader).toBe('function')
  })

  it("a Response is known by its toStringTag (another library's too); a look-alike object is JSON", async () => {
    const { app } = createApp()
    const body = new Response('other').body
    const foreign = {
      status: 202,
      headers: new Headers({ 'x-foreign': '1' }),
      body,
      bodyUsed: false,
      [Symbol.toStringTag]: 'Response',
    }
    const lookalike = { status: 202, headers: {}, body: null, bodyUsed: false }
    app.get('/foreign', (_request, reply) => {
      reply.send(foreign)
    })
    app.get('/lookalike', (_request, reply) => {
      reply.send(lookalike)
    })
    const sent = await app.inject('/foreign')
    expect([sent.statusCode, sent.headers['x-foreign'], sent.body]).toEqual([202, '1', 'other'])
    const json = await app.inject('/lookalike')
    expect([json.statusCode, json.json()]).toEqual([200, lookalike])
  })

  it('a ReadableStream goes to the transport as it is', async () => {
    const { app } = createApp()
    app.get('/', () => webStream('streamed'))
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([200, 'streamed'])
  })

  it('a Float64Array is sent as its bytes with application/octet-stream', async () => {
    const { app } = createApp()
    app.get('/', () => new Float64Array([1]))
    const response = await app.inject('/')
    expect(response.headers['content-type']).toBe('application/octet-stream')
    expect(response.rawPayload).toEqual(Buffer.from(new Float64Array([1]).buffer))
  })

  it('an object with a non-JSON type and no serializer is refused', async () => {
    const { app } = createApp()
    app.get('/', (_request, reply) => reply.type('text/plain').send({ a: 1 }))
    const response = await app.inject('/')
    expect([response.statusCode, response.json().code]).toEqual([
      500,
      'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
    ])
  })

  it('the refusal throws out of reply.send (a TypeError), the reply left unsent, as in Fastify 5', async () => {
    const { app } = createApp()
    const caught: unknown[] = []
    app.get('/', (_request, reply) => {
      try {
        reply.type('text/html').send({})
      } catch (error) {
        caught.push(error)
      }
      // Still open: the handler answers after all.
      reply.type('text/plain').code(409).send(`sent: ${reply.sent}`)
    })
    app.get('/serializer', (_request, reply) => {
      try {
        reply
          .type('text/html')
          .serializer((payload) => payload as string)
          .send({})
      } catch (error) {
        caught.push(error)
      }
      return 'answered'
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([409, 'sent: false'])
    expect((await app.inject('/serializer')).body).toBe('answered')
    expect(caught).toHaveLength(2)
    for (const error of caught) {
      expect(error).toBeInstanceOf(TypeError)
      expect(error).toMatchObject({
        code: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
        message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
      })
    }
  })

  it('a value a handler returns (or resolves) that reply.send refuses is answered 500, never thrown away', async () => {
    const { app } = createApp()
    app.get('/sync', (_request, reply) => {
      reply.type('text/html')
      return { a: 1 }
    })
    app.get('/promise', (_request, reply) => {
      reply.type('text/html')
      return Promise.resolve({ a: 1 })
    })
    app.get('/later', async (_request, reply) => {
      reply.type('text/html')
      await new Promise((resolve) => setTimeout(resolve, 1))
      return { a: 1 }
    })
    for (const url of ['/sync', '/promise', '/later']) {
      const response = await app.inject(url)
      expect([response.statusCode, response.json()]).toEqual([
        500,
        {
          statusCode: 500,
          code: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
          error: 'Internal Server Error',
          message:
            "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
        },
      ])
    }
  })

  it("a stream failing before its first chunk leaves its Content-Type to a custom error handler (Fastify's raw response keeps it)", async () => {
    const { app } = createApp()
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('stream error'))
        },
      })
    app.setErrorHandler((error, _request, reply) => {
      const typed = reply.getHeader('content-type')
      if (reply.request.url === '/json') reply.type('application/json')
      reply.code(400).send({ error: error.message, typed })
    })
    app.get('/', (_request, reply) => reply.type('application/text').send(failing()))
    app.get('/json', (_request, reply) => reply.type('application/text').send(failing()))
    // The object cannot go out under `application/text`: the default handler answers that.
    const refused = await app.inject('/')
    expect([refused.statusCode, refused.json()]).toEqual([
      500,
      {
        statusCode: 500,
        code: 'FRM_ERR_REP_INVALID_PAYLOAD_TYPE',
        error: 'Internal Server Error',
        message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
      },
    ])
    const json = await app.inject('/json')
    expect([json.statusCode, json.headers['content-type'], json.json()]).toEqual([
      400,
      'application/json; charset=utf-8',
      { error: 'stream error', typed: 'application/text' },
    ])
  })

  it('a stream failing before its first chunk gets the default JSON error reply, whatever its type', async () => {
    const { app } = createApp()
    app.get('/', (_request, reply) =>
      reply.type('application/text').send(
        new Readable({
          read() {
            this.destroy(new Error('stream error'))
          },
        }),
      ),
    )
    const response = await app.inject('/')
    expect([
      response.statusCode,
      response.headers['content-type'],
      response.json().message,
    ]).toEqual([500, 'application/json; charset=utf-8', 'stream error'])
  })

  it('a ReadableStream a reader holds is refused with FRM_ERR_REP_READABLE_STREAM_LOCKED (500)', async () => {
    const { app } = createApp()
    const locked = () => {
      const stream = webStream('held')
      stream.getReader()
      return stream
    }
    app.get('/sync', (_request, reply) => {
      reply.send(locked())
    })
    app.get('/async', async (_request, reply) => {
      const stream = webStream('held')
      const response = new Response(stream)
      stream.getReader()
      return reply.send(response)
    })
    for (const url of ['/sync', '/async']) {
      const response = await app.inject(url)
      expect([response.statusCode, response.json()]).toEqual([
        500,
        {
          statusCode: 500,
          error: 'Internal Server Error',
          message:
            'ReadableStream was locked. You should call releaseLock() method on reader before sending.',
          code: 'FRM_ERR_REP_READABLE_STREAM_LOCKED',
        },
      ])
    }
  })

  it('a JSON type the application set gets a charset as in Fastify 5: kept when named in any case, else added to the normalized type', async () => {
    const { app } = createApp()
    const types = [
      'application/json; version=2; ',
      'application/json; CHARSET=utf-8',
      'application/json; foo="charset=x"',
      'application/vnd.api+json',
      'ApPlIcAtIoN/JsOn; ChArSeT=utf-8',
    ]
    types.forEach((type, index) => {
      app.get(`/${index}`, (_request, reply) => reply.type(type).send({ a: 1 }))
    })
    const seen: unknown[] = []
    for (const index of types.keys()) {
      seen.push((await app.inject(`/${index}`)).headers['content-type'])
    }
    expect(seen).toEqual([
      'application/json; version="2"; charset=utf-8',
      'application/json; CHARSET=utf-8',
      'application/json; foo="charset=x"; charset=utf-8',
      'application/vnd.api+json; charset=utf-8',
      'ApPlIcAtIoN/JsOn; ChArSeT=utf-8',
    ])
  })

  it('reply.sent is read-only (Fastify 5): assigning it throws a TypeError, the reply stays open', async () => {
    const { app } = createApp()
    const refused: unknown[] = []
    app.get('/', (_request, reply) => {
      for (const value of [true, false]) {
        try {
          ;(reply as { sent: boolean }).sent = value
        } catch (error) {
          refused.push(error)
        }
      }
      reply.send('answered')
    })
    expect((await app.inject('/')).body).toBe('answered')
    expect(refused).toHaveLength(2)
    expect(refused[0]).toBeInstanceOf(TypeError)
    expect(refused[0]).toMatchObject({ code: 'FRM_ERR_REP_SENT_VALUE' })
  })

  it('the compiled-function surface uses the route validators and serializers', async () => {
    const { app } = createApp()
    app.post(
      '/',
      {
        schema: {
          body: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
          response: { 201: { type: 'object', properties: { a: { type: 'string' } } } },
        },
      },
      (request, reply) => {
        const validate = request.getValidationFunction('body') as (data: unknown) => boolean
        return reply.code(202).send({
          part: [validate({ a: 'x' }), validate({})],
          compiled: request.validateInput({}, { type: 'object', required: ['b'] }),
          serialized: reply.serializeInput({ a: 'y', b: 1 }, 201),
        })
      },
    )
    const response = await app.inject({ method: 'POST', url: '/', payload: { a: 'z' } })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({
      part: [true, false],
      compiled: false,
      serialized: '{"a":"y"}',
    })
  })
})
