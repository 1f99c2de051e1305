import { describe, expect } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify 4.29's rules for a `/` route under a prefix with the router's slash options.

const helloUnder = (routeOptions: Record<string, unknown> = {}) => {
  return async (child: any) => {
    child.route({
      method: 'GET',
      url: '/',
      ...routeOptions,
      handler: async () => ({ hello: 'world' }),
    })
    child.get('/users', async () => 'users')
  }
}

async function statusOf(send: any, app: any, url: string): Promise<[number, string]> {
  const response = await send(app, { url })
  return [response.statusCode, response.body]
}

describe('[compat] a / route under a prefix', () => {
  itBoth('ignoreTrailingSlash: both forms answer, and ready() does not fail', async ({ send }) => {
    const app = makeApp({ ignoreTrailingSlash: true })
    app.register(helloUnder(), { prefix: '/prefix' })
    await app.ready()
    expect(await statusOf(send, app, '/prefix')).toEqual([200, '{"hello":"world"}'])
    expect(await statusOf(send, app, '/prefix/')).toEqual([200, '{"hello":"world"}'])
    expect(await statusOf(send, app, '/prefix/users/')).toEqual([200, 'users'])
  })

  itBoth('ignoreDuplicateSlashes: both forms answer, // merged', async ({ send }) => {
    const app = makeApp({ ignoreDuplicateSlashes: true })
    app.register(helloUnder(), { prefix: '/prefix' })
    expect((await statusOf(send, app, '/prefix'))[0]).toBe(200)
    expect((await statusOf(send, app, '/prefix/'))[0]).toBe(200)
    expect((await statusOf(send, app, '/prefix//users'))[0]).toBe(200)
  })

  itBoth('a /prefix/ prefix: / answers /prefix/ only', async ({ send }) => {
    const app = makeApp()
    app.register(helloUnder(), { prefix: '/prefix/' })
    expect((await statusOf(send, app, '/prefix'))[0]).toBe(404)
    expect(await statusOf(send, app, '/prefix/')).toEqual([200, '{"hello":"world"}'])
    expect(await statusOf(send, app, '/prefix/users')).toEqual([200, 'users'])
  })

  itBoth('a /prefix/ prefix with ignoreDuplicateSlashes answers /prefix//', async ({ send }) => {
    const app = makeApp({ ignoreDuplicateSlashes: true, ignoreTrailingSlash: true })
    app.register(helloUnder(), { prefix: '/prefix/' })
    expect((await statusOf(send, app, '/prefix//'))[0]).toBe(200)
    expect((await statusOf(send, app, '/prefix/'))[0]).toBe(200)
  })

  itBoth('a plain prefix keeps answering both forms by default', async ({ send }) => {
    const app = makeApp()
    app.register(helloUnder(), { prefix: '/prefix' })
    expect((await statusOf(send, app, '/prefix'))[0]).toBe(200)
    expect((await statusOf(send, app, '/prefix/'))[0]).toBe(200)
  })
})
