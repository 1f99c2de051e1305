import multipart from '@fastify/multipart'
import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// An Ajv keyword that rewrites its schema while compiling shows in the route's schema, as in
// Fastify (issue 30): @fastify/multipart's `isFile` keyword turns `{ isFile: true }` into
// `{ type: 'string', format: 'binary' }`, which @fastify/swagger then documents.

describe('[compat] Ajv keywords that rewrite the schema', () => {
  itBoth(
    'the rewrite shows in request.routeOptions.schema, for every route using it',
    async ({ send }) => {
      const app = makeApp({ ajv: { plugins: [(multipart as any).ajvFilePlugin] } })
      const body = () => ({
        type: 'object',
        properties: { upload: { isFile: true }, note: { type: 'string' } },
      })
      const handler = (request: any, reply: any) => {
        reply.code(202)
        return request.routeOptions.schema.body.properties
      }
      app.post('/first', { schema: { body: body() } }, handler)
      app.post('/second', { schema: { body: body() } }, handler)
      for (const url of ['/first', '/second']) {
        const response = await send(app, { method: 'POST', url, payload: { note: 'n' } })
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          202,
          { upload: { type: 'string', format: 'binary' }, note: { type: 'string' } },
        ])
      }
    },
  )
})
