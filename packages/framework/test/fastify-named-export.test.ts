import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, expectTypeOf, it } from 'vitest'
import framework, { type FastifyInstance, fastify, type Instance } from '../src/index.js'

/** GET `path` on 127.0.0.1:`port`, over a real socket. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

// `import { fastify } from 'framework'` as `import { fastify } from 'fastify'`: the named export
// is the factory itself.
describe('the named export fastify', () => {
  it('is the factory (the default and the framework export)', () => {
    expect(fastify).toBe(framework)
    expectTypeOf(fastify).toEqualTypeOf(framework)
    expectTypeOf(fastify()).toEqualTypeOf<Instance>()
    expectTypeOf(fastify()).toMatchTypeOf<FastifyInstance>()
  })

  it('builds an app that answers over inject and over a socket', async () => {
    const app = fastify({ logger: false })
    app.get(
      '/hello/:name',
      {
        schema: {
          params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
      async (req) => ({ hello: req.params.name }),
    )
    const injected = await app.inject({ url: '/hello/inject' })
    expect(injected.statusCode).toBe(200)
    expect(injected.json()).toEqual({ hello: 'inject' })

    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const { port } = app.server.address() as AddressInfo
      const answer = await get(port, '/hello/socket')
      expect(answer).toEqual({ status: 200, body: '{"hello":"socket"}' })
    } finally {
      await app.close()
    }
  })
})
