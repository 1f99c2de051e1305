import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4's querystringParser and rewriteUrl factory options.

describe('[compat] querystringParser and rewriteUrl', () => {
  itBoth('querystringParser parses query strings instead of the flat parser', async ({ send }) => {
    const seen: string[] = []
    const app = makeApp({
      querystringParser: (text: string) => {
        seen.push(text)
        return { parsedBy: 'custom', raw: text }
      },
    })
    app.get('/', async (request: any) => request.query)
    const response = await send(app, { url: '/?a[b]=1&c=2' })
    expect(response.json()).toEqual({ parsedBy: 'custom', raw: 'a[b]=1&c=2' })
    expect(seen).toEqual(['a[b]=1&c=2'])
  })

  itBoth(
    'rewriteUrl rewrites before routing; this is the instance; originalUrl keeps the URL',
    async ({ send }) => {
      let self: unknown
      const app: any = makeApp({
        rewriteUrl(this: unknown, raw: { url: string }) {
          self = this
          return raw.url.startsWith('/old/') ? raw.url.replace('/old/', '/new/') : raw.url
        },
      })
      app.get('/new/:id', async (request: any) => ({
        id: request.params.id,
        url: request.url,
        originalUrl: request.originalUrl,
      }))
      const response = await send(app, { url: '/old/7?x=1' })
      expect(response.json()).toEqual({ id: '7', url: '/new/7?x=1', originalUrl: '/old/7?x=1' })
      expect(self).toBe(app)
    },
  )

  itBoth(
    'a rewriteUrl that throws answers 500 through the root error handler',
    async ({ send }) => {
      const app = makeApp({
        rewriteUrl: () => {
          throw new Error('cannot rewrite')
        },
      })
      app.get('/', async () => 'x')
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toMatchObject({ statusCode: 500, message: 'cannot rewrite' })
    },
  )
})
