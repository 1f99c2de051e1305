import framework from 'framework'
import { afterEach, describe, expect, it } from 'vitest'
import { expectValidOpenApi } from '../test/check-document.js'
import { openapi } from './openapi.js'

const apps: Array<ReturnType<typeof framework>> = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

describe('schemas declared by content type', () => {
  it('document each media type of a body and of a response', async () => {
    const app = framework()
    apps.push(app)
    await app.register(openapi, { openapi: { info: { title: 'T', version: '1' } } })
    app.post(
      '/items',
      {
        schema: {
          body: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { a: { type: 'string' } } },
              },
              'text/plain': { schema: { type: 'string' } },
            },
          },
          response: {
            201: {
              description: 'Created item',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'integer' } } },
                },
                'text/csv': { schema: { type: 'string' } },
              },
            },
          },
        },
      },
      async () => ({ id: 1 }),
    )
    await app.ready()
    const document = app.openapi() as any
    await expectValidOpenApi(document)
    const operation = document.paths['/items'].post
    expect(Object.keys(operation.requestBody.content)).toEqual(['application/json', 'text/plain'])
    expect(operation.requestBody.content['text/plain'].schema).toEqual({ type: 'string' })
    const created = operation.responses['201']
    expect(created.description).toBe('Created item')
    expect(Object.keys(created.content)).toEqual(['application/json', 'text/csv'])
    expect(created.content['text/csv'].schema).toEqual({ type: 'string' })
    const json = created.content['application/json'].schema
    const resolved =
      json.$ref === undefined ? json : document.components.schemas[json.$ref.split('/').pop()]
    expect(resolved).toEqual({ type: 'object', properties: { id: { type: 'integer' } } })
  })
})
