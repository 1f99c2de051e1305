import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type TypedClient, type TypedResponse, typedInject } from '../src/index.js'
import { buildApp } from './fixtures/users-app.js'
import type { Routes } from './fixtures/users-routes.generated.js'

const app = buildApp()
let base = ''

beforeAll(async () => {
  base = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => app.close())

const transports: Array<[string, () => TypedClient<Routes>]> = [
  ['a listening server (fetch)', () => createClient<Routes>({ baseUrl: base })],
  ['app.inject (typedInject)', () => typedInject<Routes>(app)],
]

describe.each(transports)('the typed client over %s', (_name, make) => {
  it('substitutes params and answers the declared 200 body, serialized by its schema', async () => {
    const res = await make().get('/users/:id', { params: { id: 3 } })
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ id: 3, name: 'user 3' })
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('answers a declared error status with its own body', async () => {
    const res = await make().get('/users/:id', { params: { id: 0 } })
    expect(res.status).toBe(404)
    expect(res.data).toEqual({ message: 'no user 0' })
  })

  it('encodes params, a wildcard segment by segment', async () => {
    const res = await make().get('/files/*', { params: { '*': 'a b/c?d#e' } })
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ path: 'a b/c?d#e' })
  })

  it('serializes the query as the server parses it: arrays as repeated keys, numbers as text', async () => {
    const res = await make().get('/users', { query: { tag: ['ada', 'bob', 'cy'], limit: 2 } })
    expect(res.status).toBe(200)
    expect(res.data).toEqual([
      { id: 1, name: 'ada' },
      { id: 2, name: 'bob' },
    ])
  })

  it('sends the body as JSON with the headers, and reads the 201', async () => {
    const res = await make().post('/users', {
      headers: { 'x-request-id': 'r1' },
      body: { name: 'Ada', extra: true },
    })
    expect(res.status).toBe(201)
    expect(res.data).toEqual({ id: 7, name: 'Ada' })
  })

  it('answers the framework 400 body when validation fails', async () => {
    const res = await make().get('/users/:id', { params: { id: 'abc' } } as never)
    expect(res.status).toBe(400)
    expect(res.data).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'params/id should be integer',
    })
  })

  it('serializes a 400 through a declared default schema instead (declared schemas win)', async () => {
    const res = await make().post('/users', { body: { name: 'Ada' } } as never)
    expect(res.status).toBe(400)
    expect(res.data).toEqual({})
  })

  it('runs Standard Schema routes: defaults filled by the validator', async () => {
    const res = await make().post('/notes', { body: { title: 'hello' } })
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ title: 'hello', tags: [] })
  })

  it('answers the framework 404 body for a path no route serves', async () => {
    const get = make().get as unknown as (path: string) => Promise<TypedResponse>
    const res = await get('/nope')
    expect(res.status).toBe(404)
    expect(res.data).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/nope not found',
    })
  })

  it('gives undefined data for an empty body, and text for a body that is not JSON', async () => {
    const removed = await make().delete('/users/:id', { params: { id: 1 } })
    expect(removed.status).toBe(204)
    expect(removed.data).toBeUndefined()
    const health = await make().get('/health')
    expect(health.status).toBe(200)
    expect(health.data).toBe('ok')
  })

  it('refuses a call missing a path param before sending anything', async () => {
    await expect(make().get('/users/:id', { params: {} } as never)).rejects.toThrow(
      "Missing path param 'id' for /users/:id",
    )
  })
})

describe('createClient options', () => {
  it('sends the client headers, which a call overrides, through the fetch given', async () => {
    const seen: Array<{ url: string; headers: Record<string, string> }> = []
    const client = createClient<Routes>({
      baseUrl: `${base}/`,
      headers: { 'x-request-id': 'default', authorization: 'Bearer k' },
      fetch: async (input, init) => {
        seen.push({
          url: String(input),
          headers: Object.fromEntries(new Headers(init?.headers)),
        })
        return fetch(input, init)
      },
    })
    const res = await client.post('/users', {
      headers: { 'x-request-id': 'call' },
      body: { name: 'Bob' },
    })
    expect(res.status).toBe(201)
    expect(seen).toEqual([
      {
        url: `${base}/users`,
        headers: {
          authorization: 'Bearer k',
          'content-type': 'application/json',
          'x-request-id': 'call',
        },
      },
    ])
  })

  it('rejects when fetch does (nothing listens), never for an error status', async () => {
    const client = createClient<Routes>({ baseUrl: 'http://127.0.0.1:1' })
    await expect(client.get('/health')).rejects.toThrow()
  })
})
