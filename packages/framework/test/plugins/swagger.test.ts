import swagger4 from '@fastify/swagger'
import swagger5 from '@fastify/swagger-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/swagger 8 (the last line for Fastify 4) and 9 (the Fastify-5 line), dynamic mode, used as
// their README shows: every case runs on both lines.

async function documentedApp(swagger: unknown, options: Record<string, unknown> = {}) {
  const app = makeApp()
  await app.register(swagger as any, {
    openapi: {
      info: { title: 'Users', description: 'The users service', version: '1.2.3' },
      servers: [{ url: 'http://localhost' }],
      tags: [{ name: 'user', description: 'User operations' }],
    },
    ...options,
  })
  app.addSchema({
    $id: 'User',
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
    required: ['id', 'name'],
  })
  app.get(
    '/users/:id',
    {
      schema: {
        summary: 'One user',
        tags: ['user'],
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        response: { 200: { $ref: 'User#' } },
      },
    },
    async (request: any) => ({ id: request.params.id, name: 'Ada' }),
  )
  app.post(
    '/users',
    {
      schema: {
        tags: ['user'],
        body: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
        response: { 201: { $ref: 'User#' } },
      },
    },
    async (_request: any, reply: any) => reply.code(201).send({ id: 1, name: 'Ada' }),
  )
  app.get('/internal', { schema: { hide: true } }, async () => 'hidden')
  app.get('/openapi.json', async () => app.swagger())
  await app.ready()
  return app
}

/** The plugin's two release lines: every case below runs on each. */
const lines = [
  ['Fastify 4', swagger4],
  ['Fastify 5', swagger5],
] as const

describe.each(lines)('@fastify/swagger: dynamic OpenAPI document (%s)', (_line, swagger) => {
  it('app.swagger() lists the routes with their schemas and the shared schemas', async () => {
    const app = await documentedApp(swagger)
    // As JSON (what is published): json-schema-resolver leaves a symbol mark on shared schemas.
    const document = JSON.parse(JSON.stringify(app.swagger()))
    expect(document.openapi).toBe('3.0.3')
    expect(document.info).toEqual({
      title: 'Users',
      description: 'The users service',
      version: '1.2.3',
    })
    expect(document.tags).toEqual([{ name: 'user', description: 'User operations' }])
    expect(document.components.schemas).toEqual({
      'def-0': {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        required: ['id', 'name'],
        title: 'User',
      },
    })
    expect(Object.keys(document.paths).sort()).toEqual(['/openapi.json', '/users', '/users/{id}'])
    expect(document.paths['/users/{id}']).toEqual({
      get: {
        summary: 'One user',
        tags: ['user'],
        parameters: [{ schema: { type: 'integer' }, in: 'path', name: 'id', required: true }],
        responses: {
          200: {
            description: 'Default Response',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/def-0' } } },
          },
        },
      },
    })
    expect(document.paths['/users'].post.requestBody).toEqual({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          },
        },
      },
      required: true,
    })
  })

  it('yaml: true gives the same document as YAML', async () => {
    const app = await documentedApp(swagger)
    const yaml = app.swagger({ yaml: true })
    expect(yaml).toContain('openapi: 3.0.3\n')
    expect(yaml).toContain('  /users/{id}:\n    get:\n      summary: One user\n')
  })

  it('transform rewrites each route schema; hide and hideUntagged leave routes out', async () => {
    const app = await documentedApp(swagger, {
      hideUntagged: true,
      transform: ({ schema, url }: any) => ({
        schema: { ...schema, description: `route ${url}` },
        url: url.replace('/users', '/people'),
      }),
    })
    const document = app.swagger()
    expect(Object.keys(document.paths).sort()).toEqual(['/people', '/people/{id}'])
    expect(document.paths['/people/{id}'].get.description).toBe('route /users/:id')
  })

  itBoth('the document can be served by a route, and the routes still answer', async ({ send }) => {
    const app = await documentedApp(swagger)
    const served = await send(app, { url: '/openapi.json' })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(served.json()).toEqual(JSON.parse(JSON.stringify(app.swagger())))
    const user = await send(app, { url: '/users/7' })
    expect([user.statusCode, user.json()]).toEqual([200, { id: 7, name: 'Ada' }])
    const bad = await send(app, { method: 'POST', url: '/users', payload: {} })
    expect(bad.statusCode).toBe(400)
    // The message wording is the framework's (spec 2.7); Fastify's Ajv says "must have".
    expect(bad.json().message).toMatch(/^body (should|must) have required property 'name'$/)
  })
})
