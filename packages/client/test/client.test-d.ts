import { describe, expectTypeOf, it } from 'vitest'
import {
  type BadRequestBody,
  createClient,
  type InternalServerErrorBody,
  type NotFoundBody,
  type ServiceUnavailableBody,
  typedInject,
} from '../src/index.js'
import type { Routes, User } from './fixtures/users-routes.generated.js'

const client = createClient<Routes>({ baseUrl: 'http://localhost:3000' })

describe('typed client', () => {
  it('narrows data by status', async () => {
    const res = await client.get('/users/:id', { params: { id: 1 } })
    expectTypeOf(res.status).toEqualTypeOf<200 | 400 | 404 | 500 | 503>()
    if (res.status === 200) expectTypeOf(res.data).toEqualTypeOf<User>()
    if (res.status === 404) expectTypeOf(res.data).toEqualTypeOf<{ message: string }>()
    if (res.status === 400) expectTypeOf(res.data).toEqualTypeOf<BadRequestBody>()
    if (res.status === 500) expectTypeOf(res.data).toEqualTypeOf<InternalServerErrorBody>()
    if (res.status === 503) expectTypeOf(res.data).toEqualTypeOf<ServiceUnavailableBody>()
    expectTypeOf(res.headers).toEqualTypeOf<Headers>()
  })

  it('refuses reading data.name before status is narrowed', async () => {
    const res = await client.get('/users/:id', { params: { id: 1 } })
    // @ts-expect-error the 404 and error bodies have no name
    res.data.name
    if (res.status === 200) expectTypeOf(res.data.name).toEqualTypeOf<string>()
  })

  it('refuses a path no route declares', () => {
    // @ts-expect-error no such route
    client.get('/user/:id', { params: { id: 1 } })
    // @ts-expect-error /health answers GET only
    client.post('/health')
  })

  it('refuses a call without a required param, with a param of the wrong type', () => {
    // @ts-expect-error params is required
    client.get('/users/:id')
    // @ts-expect-error id is required
    client.get('/users/:id', { params: {} })
    // @ts-expect-error id is an integer
    client.get('/users/:id', { params: { id: 'one' } })
  })

  it('checks the body as the caller sends it: defaulted properties optional, extras unknown', () => {
    const headers = { 'x-request-id': 'r1' }
    client.post('/users', { headers, body: { name: 'Ada' } })
    client.post('/users', { headers, body: { name: 'Ada', role: 'admin', note: 1 } })
    // @ts-expect-error name is a string
    client.post('/users', { headers, body: { name: 1 } })
    // @ts-expect-error role is 'admin' or 'member'
    client.post('/users', { headers, body: { name: 'Ada', role: 'owner' } })
    // @ts-expect-error name is required
    client.post('/users', { headers, body: {} })
    // @ts-expect-error the required header is missing
    client.post('/users', { body: { name: 'Ada' } })
  })

  it('takes an integer query value as a number, arrays as arrays, and no options when none is required', () => {
    client.get('/users', { query: { limit: 5, tag: ['a', 'b'] } })
    client.get('/users')
    client.get('/health')
    // @ts-expect-error limit is a number
    client.get('/users', { query: { limit: 'five' } })
  })

  it('expands 2xx and default into the codes they stand for', async () => {
    const list = await client.get('/users')
    if (list.status === 201) expectTypeOf(list.data).toEqualTypeOf<User[]>()
    if (list.status === 200) expectTypeOf(list.data).toEqualTypeOf<User[]>()
    const created = await client.post('/users', {
      headers: { 'x-request-id': 'r' },
      body: { name: 'Ada' },
    })
    if (created.status === 201) expectTypeOf(created.data).toEqualTypeOf<User>()
    if (created.status === 404) expectTypeOf(created.data).toEqualTypeOf<NotFoundBody>()
    if (created.status === 422) expectTypeOf(created.data).toEqualTypeOf<{ reason?: string }>()
    if (created.status === 400) expectTypeOf(created.data).toEqualTypeOf<{ reason?: string }>()
  })

  it('typedInject answers with the same types', async () => {
    const api = typedInject<Routes>({
      inject: async () => ({ statusCode: 200, headers: {}, payload: '' }),
    })
    const res = await api.get('/users/:id', { params: { id: 1 } })
    if (res.status === 200) expectTypeOf(res.data).toEqualTypeOf<User>()
    // @ts-expect-error no such route
    api.get('/nope')
  })
})
