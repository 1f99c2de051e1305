import formbody4 from '@fastify/formbody'
import formbody5 from '@fastify/formbody-5'
import { describe, expect } from 'vitest'
import { badRequest, itBoth, makeApp } from '../spec/helpers'

// @fastify/formbody 7 (the last Fastify-4 line) and 8 (the Fastify-5 line), used as their README
// shows: every case runs on both lines.

const form = (url: string, payload: string) => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload,
})

/** The plugin's two release lines: every case below runs on each. */
const lines = [
  ['Fastify 4', formbody4],
  ['Fastify 5', formbody5],
] as const

describe.each(lines)('[plugins] @fastify/formbody (%s)', (_line, formbody) => {
  itBoth('an urlencoded body reaches the handler as an object', async ({ send }) => {
    const app = makeApp()
    await app.register(formbody)
    app.post('/login', async (request: any) => request.body)
    const response = await send(app, form('/login', 'user=ada&pass=s%20cret&tag=a&tag=b'))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ user: 'ada', pass: 's cret', tag: ['a', 'b'] })
  })

  itBoth('a custom parser option (qs-style nesting) is used', async ({ send }) => {
    const app = makeApp()
    await app.register(formbody, {
      parser: (text: string) => ({ raw: text, length: text.length }),
    })
    app.post('/', async (request: any) => request.body)
    const response = await send(app, form('/', 'a[b]=1'))
    expect(response.json()).toEqual({ raw: 'a[b]=1', length: 6 })
  })

  itBoth('bodyLimit: a larger form is a 413', async ({ send }) => {
    const app = makeApp()
    await app.register(formbody, { bodyLimit: 10 })
    app.post('/', async (request: any) => request.body)
    const response = await send(app, form('/', 'name=0123456789'))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' })
    expect(response.json().message).toBe('Request body is too large')
  })

  itBoth('JSON bodies still go to the JSON parser', async ({ send }) => {
    const app = makeApp()
    await app.register(formbody)
    app.post('/', async (request: any) => request.body)
    const response = await send(app, { method: 'POST', url: '/', payload: { json: true } })
    expect(response.json()).toEqual({ json: true })
  })

  // API.md, Validation: a body from a registered parser is validated (and coerced) against the
  // route's body schema, as Fastify does; only a type without a parser (or text/plain) gets 415.
  itBoth('a route with a body schema validates and coerces the parsed form', async ({ send }) => {
    const app = makeApp()
    await app.register(formbody)
    app.post(
      '/items',
      {
        schema: {
          body: {
            type: 'object',
            required: ['n'],
            properties: {
              n: { type: 'integer' },
              tag: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
      async (request: any) => request.body,
    )
    const response = await send(app, form('/items', 'n=5&tag=a'))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ n: 5, tag: ['a'] })
    const invalid = await send(app, form('/items', 'n=five'))
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toEqual(badRequest('body/n should be integer'))
    const json = await send(app, { method: 'POST', url: '/items', payload: { n: '5' } })
    expect(json.json()).toEqual({ n: 5 })
    const text = await send(app, {
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'text/plain' },
      payload: 'n=5',
    })
    expect(text.statusCode).toBe(415)
    expect(text.json().code).toBe('FRM_ERR_CTP_INVALID_MEDIA_TYPE')
  })
})
