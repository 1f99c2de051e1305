import framework from 'framework'
import { kDisplayName, kSkipOverride } from 'framework-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, clients, type Send } from '../test/client.js'
import { bearerAuth } from './bearer-auth.js'

const missingBody = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Missing or malformed authorization header: send "Authorization: Bearer <key>"',
}
const invalidBody = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Authorization key is not valid',
}

/**
 * The context tree under test:
 *
 *   root                 GET /public, onSend and onResponse hooks
 *   ├─ api (/api)        GET /api/before (declared before the plugin), bearerAuth, GET /api/data,
 *   │  │                 POST /api/items (body schema)
 *   │  └─ admin (/admin) GET /api/admin/stats
 *   └─ open (/open)      GET /open/info
 */
function buildApp(handled: string[], responses: number[]): App {
  const app = framework()
  app.addHook('onSend', async (_request: unknown, reply: any, payload: unknown) => {
    reply.header('x-seen-by-on-send', 'yes')
    return payload
  })
  app.addHook('onResponse', async (_request: unknown, reply: any) => {
    responses.push(reply.statusCode)
  })
  app.get('/public', async () => {
    handled.push('public')
    return { route: 'public' }
  })
  app.register(
    async (api: any) => {
      api.get('/before', async () => {
        handled.push('before')
        return { route: 'before' }
      })
      api.register(bearerAuth, { keys: ['k1', 'k2-longer-key'] })
      api.get('/data', async () => {
        handled.push('data')
        return { route: 'data' }
      })
      api.post(
        '/items',
        {
          schema: {
            body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          },
        },
        async () => {
          handled.push('items')
          return { route: 'items' }
        },
      )
      api.register(
        async (admin: any) => {
          admin.get('/stats', async () => {
            handled.push('stats')
            return { route: 'stats' }
          })
        },
        { prefix: '/admin' },
      )
    },
    { prefix: '/api' },
  )
  app.register(
    async (open: any) => {
      open.get('/info', async () => {
        handled.push('info')
        return { route: 'info' }
      })
    },
    { prefix: '/open' },
  )
  return app
}

describe('bearerAuth', () => {
  it('is wrapped with framework-plugin, so it protects the context that registers it', () => {
    expect(bearerAuth[kSkipOverride]).toBe(true)
    expect(bearerAuth[kDisplayName]).toBe('@framework/bearer-auth')
  })
})

describe.each(clients)('bearer-auth scope and replies ($name)', (client) => {
  const handled: string[] = []
  const responses: number[] = []
  let app: App
  let send: Send

  beforeAll(async () => {
    app = buildApp(handled, responses)
    send = await client.connect(app)
  })
  afterAll(async () => {
    await app.close()
  })

  const expectMissing = (answer: Awaited<ReturnType<Send>>) => {
    expect(answer.status).toBe(401)
    expect(answer.header('www-authenticate')).toBe('Bearer')
    expect(answer.header('content-type')).toBe('application/json; charset=utf-8')
    expect(answer.json()).toEqual(missingBody)
  }
  const expectInvalid = (answer: Awaited<ReturnType<Send>>) => {
    expect(answer.status).toBe(401)
    expect(answer.header('www-authenticate')).toBe('Bearer error="invalid_token"')
    expect(answer.header('content-type')).toBe('application/json; charset=utf-8')
    expect(answer.json()).toEqual(invalidBody)
  }

  it('[5] leaves the parent context unprotected', async () => {
    const answer = await send('GET', '/public')
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual({ route: 'public' })
  })

  it('[5] leaves a sibling context unprotected', async () => {
    const answer = await send('GET', '/open/info')
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual({ route: 'info' })
  })

  it('[5] answers 401 with WWW-Authenticate: Bearer when the header is missing', async () => {
    handled.length = 0
    expectMissing(await send('GET', '/api/data'))
    expect(handled).toEqual([])
  })

  it('[5] treats another scheme, or a scheme with no key, as a missing credential', async () => {
    handled.length = 0
    expectMissing(await send('GET', '/api/data', { authorization: 'Basic azE6cGFzcw==' }))
    expectMissing(await send('GET', '/api/data', { authorization: 'k1' }))
    expectMissing(await send('GET', '/api/data', { authorization: 'Bearer' }))
    expectMissing(await send('GET', '/api/data', { authorization: 'Bearerk1' }))
    expect(handled).toEqual([])
  })

  it('[5] answers 401 with error="invalid_token" for a wrong key', async () => {
    handled.length = 0
    expectInvalid(await send('GET', '/api/data', { authorization: 'Bearer nope' }))
    // Same length as a real key, a prefix of one, an extension of one, another case.
    expectInvalid(await send('GET', '/api/data', { authorization: 'Bearer k3' }))
    expectInvalid(await send('GET', '/api/data', { authorization: 'Bearer k2-longer' }))
    expectInvalid(await send('GET', '/api/data', { authorization: 'Bearer k1k1' }))
    expectInvalid(await send('GET', '/api/data', { authorization: 'Bearer K1' }))
    expect(handled).toEqual([])
  })

  it('[5] lets a right key through, any of the keys, with the scheme in any case', async () => {
    handled.length = 0
    for (const authorization of ['Bearer k1', 'Bearer k2-longer-key', 'bearer k1', 'BEARER k1']) {
      const answer = await send('GET', '/api/data', { authorization })
      expect(answer.status).toBe(200)
      expect(answer.json()).toEqual({ route: 'data' })
    }
    expect(handled).toEqual(['data', 'data', 'data', 'data'])
  })

  it('[5] protects a grandchild context: it inherits the protection', async () => {
    handled.length = 0
    expectMissing(await send('GET', '/api/admin/stats'))
    expectInvalid(await send('GET', '/api/admin/stats', { authorization: 'Bearer k2' }))
    const answer = await send('GET', '/api/admin/stats', { authorization: 'Bearer k2-longer-key' })
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual({ route: 'stats' })
    expect(handled).toEqual(['stats'])
  })

  it('protects a route declared in the context before the plugin was registered', async () => {
    handled.length = 0
    expectMissing(await send('GET', '/api/before'))
    const answer = await send('GET', '/api/before', { authorization: 'Bearer k1' })
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual({ route: 'before' })
    expect(handled).toEqual(['before'])
  })

  it('checks the key before the body is parsed: malformed JSON without a key is a 401', async () => {
    const json = { 'content-type': 'application/json' }
    expectMissing(await send('POST', '/api/items', json, '{"name":'))
    expectInvalid(await send('POST', '/api/items', { ...json, authorization: 'Bearer x' }, '{'))
    const parsed = await send('POST', '/api/items', { ...json, authorization: 'Bearer k1' }, '{')
    expect(parsed.status).toBe(400)
  })

  it('checks the key before validation: an invalid body without a key is a 401', async () => {
    handled.length = 0
    const json = { 'content-type': 'application/json' }
    expectMissing(await send('POST', '/api/items', json, '{}'))
    const validated = await send(
      'POST',
      '/api/items',
      { ...json, authorization: 'Bearer k1' },
      '{}',
    )
    expect(validated.status).toBe(400)
    expect(validated.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
    const created = await send(
      'POST',
      '/api/items',
      { ...json, authorization: 'Bearer k1' },
      '{"name":"x"}',
    )
    expect(created.status).toBe(200)
    expect(handled).toEqual(['items'])
  })

  it('protects the automatic HEAD route of a protected GET route', async () => {
    const denied = await send('HEAD', '/api/data')
    expect(denied.status).toBe(401)
    expect(denied.header('www-authenticate')).toBe('Bearer')
    expect(denied.body).toBe('')
    const allowed = await send('HEAD', '/api/data', { authorization: 'Bearer k1' })
    expect(allowed.status).toBe(200)
  })

  it("sends the 401 through the instance's reply path: onSend and onResponse hooks see it", async () => {
    responses.length = 0
    const answer = await send('GET', '/api/data', { authorization: 'Bearer wrong' })
    expect(answer.status).toBe(401)
    expect(answer.header('x-seen-by-on-send')).toBe('yes')
    // onResponse runs once the response is written, so the client may see the answer first.
    await expect.poll(() => responses).toEqual([401])
  })
})

describe.each(clients)('bearer-auth with a response schema ($name)', (client) => {
  it("serializes the 401 with the route's response schema for 401, like any reply", async () => {
    const app = framework()
    app.register(bearerAuth, { keys: ['k1'] })
    app.get(
      '/shaped',
      {
        schema: {
          response: {
            200: { type: 'object', properties: { ok: { type: 'boolean' } } },
            401: { type: 'object', properties: { message: { type: 'string' } } },
          },
        },
      },
      async () => ({ ok: true, extra: 'dropped' }),
    )
    try {
      const send = await client.connect(app)
      const denied = await send('GET', '/shaped', { authorization: 'Bearer k2' })
      expect(denied.status).toBe(401)
      expect(denied.json()).toEqual({ message: 'Authorization key is not valid' })
      const allowed = await send('GET', '/shaped', { authorization: 'Bearer k1' })
      expect(allowed.json()).toEqual({ ok: true })
    } finally {
      await app.close()
    }
  })
})

describe.each(clients)('bearer-auth and not-found requests ($name)', (client) => {
  const build = (ownNotFound: boolean): App => {
    const app = framework()
    app.register(
      async (api: any) => {
        api.register(bearerAuth, { keys: ['k1'] })
        if (ownNotFound) {
          api.setNotFoundHandler(async (request: any, reply: any) =>
            reply.code(404).send({ missing: request.url }),
          )
        }
        api.get('/data', async () => ({ data: true }))
      },
      { prefix: '/api' },
    )
    return app
  }

  it("answers an unknown path under a protected prefix with the parent's 404, no key asked", async () => {
    const app = build(false)
    try {
      const send = await client.connect(app)
      const answer = await send('GET', '/api/nope')
      expect(answer.status).toBe(404)
      expect(answer.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET:/api/nope not found',
      })
    } finally {
      await app.close()
    }
  })

  it('asks for the key on unknown paths once the protected context has its own not-found handler', async () => {
    const app = build(true)
    try {
      const send = await client.connect(app)
      const denied = await send('GET', '/api/nope')
      expect(denied.status).toBe(401)
      expect(denied.header('www-authenticate')).toBe('Bearer')
      const allowed = await send('GET', '/api/nope', { authorization: 'Bearer k1' })
      expect(allowed.status).toBe(404)
      expect(allowed.json()).toEqual({ missing: '/api/nope' })
    } finally {
      await app.close()
    }
  })
})
