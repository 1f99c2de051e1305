import S from 'fluent-json-schema'
import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Routes": schemas may be fluent-json-schema objects (their JSON is used).
describe('fluent-json-schema objects wherever a schema is', () => {
  itBoth('route slots: body, querystring, params, headers and response', async ({ send }) => {
    const app = makeApp()
    app.post(
      '/users/:id',
      {
        schema: {
          params: S.object().prop('id', S.integer()),
          querystring: S.object().prop('verbose', S.boolean().default(false)),
          headers: S.object().prop('x-tenant', S.string().required()),
          body: S.object()
            .prop('name', S.string().minLength(2).required())
            .prop('age', S.integer().minimum(0)),
          response: {
            201: S.object()
              .prop('id', S.integer())
              .prop('name', S.string())
              .prop('verbose', S.boolean()),
          },
        },
      },
      async (request: any, reply: any) => {
        reply.code(201)
        return { ...request.body, id: request.params.id, verbose: request.query.verbose, secret: 1 }
      },
    )
    const ok = await send(app, {
      method: 'POST',
      url: '/users/7',
      headers: { 'x-tenant': 'a' },
      payload: { name: 'Ada', age: 36 },
    })
    expect([ok.statusCode, ok.json()]).toEqual([201, { id: 7, name: 'Ada', verbose: false }])
    const badBody = await send(app, {
      method: 'POST',
      url: '/users/7',
      headers: { 'x-tenant': 'a' },
      payload: { name: 'A' },
    })
    expect([badBody.statusCode, badBody.json().message]).toEqual([
      400,
      'body/name should NOT have fewer than 2 characters',
    ])
    const noHeader = await send(app, { method: 'POST', url: '/users/7', payload: { name: 'Ada' } })
    expect(noHeader.json().message).toBe("headers should have required property 'x-tenant'")
    const badParam = await send(app, {
      method: 'POST',
      url: '/users/x',
      headers: { 'x-tenant': 'a' },
      payload: { name: 'Ada' },
    })
    expect(badParam.json().message).toBe('params/id should be integer')
  })

  itBoth(
    'addSchema with a fluent schema, referenced by $ref from JSON and fluent slots',
    async ({ send }) => {
      const app = makeApp()
      app.addSchema(
        S.object()
          .id('user')
          .definition('tag', S.string().maxLength(3))
          .prop('name', S.string().required())
          .prop('tag', S.ref('#/definitions/tag')),
      )
      expect(app.getSchema('user')).toEqual({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'user',
        type: 'object',
        definitions: { tag: { type: 'string', maxLength: 3 } },
        properties: { name: { type: 'string' }, tag: { $ref: '#/definitions/tag' } },
        required: ['name'],
      })
      app.post(
        '/users',
        { schema: { body: { $ref: 'user#' }, response: { 200: S.ref('user#') } } },
        async (request: any) => ({ ...request.body, extra: true }),
      )
      app.post(
        '/tags',
        { schema: { body: S.object().prop('tag', S.ref('user#/definitions/tag')) } },
        async (request: any) => request.body,
      )
      const user = await send(app, {
        method: 'POST',
        url: '/users',
        payload: { name: 'Ada', tag: 'ab' },
      })
      expect([user.statusCode, user.body]).toEqual([200, '{"name":"Ada","tag":"ab"}'])
      const missing = await send(app, { method: 'POST', url: '/users', payload: { tag: 'ab' } })
      expect(missing.json().message).toBe("body should have required property 'name'")
      const longTag = await send(app, { method: 'POST', url: '/tags', payload: { tag: 'abcd' } })
      expect([longTag.statusCode, longTag.json().message]).toEqual([
        400,
        'body/tag should NOT have more than 3 characters',
      ])
    },
  )
})
