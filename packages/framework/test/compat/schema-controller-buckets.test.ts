import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Schema controller and compilers (issue 31, item 7).

describe('[compat] schemaController.bucket', () => {
  it('one bucket per context, each seeded with what its parent getSchemas() answered', async () => {
    const seeds: unknown[] = []
    const answered: unknown[] = []
    let added = 0
    const app = makeApp({
      schemaController: {
        bucket(seed?: Map<string, unknown>) {
          seeds.push(seed)
          const store = new Map(seed)
          return {
            add(schema: any) {
              added++
              store.set(schema.$id, schema)
            },
            getSchema: (id: string) => store.get(id),
            getSchemas() {
              answered.push(store)
              return store
            },
          }
        },
      },
    })
    const sizes: Record<string, number> = {}
    app.register(async (child: any) => {
      child.addSchema({ $id: 'b', type: 'string' })
      child.addHook('onReady', (done: () => void) => {
        sizes.child = child.getSchemas().size
        done()
      })
      child.register(async (grandchild: any) => {
        grandchild.addSchema({ $id: 'c', type: 'string' })
        grandchild.addHook('onReady', (done: () => void) => {
          sizes.grandchild = grandchild.getSchemas().size
          done()
        })
      })
    })
    app.register(async (sibling: any) => {
      sibling.addHook('onReady', (done: () => void) => {
        sizes.sibling = sibling.getSchemas().size
        done()
      })
    })
    app.addSchema({ $id: 'a', type: 'string' })
    await app.ready()
    expect(sizes).toEqual({ child: 2, grandchild: 3, sibling: 1 })
    expect(added).toBe(3)
    // The root's bucket, then one per register call.
    expect(seeds.length).toBe(4)
    expect(seeds[0]).toBeUndefined()
    // Each child's seed is the very object its parent's getSchemas() returned.
    for (const seed of seeds.slice(1)) expect(answered).toContain(seed)
  })

  it('setSchemaController in a plugin: its bucket answers addSchema and getSchema', async () => {
    const app = makeApp()
    const calls: string[] = []
    const schema = { $id: 'b', type: 'string' }
    let seen: unknown
    app.register(async (child: any) => {
      child.setSchemaController({
        bucket() {
          calls.push('bucket')
          const map: Record<string, unknown> = {}
          return {
            add(value: any) {
              calls.push(`add ${value.$id}`)
              map[value.$id] = value
            },
            getSchema: (id: string) => map[id],
            getSchemas: () => map,
          }
        },
      })
      child.addSchema(schema)
      child.addHook('onReady', (done: () => void) => {
        seen = child.getSchema('b')
        done()
      })
    })
    await app.ready()
    expect(calls).toEqual(['bucket', 'add b'])
    expect(seen).toBe(schema)
  })
})

describe('[compat] compilers', () => {
  it('instance.validatorCompiler and serializerCompiler are functions inside onReady', async () => {
    const app = makeApp()
    app.get(
      '/',
      { schema: { headers: { type: 'object' }, response: { 200: { type: 'object' } } } },
      () => ({}),
    )
    const seen: string[] = []
    app.addHook('onReady', function (this: any, done: () => void) {
      seen.push(typeof this.validatorCompiler, typeof this.serializerCompiler)
      done()
    })
    app.register(async (child: any) => {
      child.addHook('onReady', function (this: any, done: () => void) {
        seen.push(typeof this.validatorCompiler, typeof this.serializerCompiler)
        done()
      })
    })
    await app.ready()
    expect(seen).toEqual(['function', 'function', 'function', 'function'])
  })

  itBoth(
    'a route serializer compiler that returns nothing means no serializer',
    async ({ send }) => {
      const app = makeApp()
      app.get(
        '/',
        {
          schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } },
          serializerCompiler: () => undefined,
        },
        () => ({ a: 1, b: 2 }),
      )
      const response = await send(app, { url: '/' })
      expect([response.statusCode, response.json()]).toEqual([200, { a: 1, b: 2 }])
    },
  )

  it('custom compilers receive the schema objects of the route themselves', async () => {
    const app = makeApp()
    const body = { type: 'object', properties: { a: { type: 'string' } } }
    const querystring = { type: 'object', properties: { q: { type: 'string' } } }
    const response = { type: 'object', properties: { a: { type: 'string' } } }
    const received: unknown[] = []
    app.setValidatorCompiler(({ schema }: any) => {
      received.push(schema)
      return () => true
    })
    app.setSerializerCompiler(({ schema }: any) => {
      received.push(schema)
      return (data: unknown) => JSON.stringify(data)
    })
    app.post('/', { schema: { body, querystring, response: { 200: response } } }, () => ({
      a: 'x',
    }))
    await app.ready()
    expect(received).toContain(body)
    expect(received).toContain(querystring)
    expect(received).toContain(response)
  })

  itBoth('a shared schema embedded by $id in another is usable from a route', async ({ send }) => {
    const app = makeApp()
    app.addSchema({
      $id: 'outer',
      type: 'object',
      definitions: {
        inner: {
          $id: 'inner',
          type: 'object',
          properties: { n: { type: 'integer' } },
          required: ['n'],
        },
      },
    })
    app.post('/', { schema: { body: { $ref: 'inner#' } } }, (request: any) => request.body)
    const ok = await send(app, { method: 'POST', url: '/', payload: { n: '3' } })
    expect([ok.statusCode, ok.json()]).toEqual([200, { n: 3 }])
    const bad = await send(app, { method: 'POST', url: '/', payload: {} })
    expect(bad.statusCode).toBe(400)
  })
})
