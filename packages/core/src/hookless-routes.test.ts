import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

// Issue 41: routes without hooks, and the built-in 404 of a context without hooks, take a shorter
// path chosen at ready. Over the fake transport, what the core hands the transport (status,
// headers, payload) must be what the full lifecycle hands it: the same app with a hook that does
// nothing against the app without.

function build(hooked: boolean) {
  const { app, transport } = createApp()
  if (hooked) app.addHook('preHandler', (_request, _reply, done) => done())
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
  return { app, transport }
}

const requests = [
  { method: 'GET', url: '/object' },
  { method: 'HEAD', url: '/object' },
  { method: 'GET', url: '/returned' },
  { method: 'GET', url: '/throws' },
  { method: 'POST', url: '/echo', payload: { a: [1, 'two'] } },
  { method: 'GET', url: '/forward' },
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
    const plain = build(false)
    const hooked = build(true)
    for (const request of requests) {
      const a = await plain.app.inject(request)
      const b = await hooked.app.inject(request)
      const label = `${request.method} ${request.url}`
      expect({ label, status: a.statusCode, headers: a.headers, body: a.body }).toEqual({
        label,
        status: b.statusCode,
        headers: b.headers,
        body: b.body,
      })
    }
    expect(plain.transport.sent.length).toBe(requests.length)
    const missing = await plain.app.inject('/missing/"x"')
    expect([missing.statusCode, missing.headers['content-type'], missing.body]).toEqual([
      404,
      'application/json; charset=utf-8',
      '{"message":"Route GET:/missing/\\"x\\" not found","error":"Not Found","statusCode":404}',
    ])
  })
})
