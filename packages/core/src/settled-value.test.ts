import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { FakeRaw, FakeRes } from '../test/helpers/fake-transport.js'

/**
 * A transport whose host reads a fulfilled promise at once (Bun's `Bun.peek`), played here by a
 * table of the promises the test knows to be fulfilled.
 */
function peekingApp() {
  const { app, transport } = createApp()
  const fulfilled = new Map<Promise<unknown>, unknown>()
  const asked: Promise<unknown>[] = []
  const settledValue = (promise: Promise<unknown>): unknown => {
    asked.push(promise)
    return fulfilled.has(promise) ? fulfilled.get(promise) : promise
  }
  Object.assign(transport, { settledValue })
  const settled = <T>(value: T): Promise<T> => {
    const promise = Promise.resolve(value)
    fulfilled.set(promise, value)
    return promise
  }
  /** Routes one request by hand and reports what was sent before any microtask ran. */
  const dispatch = (method: string, url: string) => {
    let answer: unknown
    const raw: FakeRaw = { method, url, headers: {}, body: undefined }
    const res: FakeRes = { id: 1, sent: false, deliver: (response) => (answer = response) }
    transport.dispatch(raw, res)
    return { sentAtOnce: transport.sent.length, answered: () => answer }
  }
  return { app, transport, settled, asked, dispatch }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('a transport that reads fulfilled promises at once (settledValue)', () => {
  it('sends an async handler’s value in the same turn, exactly as it would later', async () => {
    const { app, transport, settled, asked, dispatch } = peekingApp()
    app.get('/now', () => settled({ hello: 'world' }))
    await app.ready()
    const run = dispatch('GET', '/now')
    expect(run.sentAtOnce).toBe(1)
    expect(asked).toHaveLength(1)
    expect(transport.sent[0]).toMatchObject({
      statusCode: 200,
      payload: '{"hello":"world"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  })

  it('reads the promise’s value as an awaited one: reply, undefined, and a value after send', async () => {
    const { app, transport, settled, dispatch } = peekingApp()
    app.get('/reply', (_request, reply) => {
      reply.code(201).send('sent')
      return settled(reply)
    })
    app.get('/empty', (_request, reply) => {
      reply.code(204)
      return settled(undefined)
    })
    await app.ready()
    expect(dispatch('GET', '/reply').sentAtOnce).toBe(1)
    expect(dispatch('GET', '/empty').sentAtOnce).toBe(2)
    expect(transport.sent.map(({ statusCode, payload }) => [statusCode, payload])).toEqual([
      [201, 'sent'],
      [204, null],
    ])
  })

  it('waits as before for a pending or rejected promise (the transport hands it back)', async () => {
    const { app, transport, dispatch } = peekingApp()
    app.get('/later', async () => {
      await nextTurn()
      return 'later'
    })
    app.get('/fails', () => Promise.reject(new Error('the handler failed')))
    await app.ready()
    const later = dispatch('GET', '/later')
    const fails = dispatch('GET', '/fails')
    expect([later.sentAtOnce, fails.sentAtOnce]).toEqual([0, 0])
    await nextTurn()
    await nextTurn()
    const statuses = transport.sent.map(({ statusCode }) => statusCode).sort()
    expect(statuses).toEqual([200, 500])
    expect(transport.sent.find(({ statusCode }) => statusCode === 500)?.payload).toContain(
      '"message":"the handler failed"',
    )
  })

  it('reads an async error handler’s fulfilled value at once too', async () => {
    const { app, transport, settled, dispatch } = peekingApp()
    app.setErrorHandler((error, _request, reply) => {
      reply.code(418)
      return settled({ handled: (error as Error).message })
    })
    app.get('/throws', () => {
      throw new Error('thrown')
    })
    await app.ready()
    expect(dispatch('GET', '/throws').sentAtOnce).toBe(1)
    expect(transport.sent[0]).toMatchObject({ statusCode: 418, payload: '{"handled":"thrown"}' })
  })
})
