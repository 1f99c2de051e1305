import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

// Issue 41: routes without hooks, and the built-in 404 of a context without hooks, take a shorter
// path chosen at ready. Over the fake transport, what the core hands the transport (status,
// headers, payload) must be what the full lifecycle hands it: the same app with a hook that does
// nothing against the app without.

// With an onSend hook, a JSON object is not written straight from its serializer either
// (`sendsDirect`): the full way out.
function build(hook: 'none' | 'preHandler' | 'onSend') {
  const { app, transport } = createApp()
  if (hook === 'preHandler') app.addHook('preHandler', (_request, _reply, done) => done())
  if (hook === 'onSend') {
    app.addHook('onSend', (_request, _reply, payload, done) => done(null, payload))
  }
  app.get('/object', (_request, reply) => {
    reply.code(201).header('x-route', 'object').send({ value: 1 })
  })
  app.get('/returned', async () => 'returned')
  app.get('/throws', () => {
    throw Object.assign(new Error('refused'), { statusCode: 418 })
  })
  app.post('/echo', (request) => request.body)
  app.get('/forward', (_request, reply) => {
    reply.callNotFound()
  })
  const item = { type: 'object', properties: { id: { type: 'integer' } } }
  app.post('/created', { schema: { response: { 201: item } } }, (_request, reply) => {
    reply.code(201).send({ id: 7, dropped: true })
  })
  app.get('/custom', (_request, reply) => {
    reply.serializer((payload) => `custom:${JSON.stringify(payload)}`).send({ a: 1 })
  })
  app.get('/empty', (_request, reply) => {
    reply.code(204).send({ ignored: true })
  })
  app.get('/list', async () => [1, { two: 2 }])
  app.get('/nothing', (_request, reply) => {
    reply.send({ toJSON: () => undefined })
  })
  app.get(
    '/handled',
    {
      errorHandler: (error, _request, reply) => {
        reply.code(409).send({ handled: (error as Error).message })
      },
    },
    () => {
      throw new Error('by the route')
    },
  )
  return { app, transport }
}

const requests = [
  { method: 'GET', url: '/object' },
  { method: 'HEAD', url: '/object' },
  { method: 'GET', url: '/returned' },
  { method: 'GET', url: '/throws' },
  { method: 'POST', url: '/echo', payload: { a: [1, 'two'] } },
  { method: 'GET', url: '/forward' },
  { method: 'POST', url: '/created', payload: {} },
  { method: 'GET', url: '/custom' },
  { method: 'GET', url: '/empty' },
  { method: 'GET', url: '/list' },
  { method: 'HEAD', url: '/list' },
  { method: 'GET', url: '/nothing' },
  { method: 'GET', url: '/handled' },
  { method: 'GET', url: '/missing?q=1' },
  { method: 'HEAD', url: '/missing' },
  { method: 'HEAD', url: '/caf%C3%A9/"quoted"?x=1' },
  { method: 'OPTIONS', url: '/nowhere' },
  { method: 'DELETE', url: '/nowhere' },
  { method: 'POST', url: '/missing', payload: { ignored: true } },
  {
    method: 'POST',
    url: '/missing',
    headers: { 'content-type': 'application/json' },
    payload: '{"broken',
  },
]

describe('routes without hooks', () => {
  it('hand the transport what the full lifecycle hands it', async () => {
    const plain = build('none')
    const hooked = build('preHandler')
    const withOnSend = build('onSend')
    for (const request of requests) {
      const label = `${request.method} ${request.url}`
      const answer = async (app: typeof plain.app) => {
        const { statusCode, headers, body } = await app.inject(request)
        return { label, statusCode, headers, body }
      }
      const expected = await answer(withOnSend.app)
      expect(await answer(plain.app)).toEqual(expected)
      expect(await answer(hooked.app)).toEqual(expected)
    }
    expect(plain.transport.sent.length).toBe(requests.length)
    const list = await plain.app.inject('/list')
    expect([list.statusCode, list.headers['content-type'], list.body]).toEqual([
      200,
      'application/json; charset=utf-8',
      '[1,{"two":2}]',
    ])
    const empty = await plain.app.inject('/empty')
    expect([empty.statusCode, empty.headers['content-type'], empty.body]).toEqual([
      204,
      undefined,
      '',
    ])
    const custom = await plain.app.inject('/custom')
    expect([custom.headers['content-type'], custom.body]).toEqual([
      'application/json; charset=utf-8',
      'custom:{"a":1}',
    ])
    const missing = await plain.app.inject('/missing/"x"')
    expect([missing.statusCode, missing.headers['content-type'], missing.body]).toEqual([
      404,
      'application/json; charset=utf-8',
      '{"message":"Route GET:/missing/\\"x\\" not found","error":"Not Found","statusCode":404}',
    ])
  })
})
