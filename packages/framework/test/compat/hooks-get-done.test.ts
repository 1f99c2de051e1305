import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 5's hook style (API.md, revised): every hook and content-type parser gets `done`
// whatever it declares; a promise it returns is awaited, otherwise it ends when it calls done.
// Instrumentation (OpenTelemetry, APMs) wraps hooks as `(...args) => fn(...args)`.

const wrap =
  (fn: (...args: any[]) => unknown) =>
  (...args: unknown[]) =>
    fn(...args)

describe('[compat] hooks get done whatever they declare', () => {
  itBoth(
    'wrapped callback hooks of every request kind run and pass their values on',
    async ({ send }) => {
      const app = makeApp()
      const events: string[] = []
      app.addHook(
        'onRequest',
        wrap((_request, _reply, done) => {
          events.push('onRequest')
          setTimeout(done, 1)
        }),
      )
      app.addHook(
        'preParsing',
        wrap((_request, _reply, payload, done) => {
          events.push('preParsing')
          done(null, payload)
        }),
      )
      app.addHook(
        'preValidation',
        wrap((_request, _reply, done) => {
          events.push('preValidation')
          done()
        }),
      )
      app.addHook(
        'preHandler',
        wrap((_request, _reply, done) => {
          events.push('preHandler')
          done()
        }),
      )
      app.addHook(
        'preSerialization',
        wrap((_request, _reply, payload, done) => {
          done(null, { ...payload, serialized: true })
        }),
      )
      app.addHook(
        'onSend',
        wrap((_request, reply, payload, done) => {
          reply.header('x-on-send', 'yes')
          done(null, payload)
        }),
      )
      app.addContentTypeParser(
        'application/x-wrapped',
        { parseAs: 'string' },
        wrap((_request, body, done) => done(null, { wrapped: body })),
      )
      app.post('/', async (request: any) => ({ body: request.body, events: [...events] }))
      const response = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-wrapped' },
        payload: 'text',
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-on-send']).toBe('yes')
      expect(response.json()).toEqual({
        body: { wrapped: 'text' },
        events: ['onRequest', 'preParsing', 'preValidation', 'preHandler'],
        serialized: true,
      })
    },
  )

  itBoth('a wrapped hook that passes an error to done fails the request', async ({ send }) => {
    const app = makeApp()
    app.addHook(
      'preHandler',
      wrap((_request, _reply, done) =>
        done(Object.assign(new Error('refused'), { statusCode: 403 })),
      ),
    )
    app.get('/', async () => 'not reached')
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'refused' })
  })

  itBoth(
    'a synchronous hook that returns nothing and never calls done holds the request',
    async ({ send }) => {
      const app = makeApp()
      app.addHook('onRequest', (_request: unknown, _reply: unknown) => {
        // Neither a promise nor done: the request waits for done, as in Fastify 5.
      })
      app.get('/', async () => 'answered')
      const outcome = await Promise.race([
        send(app, { url: '/' }).then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('held'), 100)),
      ])
      expect(outcome).toBe('held')
    },
  )
})
