import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import { listRoutes } from './list-routes.js'

describe('listRoutes', () => {
  it('lists every declared route of the application (not the automatic HEAD routes), any context, prefixes included, one entry per method', async () => {
    const { app } = createApp()
    const body = { type: 'object' }
    app.post('/users', { schema: { body }, config: { a: 1 } }, async () => 'x')
    let child: unknown
    app.register(
      async (instance) => {
        child = instance
        instance.route({ method: ['PUT', 'PATCH'], url: '/items/:id', handler: async () => 'x' })
      },
      { prefix: '/v1' },
    )
    app.get('/late', async () => 'x')
    app.head('/own-head', async () => 'x')
    await app.ready()
    const entries = listRoutes(app)
    expect(entries.map((entry) => `${entry.method} ${entry.url}`)).toEqual([
      'POST /users',
      'GET /late',
      'HEAD /own-head',
      'PUT /v1/items/:id',
      'PATCH /v1/items/:id',
    ])
    expect(entries[0]!.schema).toEqual({ body })
    expect(entries[0]!.schema!.body).toBe(body)
    expect(entries[0]!.config).toEqual({ a: 1 })
    expect(entries[0]!.context).toBe(app)
    expect(entries[1]!.config).toEqual({})
    expect(entries[3]!.context).toBe(child)
    expect(listRoutes(child as typeof app)).toEqual(entries)
  })

  it('gives the declaring context, whose getSchemas() are the shared schemas the route sees', async () => {
    const { app } = createApp()
    app.addSchema({ $id: 'root', type: 'string' })
    app.register(async (instance) => {
      instance.addSchema({ $id: 'local', type: 'integer' })
      instance.get('/in', async () => 'x')
    })
    await app.ready()
    const [entry] = listRoutes(app)
    expect(Object.keys(entry!.context.getSchemas())).toEqual(['root', 'local'])
    expect(Object.keys(app.getSchemas())).toEqual(['root'])
  })
})
