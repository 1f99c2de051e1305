import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Schemas by content type (issue 31, item 15): `body.content[type].schema` (Fastify 4.29) and
// `response[code].content[type].schema` (Fastify 4.9).

describe('[compat] body schemas by content type', () => {
  function app() {
    const instance = makeApp()
    instance.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request: any, body: string, done: any) =>
        done(null, Object.fromEntries(new URLSearchParams(body))),
    )
    instance.post(
      '/',
      {
        schema: {
          body: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string' } },
                },
              },
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['age'],
                  properties: { age: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
      (request: any) => ({ body: request.body }),
    )
    return instance
  }

  itBoth('each media type is validated with its own schema', async ({ send }) => {
    const instance = app()
    const json = await send(instance, { method: 'POST', url: '/', payload: { name: 'Ann' } })
    expect([json.statusCode, json.json()]).toEqual([200, { body: { name: 'Ann' } }])
    const badJson = await send(instance, { method: 'POST', url: '/', payload: { age: 3 } })
    expect([badJson.statusCode, badJson.json().message]).toEqual([
      400,
      "body should have required property 'name'",
    ])
    const form = await send(instance, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'age=42',
    })
    // Coerced by the form schema: the integer 42.
    expect([form.statusCode, form.json()]).toEqual([200, { body: { age: 42 } }])
    const badForm = await send(instance, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: 'name=x',
    })
    expect([badForm.statusCode, badForm.json().message]).toEqual([
      400,
      "body should have required property 'age'",
    ])
  })

  itBoth('a media type without a schema is not validated', async ({ send }) => {
    const instance = app()
    const text = await send(instance, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'free text',
    })
    expect([text.statusCode, text.json()]).toEqual([200, { body: 'free text' }])
  })

  it('the route schema keeps its content map (request.routeOptions.schema)', async () => {
    const instance = app()
    instance.get(
      '/schema',
      {
        schema: {
          response: { 200: { content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
      (request: any, reply: any) =>
        reply
          .type('text/plain')
          .send(Object.keys(request.routeOptions.schema.response['200'].content).join()),
    )
    const response = await instance.inject('/schema')
    expect(response.body).toBe('text/plain')
  })
})

describe('[compat] response schemas by content type', () => {
  function app() {
    const instance = makeApp()
    instance.get(
      '/',
      {
        schema: {
          response: {
            200: {
              description: 'a user in two shapes',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { name: { type: 'string' } } },
                },
                'application/vnd.short+json': {
                  schema: { type: 'object', properties: { id: { type: 'integer' } } },
                },
              },
            },
          },
        },
      },
      (request: any, reply: any) => {
        const type = request.query.type
        if (type !== undefined) reply.type(type)
        return { id: 1, name: 'Ann', secret: 'x' }
      },
    )
    return instance
  }

  itBoth('the serializer of the reply type applies', async ({ send }) => {
    const instance = app()
    const plain = await send(instance, { url: '/' })
    expect([plain.body, plain.headers['content-type']]).toEqual([
      '{"name":"Ann"}',
      'application/json; charset=utf-8',
    ])
    const short = await send(instance, { url: '/?type=application/vnd.short%2Bjson' })
    expect([short.body, short.headers['content-type']]).toEqual([
      '{"id":1}',
      'application/vnd.short+json; charset=utf-8',
    ])
  })

  itBoth('a JSON type without a schema falls back to JSON.stringify', async ({ send }) => {
    const instance = app()
    const other = await send(instance, { url: '/?type=application/problem%2Bjson' })
    expect(other.json()).toEqual({ id: 1, name: 'Ann', secret: 'x' })
  })
})
