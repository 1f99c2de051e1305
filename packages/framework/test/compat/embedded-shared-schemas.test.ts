import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// API.md "Routes": a shared schema may embed another shared schema (with its $id).
describe('a shared schema embedding another shared schema with its $id', () => {
  itBoth('the brief case: routes reach a# and the embedded b#', async ({ send }) => {
    const app = makeApp()
    app.addSchema({ $id: 'a', type: 'object', properties: { b: { $id: 'b', type: 'string' } } })
    app.post(
      '/a',
      { schema: { body: { $ref: 'a#' }, response: { 200: { $ref: 'a#' } } } },
      async (request: any) => ({ ...request.body, dropped: true }),
    )
    app.post(
      '/b',
      {
        schema: {
          body: { type: 'object', properties: { v: { $ref: 'b#' } }, required: ['v'] },
          response: { 200: { type: 'object', properties: { v: { $ref: 'b#' } } } },
        },
      },
      async (request: any) => request.body,
    )
    const a = await send(app, { method: 'POST', url: '/a', payload: { b: 'x' } })
    expect([a.statusCode, a.body]).toEqual([200, '{"b":"x"}'])
    const b = await send(app, { method: 'POST', url: '/b', payload: { v: 'y' } })
    expect([b.statusCode, b.body]).toEqual([200, '{"v":"y"}'])
    const bad = await send(app, { method: 'POST', url: '/b', payload: { v: { no: 1 } } })
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'body/v should be string'])
  })

  for (const order of ['shared first', 'embedding first'] as const) {
    itBoth(`the very schema added, embedded in another (${order})`, async ({ send }) => {
      const app = makeApp()
      const tag = { $id: 'tag', type: 'string', maxLength: 3 }
      const post = { $id: 'post', type: 'object', properties: { title: { type: 'string' }, tag } }
      if (order === 'shared first') app.addSchema(tag).addSchema(post)
      else app.addSchema(post).addSchema(tag)
      app.post(
        '/posts',
        {
          schema: {
            body: {
              type: 'object',
              properties: { post: { $ref: 'post#' }, tag: { $ref: 'tag#' } },
            },
            response: {
              200: {
                type: 'object',
                properties: { post: { $ref: 'post#' }, tag: { $ref: 'tag#' } },
              },
            },
          },
        },
        async (request: any) => ({ ...request.body, secret: 's' }),
      )
      const ok = await send(app, {
        method: 'POST',
        url: '/posts',
        payload: { post: { title: 'T', tag: 'ab', x: 1 }, tag: 'cd' },
      })
      expect([ok.statusCode, ok.json()]).toEqual([
        200,
        { post: { title: 'T', tag: 'ab' }, tag: 'cd' },
      ])
      const long = await send(app, {
        method: 'POST',
        url: '/posts',
        payload: { post: { title: 'T', tag: 'abcd' } },
      })
      expect([long.statusCode, long.json().message]).toEqual([
        400,
        'body/post/tag should NOT have more than 3 characters',
      ])
    })
  }

  it('an embedded copy that differs from the shared schema of its $id fails ready(), naming both', async () => {
    const app = makeApp()
    app.addSchema({ $id: 'tag', type: 'string' })
    app.addSchema({
      $id: 'post',
      type: 'object',
      properties: { tag: { $id: 'tag', type: 'integer' } },
    })
    app.post('/posts', { schema: { body: { $ref: 'post#' } } }, async () => 'never')
    await expect(app.ready()).rejects.toThrow(
      "shared schema 'post' embeds a schema with $id 'tag' that differs from the shared schema 'tag'",
    )
  })
})
