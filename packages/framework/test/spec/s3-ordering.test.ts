import { describe, expect } from 'vitest'
import { badRequest, itBoth, makeApp } from './helpers'

// Specification section 3: the ordering rules.
describe('[3] ordering rules', () => {
  itBoth(
    '[3.1] validation of a request completes before any preHandler hook runs',
    async ({ send }) => {
      const app = makeApp()
      const events: string[] = []
      app.addHook('preValidation', async (request: any) => {
        events.push(`preValidation:${typeof request.body.n}`)
      })
      app.addHook('preHandler', async (request: any) => {
        events.push(`preHandler:${typeof request.body.n}:${request.body.d}`)
      })
      app.post(
        '/order',
        {
          schema: {
            body: {
              type: 'object',
              properties: { n: { type: 'integer' }, d: { type: 'string', default: 'filled' } },
            },
          },
          preHandler: async () => {
            events.push('route preHandler')
          },
        },
        async () => {
          events.push('handler')
          return { events }
        },
      )
      const res = await send(app, { method: 'POST', url: '/order', payload: { n: '5' } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        events: ['preValidation:string', 'preHandler:number:filled', 'route preHandler', 'handler'],
      })
    },
  )

  itBoth('[3.1] a failed validation never reaches a preHandler hook', async ({ send }) => {
    const app = makeApp()
    const events: string[] = []
    app.addHook('preHandler', async () => {
      events.push('preHandler')
    })
    app.post('/never', { schema: { body: { type: 'object', required: ['a'] } } }, async () => {
      events.push('handler')
      return 'x'
    })
    const res = await send(app, { method: 'POST', url: '/never', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(events).toEqual([])
  })

  itBoth(
    '[3.1] with attachValidation, preHandler runs after validation and sees validationError',
    async ({ send }) => {
      const app = makeApp()
      let seen = ''
      app.post(
        '/attached',
        {
          schema: { body: { type: 'object', required: ['a'] } },
          attachValidation: true,
          preHandler: async (request: any) => {
            seen = request.validationError?.message ?? 'none'
          },
        },
        async () => ({ seen }),
      )
      const res = await send(app, { method: 'POST', url: '/attached', payload: {} })
      expect(res.json()).toEqual({ seen: "body should have required property 'a'" })
    },
  )

  itBoth(
    '[3.2] a schema failure without attachValidation ends with 400 before the handler runs',
    async ({ send }) => {
      const app = makeApp()
      let handlerRan = false
      app.get(
        '/q',
        { schema: { querystring: { type: 'object', required: ['must'] } } },
        async () => {
          handlerRan = true
          return 'x'
        },
      )
      const res = await send(app, { url: '/q' })
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toEqual(badRequest("querystring should have required property 'must'"))
      expect(handlerRan).toBe(false)
    },
  )
})
