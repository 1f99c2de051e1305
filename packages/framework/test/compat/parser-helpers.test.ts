import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4's content-type parser helpers: getDefaultJsonParser, defaultTextParser,
// removeAllContentTypeParsers.
describe('content-type parser helpers', () => {
  itBoth(
    'getDefaultJsonParser(onProto, onConstructor) parses JSON under another type',
    async ({ send }) => {
      const app = makeApp()
      app.addContentTypeParser(
        'text/json',
        { parseAs: 'string' },
        app.getDefaultJsonParser('remove', 'error'),
      )
      app.addContentTypeParser(
        'application/x-wrapped',
        { parseAs: 'buffer' },
        (request: any, body: Buffer, done: any) => {
          app.getDefaultJsonParser('error', 'error')(request, body, (error: any, value: any) =>
            done(error, error ? undefined : { wrapped: value }),
          )
        },
      )
      app.post('/', async (request: any) => ({ body: request.body }))
      const removed = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/json' },
        payload: '{"a":1,"__proto__":{"x":1}}',
      })
      expect(removed.json()).toEqual({ body: { a: 1 } })
      const ctor = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/json' },
        payload: '{"constructor":{"prototype":{}}}',
      })
      expect([ctor.statusCode, ctor.json().code]).toEqual([400, 'FRM_ERR_CTP_FORBIDDEN_PROPERTY'])
      const wrapped = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-wrapped' },
        payload: '[1,2]',
      })
      expect(wrapped.json()).toEqual({ body: { wrapped: [1, 2] } })
      const invalid = await send(app, {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-wrapped' },
        payload: '{nope',
      })
      expect([invalid.statusCode, invalid.json().code]).toEqual([
        400,
        'FRM_ERR_CTP_INVALID_JSON_BODY',
      ])
    },
  )

  itBoth('defaultTextParser gives the body as a string, in children too', async ({ send }) => {
    const app = makeApp()
    app.register(async (child: any) => {
      child.addContentTypeParser('text/csv', { parseAs: 'string' }, child.defaultTextParser)
      child.post('/csv', async (request: any) => ({ body: request.body }))
    })
    const response = await send(app, {
      method: 'POST',
      url: '/csv',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    })
    expect(response.json()).toEqual({ body: 'a,b' })
  })

  itBoth(
    'removeAllContentTypeParsers clears the context (built-ins included), then one may add',
    async ({ send }) => {
      const app = makeApp()
      app.register(async (child: any) => {
        child.removeAllContentTypeParsers()
        child.addContentTypeParser('*', { parseAs: 'string' }, (_request: any, body: string) => ({
          raw: body,
        }))
        child.post('/child', async (request: any) => ({ body: request.body }))
      })
      app.post('/root', async (request: any) => ({ body: request.body }))
      const child = await send(app, { method: 'POST', url: '/child', payload: { a: 1 } })
      expect(child.json()).toEqual({ body: { raw: '{"a":1}' } })
      const root = await send(app, { method: 'POST', url: '/root', payload: { a: 1 } })
      expect(root.json()).toEqual({ body: { a: 1 } })
      const empty = makeApp()
      empty.removeAllContentTypeParsers()
      empty.post('/', async () => 'never')
      const refused = await send(empty, { method: 'POST', url: '/', payload: { a: 1 } })
      expect([refused.statusCode, refused.json().code]).toEqual([
        415,
        'FRM_ERR_CTP_INVALID_MEDIA_TYPE',
      ])
    },
  )
})
