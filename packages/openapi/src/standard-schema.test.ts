import { describe, expect, it } from 'vitest'
import { expectValidOpenApi } from '../test/check-document.js'
import { buildDocument, type DocumentedRoute } from './build-document.js'

/**
 * A Standard Schema value as a library implementing the Standard JSON Schema interface makes it
 * (Zod 4 writes the same shape: `$schema`, named definitions in `$defs`, `#/$defs/...` refs).
 */
function standard(input: Record<string, unknown>, output = input) {
  const calls: string[] = []
  return {
    calls,
    '~standard': {
      version: 1,
      vendor: 'fake',
      validate: (value: unknown) => ({ value }),
      jsonSchema: {
        input: (options: { target: string }) => {
          calls.push(`input ${options.target}`)
          return input
        },
        output: (options: { target: string }) => {
          calls.push(`output ${options.target}`)
          return output
        },
      },
    },
  }
}

const userJson = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
}

const route = (method: string, url: string, schema: Record<string, unknown>): DocumentedRoute => ({
  method,
  url,
  schema,
  context: { getSchemas: () => ({}) },
})

describe('Standard Schema routes', () => {
  it('are documented through their JSON Schema: input for request parts, output for responses', async () => {
    const body = standard({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
    const reply = standard(
      { type: 'object', properties: { id: { type: 'string' } } },
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { id: { type: 'integer' } },
      },
    )
    const query = standard({ type: 'object', properties: { q: { type: 'string', maxLength: 5 } } })
    const document = buildDocument(
      [route('POST', '/items', { body, querystring: query, response: { 201: reply } })],
      { info: { title: 'T', version: '1' } },
    )
    await expectValidOpenApi(document)
    const operation = document.paths['/items']!.post!
    expect(operation.parameters).toEqual([
      { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 5 } },
    ])
    expect(operation.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
    })
    expect(operation.responses['201']).toEqual({
      description: 'Created',
      content: {
        'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } },
      },
    })
    expect(body.calls).toEqual(['input draft-2020-12'])
    expect(reply.calls).toEqual(['output draft-2020-12'])
  })

  it('lifts named definitions ($defs) into components, shared by every route that uses them', async () => {
    const withUser = () =>
      standard({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $defs: { User: userJson },
        type: 'array',
        items: { $ref: '#/$defs/User' },
      })
    const single = standard({
      $defs: { User: userJson },
      $ref: '#/$defs/User',
    })
    const document = buildDocument(
      [
        route('GET', '/users', { response: { 200: withUser() } }),
        route('GET', '/users/:id', { response: { 200: single } }),
        route('GET', '/admins', { response: { 200: withUser() } }),
      ],
      { info: { title: 'T', version: '1' } },
    )
    await expectValidOpenApi(document)
    expect(document.components!.schemas).toEqual({ User: userJson })
    const schemaOf = (path: string) =>
      (document.paths[path]!.get!.responses['200'] as any).content['application/json'].schema
    expect(schemaOf('/users')).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/User' },
    })
    expect(schemaOf('/users/{id}')).toEqual({ $ref: '#/components/schemas/User' })
    expect(schemaOf('/admins')).toEqual(schemaOf('/users'))
  })

  it('a Standard Schema value without a JSON Schema converter documents the response without content', async () => {
    const opaque = {
      '~standard': { version: 1, vendor: 'x', validate: (value: unknown) => ({ value }) },
    }
    const document = buildDocument([route('GET', '/o', { response: { 200: opaque } })], {
      info: { title: 'T', version: '1' },
    })
    await expectValidOpenApi(document)
    expect(document.paths['/o']!.get!.responses).toEqual({ 200: { description: 'OK' } })
  })

  it('a Standard Schema value added as a shared schema is a component named after its id', async () => {
    const user = standard({ $id: 'User', ...userJson })
    const document = buildDocument(
      [
        {
          method: 'GET',
          url: '/me',
          schema: { response: { 200: { $ref: 'User#' } } },
          context: { getSchemas: () => ({ User: user }) },
        },
      ],
      { info: { title: 'T', version: '1' } },
    )
    await expectValidOpenApi(document)
    expect(document.components!.schemas).toEqual({ User: userJson })
    expect((document.paths['/me']!.get!.responses['200'] as any).content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/User' } },
    })
  })
})
