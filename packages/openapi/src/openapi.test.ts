import framework from 'framework'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { expectValidOpenApi } from '../test/check-document.js'
import { openapi } from './openapi.js'

const info = { title: 'Shop', version: '2.0.0' }
const apps: Array<ReturnType<typeof framework>> = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

function create() {
  const app = framework()
  apps.push(app)
  return app
}

describe('the openapi plugin', () => {
  it('documents routes declared before and after it, in every context, prefixes included', async () => {
    const app = create()
    app.get('/before', async () => 'x')
    app.register(
      async (child) => {
        child.register(
          async (grandchild) => {
            grandchild.get('/deep/:id', async () => 'x')
          },
          { prefix: '/v2' },
        )
      },
      { prefix: '/api' },
    )
    app.register(async (child) => {
      child.register(openapi, { openapi: { info } })
    })
    app.register(async (sibling) => {
      sibling.post('/sibling', async () => 'x')
    })
    app.get('/after', async () => 'x')
    await app.ready()
    const child = app as unknown as { openapi?: unknown }
    expect(child.openapi).toBeUndefined()
    const document = (await app.inject('/openapi/json')).json()
    await expectValidOpenApi(document)
    expect(Object.keys(document.paths)).toEqual([
      '/before',
      '/after',
      '/api/v2/deep/{id}',
      '/sibling',
    ])
    expect(document.info).toEqual(info)
  })

  it('app.openapi() returns the document after ready, built once and cached', async () => {
    const app = create()
    app.register(openapi, {
      openapi: {
        info,
        servers: [{ url: 'https://api.example.com' }],
        tags: [{ name: 'items', description: 'Items' }],
      },
    })
    app.get('/items', { schema: { tags: ['items'] } }, async () => [])
    await app.after()
    expect(() => app.openapi()).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_OPENAPI_NOT_READY' }),
    )
    await app.ready()
    const document = app.openapi()
    expect(app.openapi()).toBe(document)
    expect(document).toEqual({
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com' }],
      tags: [{ name: 'items', description: 'Items' }],
      paths: {
        '/items': {
          get: {
            operationId: 'getItems',
            tags: ['items'],
            responses: { 200: { description: 'OK' } },
          },
        },
      },
    })
    await expectValidOpenApi(document)
  })

  it('serves the document as JSON and YAML under /openapi, its own routes not documented', async () => {
    const app = create()
    app.register(openapi)
    app.addSchema({ $id: 'item', type: 'object', properties: { id: { type: 'integer' } } })
    app.get('/items/:id', { schema: { response: { 200: { $ref: 'item#' } } } }, async () => ({
      id: 1,
    }))
    await app.ready()
    const json = await app.inject('/openapi/json')
    expect(json.statusCode).toBe(200)
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(json.body).toBe(JSON.stringify(app.openapi()))
    expect(json.json().info).toEqual({ title: 'API', version: '0.0.0' })
    expect(Object.keys(json.json().paths)).toEqual(['/items/{id}'])
    const yaml = await app.inject('/openapi/yaml')
    expect(yaml.statusCode).toBe(200)
    expect(yaml.headers['content-type']).toBe('application/yaml; charset=utf-8')
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0\ninfo:\n {2}title: API\n/)
    expect(parse(yaml.body)).toEqual(app.openapi())
  })

  it('serves over a real socket', async () => {
    const app = create()
    app.register(openapi, { openapi: { info } })
    app.post('/orders', { schema: { body: { type: 'object' } } }, async () => 'x')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const json = await fetch(`${address}/openapi/json`)
    expect(json.status).toBe(200)
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const document = (await json.json()) as Record<string, any>
    expect(document.paths['/orders'].post.responses).toEqual({
      200: { description: 'OK' },
      400: { $ref: '#/components/responses/FrameworkBadRequest' },
      413: { $ref: '#/components/responses/FrameworkPayloadTooLarge' },
      415: { $ref: '#/components/responses/FrameworkUnsupportedMediaType' },
    })
    await expectValidOpenApi(document)
    const yaml = await fetch(`${address}/openapi/yaml`)
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    expect(parse(await yaml.text())).toEqual(document)
  })

  it('routePrefix moves the routes (under the context prefix too); exposeRoute: false serves none', async () => {
    const app = create()
    app.register(
      async (child) => {
        child.register(openapi, { routePrefix: '/spec/' })
      },
      { prefix: '/v1' },
    )
    await app.ready()
    expect((await app.inject('/v1/spec/json')).statusCode).toBe(200)
    expect((await app.inject('/v1/spec/yaml')).statusCode).toBe(200)
    expect((await app.inject('/openapi/json')).statusCode).toBe(404)

    const hidden = create()
    hidden.register(openapi, { exposeRoute: false })
    hidden.get('/a', async () => 'x')
    await hidden.ready()
    expect((await hidden.inject('/openapi/json')).statusCode).toBe(404)
    expect(Object.keys(hidden.openapi().paths)).toEqual(['/a'])
  })

  it.each([
    [
      { routePrefix: 'docs' },
      'openapi: routePrefix must be a path starting with \'/\', received "docs"',
    ],
    [{ exposeRoute: 'yes' }, 'openapi: exposeRoute must be true or false'],
    [
      { openapi: { info: { title: 'x' } } },
      "openapi: openapi.info needs a string title and version, e.g. { title: 'Shop', version: '1.0.0' }",
    ],
    [{ openapi: { servers: {} } }, 'openapi: openapi.servers must be an array of { url }'],
  ])('refuses bad options %j with a coded error', async (options, message) => {
    const app = create()
    app.register(openapi, options as never)
    const error = await app.ready().then(
      () => undefined,
      (failure) => failure,
    )
    // The core names the plugin that failed; the plugin's own coded error is the cause.
    const coded = error?.code === 'FRM_ERR_OPENAPI_OPTIONS' ? error : error?.cause
    expect(coded).toMatchObject({ code: 'FRM_ERR_OPENAPI_OPTIONS', message })
  })
})
