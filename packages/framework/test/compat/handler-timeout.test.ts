import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf, sleep } from '../spec/helpers'

// Fastify 5's handlerTimeout: a request not answered in time gets a 503 FRM_ERR_HANDLER_TIMEOUT
// through the error handlers, and request.signal aborts with that error as its reason.

describe('[compat] Fastify 5 handlerTimeout', () => {
  itBoth('a slow handler is answered 503 FRM_ERR_HANDLER_TIMEOUT', async ({ send }) => {
    const app = makeApp()
    let reason: any = null
    app.get('/slow', { handlerTimeout: 40 }, async (request: any) => {
      request.signal.addEventListener('abort', () => {
        reason = request.signal.reason
      })
      await sleep(300)
      return 'too late'
    })
    const response = await send(app, { url: '/slow' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'FRM_ERR_HANDLER_TIMEOUT',
      error: 'Service Unavailable',
      message: "Request timed out after 40 ms on route '/slow'",
    })
    expect(reason?.code).toBe('FRM_ERR_HANDLER_TIMEOUT')
  })

  itBoth('the factory option applies to routes without their own, which win', async ({ send }) => {
    const app = makeApp({ handlerTimeout: 40 })
    app.get('/inherits', async (request: any) => {
      await sleep(300)
      return request.routeOptions.handlerTimeout
    })
    app.get('/own', { handlerTimeout: 5000 }, async (request: any) => {
      await sleep(100)
      return { timeout: request.routeOptions.handlerTimeout, aborted: request.signal.aborted }
    })
    const inherits = await send(app, { url: '/inherits' })
    expect([inherits.statusCode, inherits.json().code]).toEqual([503, 'FRM_ERR_HANDLER_TIMEOUT'])
    const own = await send(app, { url: '/own' })
    expect([own.statusCode, own.json()]).toEqual([200, { timeout: 5000, aborted: false }])
    expect(app.initialConfig.handlerTimeout).toBe(40)
  })

  itBoth("a route's errorHandler receives the timeout error", async ({ send }) => {
    const app = makeApp()
    app.get(
      '/',
      {
        handlerTimeout: 30,
        errorHandler: (error: any, _request: any, reply: any) => {
          reply.code(504).send({ custom: error.code })
        },
      },
      async () => {
        await sleep(300)
        return 'too late'
      },
    )
    const response = await send(app, { url: '/' })
    expect([response.statusCode, response.json()]).toEqual([
      504,
      { custom: 'FRM_ERR_HANDLER_TIMEOUT' },
    ])
  })

  itBoth('a reply sent in time, or hijacked, stops the timer', async ({ send, transport }) => {
    const app = makeApp()
    app.get('/fast', { handlerTimeout: 60 }, async () => ({ ok: true }))
    app.get('/hijacked', { handlerTimeout: 30 }, async (_request: any, reply: any) => {
      reply.hijack()
      await sleep(100)
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.raw.end('hijacked')
    })
    const fast = await send(app, { url: '/fast' })
    expect([fast.statusCode, fast.body]).toEqual([200, '{"ok":true}'])
    if (transport === 'socket') {
      const hijacked = await send(app, { url: '/hijacked' })
      expect([hijacked.statusCode, hijacked.body]).toEqual([200, 'hijacked'])
    }
  })

  it('a client that leaves aborts request.signal (real socket)', async () => {
    const app = makeApp()
    let aborted = false
    app.get('/wait', { handlerTimeout: 5000 }, async (request: any) => {
      await new Promise<void>((resolve) => {
        request.signal.addEventListener('abort', () => {
          aborted = true
          resolve()
        })
      })
      return 'gone'
    })
    const port = await portOf(app)
    await new Promise<void>((resolve) => {
      const client = net.connect(port, '127.0.0.1', () => {
        client.write('GET /wait HTTP/1.1\r\nHost: localhost\r\n\r\n')
        setTimeout(() => {
          client.destroy()
          setTimeout(resolve, 100)
        }, 50)
      })
    })
    expect(aborted).toBe(true)
  })

  it('is refused unless a whole number above 0 (route) or >= 0 (factory)', () => {
    const app = makeApp()
    for (const bad of ['fast', -1, 1.5, 0]) {
      expect(() => app.get('/x', { handlerTimeout: bad }, async () => 'ok')).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT',
          message: `'handlerTimeout' option must be an integer > 0. Got '${bad}'`,
        }),
      )
    }
    expect(() => makeApp({ handlerTimeout: -5 })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
    expect(makeApp().initialConfig.handlerTimeout).toBe(0)
  })
})
