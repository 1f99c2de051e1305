import underPressure from '@fastify/under-pressure'
import { describe, expect } from 'vitest'
import { itBoth, makeApp, sleep } from '../spec/helpers'

// Health and load shedding with @fastify/under-pressure 9 (its Fastify-5 line), as its README
// shows: a status route for the load balancer that runs your own check, and 503 with Retry-After
// when the process is over its limits.

describe('[observability] health with @fastify/under-pressure', () => {
  itBoth(
    'the status route answers 200 while the health check passes, 503 when it fails',
    async ({ send }) => {
      const app = makeApp()
      let databaseUp = true
      await app.register(underPressure, {
        exposeStatusRoute: '/health',
        healthCheck: async () => databaseUp,
        retryAfter: 10,
      })
      app.get('/orders', async () => ({ orders: [] }))

      const healthy = await send(app, { url: '/health' })
      expect(healthy.statusCode).toBe(200)
      expect(healthy.json()).toEqual({ status: 'ok' })

      databaseUp = false
      const down = await send(app, { url: '/health' })
      expect(down.statusCode).toBe(503)
      expect(down.headers['retry-after']).toBe('10')
      expect(down.json()).toEqual({
        statusCode: 503,
        code: 'FST_UNDER_PRESSURE',
        error: 'Service Unavailable',
        message: 'Service Unavailable',
      })
      // the other routes are still served: the check only tells the balancer
      expect((await send(app, { url: '/orders' })).statusCode).toBe(200)
    },
  )

  itBoth(
    'over its heap limit the process sheds every request with 503 and Retry-After',
    async ({ send }) => {
      const app = makeApp()
      await app.register(underPressure, { maxHeapUsedBytes: 1, sampleInterval: 5, retryAfter: 7 })
      app.get('/orders', async () => ({ orders: [] }))
      await app.ready()
      await sleep(30) // a few samples of the heap
      const shed = await send(app, { url: '/orders' })
      expect(shed.statusCode).toBe(503)
      expect(shed.headers['retry-after']).toBe('7')
      expect(shed.json()).toEqual({
        statusCode: 503,
        code: 'FST_UNDER_PRESSURE',
        error: 'Service Unavailable',
        message: 'Service Unavailable',
      })
    },
  )
})
