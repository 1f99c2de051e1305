import { type } from 'arktype'
import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { expectValidOpenApi } from '../test/check-document.js'
import { openapi } from './openapi.js'

describe('routes written with real Standard Schema libraries (through the framework)', () => {
  it('Zod 4 and ArkType 2 routes are documented from their JSON Schema, named definitions as components', async () => {
    const Address = z.object({ city: z.string().min(1) }).meta({ id: 'Address' })
    const app = framework()
    app.register(openapi, { openapi: { info: { title: 'Libraries', version: '1.0.0' } } })
    app.post(
      '/people',
      {
        schema: {
          body: z.object({ name: z.string(), home: Address, work: Address.optional() }),
          querystring: type({ 'dryRun?': 'boolean' }),
          response: { 201: z.object({ id: z.number().int() }) },
        },
      },
      async (_request, reply) => reply.code(201).send({ id: 1 }),
    )
    app.get(
      '/people/:id',
      { schema: { params: type({ id: 'string' }), response: { 200: type({ name: 'string' }) } } },
      async () => ({ name: 'Ada' }),
    )
    await app.ready()
    const document = app.openapi() as unknown as Record<string, any>
    await expectValidOpenApi(document)

    const post = document.paths['/people'].post
    expect(post.parameters).toEqual([
      { name: 'dryRun', in: 'query', required: false, schema: { type: 'boolean' } },
    ])
    expect(post.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        home: { $ref: '#/components/schemas/Address' },
        work: { $ref: '#/components/schemas/Address' },
      },
      required: ['name', 'home'],
    })
    expect(document.components.schemas.Address).toEqual({
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 } },
      required: ['city'],
    })
    expect(post.responses['201'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    })
    expect(Object.keys(post.responses)).toEqual(['201', '400', '413', '415'])

    const get = document.paths['/people/{id}'].get
    expect(get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ])
    expect(get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
    expect(JSON.stringify(document)).not.toContain('$schema')
  })

  it('a Zod schema added with addSchema is the component its JSON Schema id names', async () => {
    const User = z.object({ name: z.string() }).meta({ id: 'User' })
    const app = framework()
    app.register(openapi)
    app.addSchema(User)
    app.get('/me', { schema: { response: { 200: { $ref: 'User#' } } } }, async () => ({
      name: 'a',
    }))
    await app.ready()
    const document = app.openapi() as unknown as Record<string, any>
    await expectValidOpenApi(document)
    expect(document.paths['/me'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/User',
    })
    expect(document.components.schemas.User).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
  })
})
