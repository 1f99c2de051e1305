import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// The methods Fastify 4.29 routes besides the common ones: WebDAV, its REPORT and CalDAV's
// MKCALENDAR, with bodies parsed as for POST (UNLOCK has none).

const bodied = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'REPORT', 'MKCALENDAR']

describe('[compat] WebDAV and CalDAV methods', () => {
  itBoth('route() declares each, and their bodies are parsed', async ({ send }) => {
    const app = makeApp()
    app.addContentTypeParser(
      'application/xml',
      { parseAs: 'string' },
      (_r: any, body: string, done: any) => done(null, { xml: body }),
    )
    for (const method of bodied) {
      app.route({
        method,
        url: '/dav',
        handler: async (request: any) => ({ method: request.method, body: request.body ?? null }),
      })
    }
    app.route({ method: 'UNLOCK', url: '/dav', handler: async (request: any) => request.method })
    for (const method of bodied) {
      const response = await send(app, {
        method,
        url: '/dav',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      })
      expect([response.statusCode, response.json()]).toEqual([
        200,
        { method, body: { xml: '<a/>' } },
      ])
    }
    const json = await send(app, { method: 'PROPFIND', url: '/dav', payload: { depth: 1 } })
    expect(json.json()).toEqual({ method: 'PROPFIND', body: { depth: 1 } })
    const empty = await send(app, { method: 'MKCOL', url: '/dav' })
    expect(empty.json()).toEqual({ method: 'MKCOL', body: null })
    const unlock = await send(app, { method: 'UNLOCK', url: '/dav' })
    expect([unlock.statusCode, unlock.body]).toEqual([200, 'UNLOCK'])
  })

  itBoth(
    'all() answers them too; supportedMethods (Fastify 5) does not list them',
    async ({ send }) => {
      const app = makeApp()
      app.all('/any', async (request: any) => request.method)
      for (const method of [...bodied, 'UNLOCK']) {
        const response = await send(app, { method, url: '/any' })
        expect([response.statusCode, response.body]).toEqual([200, method])
      }
      // Routable as in 4.29, not listed: supportedMethods is Fastify 5's list.
      expect(app.supportedMethods).not.toContain('PROPFIND')
    },
  )

  itBoth('a body with a type no parser knows is refused with 415', async ({ send }) => {
    const app = makeApp()
    app.route({ method: 'PROPPATCH', url: '/dav', handler: async () => 'never' })
    const response = await send(app, {
      method: 'PROPPATCH',
      url: '/dav',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    })
    expect(response.statusCode).toBe(415)
  })
})
