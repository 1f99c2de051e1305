import { fp } from 'framework'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from './helpers'

// Specification section 1: what the service does.
describe('[1] what the service does', () => {
  itBoth(
    '[1.1] a server is built from plugins that hold decorators, hooks, child plugins and routes',
    async ({ send }) => {
      const app = makeApp()
      app.register(async (child: any) => {
        child.decorate('greeting', 'hello')
        child.decorateRequest('who', 'plugin')
        child.addHook('onRequest', async (_request: any, reply: any) => {
          reply.header('x-plugin-hook', 'yes')
        })
        child.get('/child', async (request: any) => ({
          greeting: child.greeting,
          who: request.who,
        }))
        child.register(async (grandchild: any) => {
          grandchild.get('/grandchild', async () => ({ from: 'grandchild' }))
        })
      })
      const res = await send(app, { url: '/child' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ greeting: 'hello', who: 'plugin' })
      expect(res.headers['x-plugin-hook']).toBe('yes')
      const nested = await send(app, { url: '/grandchild' })
      expect(nested.statusCode).toBe(200)
      expect(nested.json()).toEqual({ from: 'grandchild' })
      expect(nested.headers['x-plugin-hook']).toBe('yes')
    },
  )

  it('[1.1] the root context is not a plugin: it holds root routes and decorators directly', async () => {
    const app = makeApp()
    app.decorate('rootThing', 1)
    app.get('/', async () => ({ root: app.rootThing }))
    const res = await app.inject({ url: '/' })
    expect(res.json()).toEqual({ root: 1 })
  })

  it('[1.2] each plugin registered with register opens a child context', async () => {
    const app = makeApp()
    let childInstance: any
    app.register(async (child: any) => {
      childInstance = child
      child.decorate('onlyInChild', true)
    })
    await app.ready()
    expect(childInstance).toBeDefined()
    expect(childInstance).not.toBe(app)
    expect(childInstance.hasDecorator('onlyInChild')).toBe(true)
    expect(app.hasDecorator('onlyInChild')).toBe(false)
    expect(app.onlyInChild).toBeUndefined()
  })

  it('[1.2] a plugin wrapped with framework-plugin does not open a child context', async () => {
    const app = makeApp()
    app.register(
      fp(async (instance: any) => {
        instance.decorate('shared', true)
      }),
    )
    await app.ready()
    expect(app.hasDecorator('shared')).toBe(true)
    expect(app.shared).toBe(true)
  })

  it('[1.3] each schema is compiled into a function once, at start-up, not per request', async () => {
    const app = makeApp()
    const compiled: string[] = []
    let calls = 0
    app.setValidatorCompiler(({ httpPart }: any) => {
      compiled.push(httpPart)
      return () => {
        calls++
        return true
      }
    })
    app.post(
      '/compiled',
      { schema: { body: { type: 'object' }, querystring: { type: 'object' } } },
      async () => 'ok',
    )
    await app.ready()
    expect(compiled.sort()).toEqual(['body', 'querystring'])
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/compiled', payload: { a: 1 } })
      expect(res.statusCode).toBe(200)
    }
    expect(compiled).toHaveLength(2)
    expect(calls).toBe(6)
  })

  itBoth(
    '[1.4] the validator and the serializer are separate, replaceable components',
    async ({ send }) => {
      const app = makeApp()
      app.setValidatorCompiler(() => (data: any) => ({ value: { ...data, validatedBy: 'mine' } }))
      app.setSerializerCompiler(() => (data: any) => `custom:${JSON.stringify(data)}`)
      app.post(
        '/swap',
        { schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } } },
        async (request: any) => ({ got: request.body.validatedBy }),
      )
      const res = await send(app, { method: 'POST', url: '/swap', payload: { a: 1 } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('custom:{"got":"mine"}')
    },
  )

  itBoth(
    '[1.4] the default validator and serializer share the schemas added with addSchema',
    async ({ send }) => {
      const app = makeApp()
      app.addSchema({
        $id: 'user',
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' } },
      })
      app.post(
        '/users',
        { schema: { body: { $ref: 'user#' }, response: { 200: { $ref: 'user#' } } } },
        async (request: any) => ({ ...request.body, secret: 'hidden' }),
      )
      const ok = await send(app, { method: 'POST', url: '/users', payload: { name: 'Ada' } })
      expect(ok.statusCode).toBe(200)
      expect(ok.body).toBe('{"name":"Ada"}')
      const bad = await send(app, { method: 'POST', url: '/users', payload: {} })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: "body should have required property 'name'",
      })
    },
  )

  itBoth(
    '[1.5] validation is attempted only when the request content type is JSON',
    async ({ send }) => {
      const app = makeApp()
      app.post(
        '/json-only',
        { schema: { body: { type: 'object', required: ['name'] } } },
        async (request: any) => ({ body: request.body }),
      )
      const json = await send(app, { method: 'POST', url: '/json-only', payload: {} })
      expect(json.statusCode).toBe(400)
      const vendor = await send(app, {
        method: 'POST',
        url: '/json-only',
        headers: { 'content-type': 'application/vnd.api+json' },
        payload: '{}',
      })
      expect(vendor.statusCode).toBe(400)
      expect(vendor.json().message).toBe("body should have required property 'name'")
      const text = await send(app, {
        method: 'POST',
        url: '/json-only',
        headers: { 'content-type': 'text/plain' },
        payload: 'name',
      })
      expect(text.statusCode).toBe(415)
      expect(text.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' })
    },
  )

  itBoth(
    '[1.6] schemas are application code: hostile property names cannot inject code',
    async ({ send }) => {
      const app = makeApp()
      const evil = `a'"\\\n});process.exit(1);//</script>`
      app.post(
        '/evil',
        {
          schema: {
            body: { type: 'object', required: [evil], properties: { [evil]: { type: 'string' } } },
            response: { 200: { type: 'object', properties: { [evil]: { type: 'string' } } } },
          },
        },
        async (request: any) => request.body,
      )
      const ok = await send(app, { method: 'POST', url: '/evil', payload: { [evil]: '"x"' } })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ [evil]: '"x"' })
      const bad = await send(app, { method: 'POST', url: '/evil', payload: {} })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().statusCode).toBe(400)
    },
  )

  it('[1.7] a schema using $async is refused at start-up, pointing to preHandler', async () => {
    const app = makeApp()
    app.post('/async', { schema: { body: { $async: true, type: 'object' } } }, async () => 'never')
    await expect(app.ready()).rejects.toThrow(/preHandler/)
  })

  it('[1.7] a shared schema using $async is refused when a route uses it', async () => {
    const app = makeApp()
    app.addSchema({ $id: 'lazy', $async: true, type: 'object' })
    app.post('/async-ref', { schema: { body: { $ref: 'lazy#' } } }, async () => 'never')
    await expect(app.ready()).rejects.toThrow(/\$async[\s\S]*preHandler/)
  })
})
