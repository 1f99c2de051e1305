import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawExchange, statusOf } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'

type Route = {
  method: string
  url: string
  handle: (raw: IncomingMessage, res: ServerResponse) => void
}

let served: Served
const doneErrors: string[] = []
const logged: unknown[] = []

beforeAll(async () => {
  const send =
    (headers: Record<string, string>, payload: () => string | Buffer | Readable | null) =>
    (_raw: IncomingMessage, res: ServerResponse) =>
      served.transport.send(res, 200, { ...headers }, payload(), (error) => {
        if (error) doneErrors.push((error as { code?: string }).code ?? error.message)
      })
  const extraRoutes: Route[] = [
    { method: 'GET', url: '/bad/nul', handle: send({ 'x-bad': 'a\u0000b' }, () => 'body') },
    { method: 'GET', url: '/bad/wide', handle: send({ 'x-bad': 'č' }, () => Buffer.from('body')) },
    { method: 'GET', url: '/bad/name', handle: send({ 'x y': 'v' }, () => null) },
    {
      method: 'GET',
      url: '/bad/stream',
      handle: send({ 'x-bad': 'a\nb' }, () => Readable.from(['never'])),
    },
    {
      method: 'GET',
      url: '/bad/no-done',
      handle: (_raw, res) => served.transport.send(res, 200, { 'x-bad': '\u0001' }, 'body'),
    },
  ]
  served = await serve(
    { logger: { warn: () => {}, error: (...args: unknown[]) => logged.push(args[0]) } },
    { extraRoutes },
  )
})
afterAll(() => served.close())

describe('send: a head Node refuses to write never escapes', () => {
  for (const path of ['/bad/nul', '/bad/wide', '/bad/name', '/bad/stream']) {
    it(`[security] ${path}: the client gets the default 500 body and the server lives on`, async () => {
      const before = doneErrors.length
      const response = await fetch(`${served.base}${path}`)
      expect(response.status).toBe(500)
      expect(response.headers.get('x-bad')).toBeNull()
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(await response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'The response could not be written: its status line or headers are not valid HTTP',
        code: 'FRM_ERR_REPLY_WRITE_FAILED',
      })
      // The send's done hears of the failure (the core logs it there).
      expect(doneErrors.length).toBe(before + 1)
      expect(doneErrors.at(-1)).toMatch(/^ERR_INVALID_(CHAR|HTTP_TOKEN)$/)
      const after = await fetch(`${served.base}/hello`)
      expect(after.status).toBe(200)
    })
  }

  it('[security] without a done, the transport logs the failure itself', async () => {
    const before = logged.length
    const result = await rawExchange(served.port, [
      'GET /bad/no-done HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ])
    expect(statusOf(result.response)).toBe(500)
    expect(result.response).not.toContain('x-bad')
    expect(logged.length).toBe(before + 1)
  })
})
