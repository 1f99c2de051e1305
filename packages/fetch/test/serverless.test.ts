import { describe, expect, it } from 'vitest'
import netlify, { config } from '../../../examples/serverless/netlify.mjs'
import { GET, POST } from '../../../examples/serverless/vercel.mjs'

// examples/serverless/vercel.mjs and netlify.mjs: the hosts call the exported functions with a
// `Request` and send the `Response` they return; so do these tests.

const json = { 'content-type': 'application/json' }

describe('[serverless] Vercel functions (Web handler exports)', () => {
  it('GET: params and query string validated and coerced', async () => {
    const response = await GET(new Request('https://app.vercel.app/api/users/42?full=true'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.text()).toBe('{"id":42,"full":true}')
  })

  it('POST: the body is validated (400) and serialized by the 201 schema', async () => {
    const created = await POST(
      new Request('https://app.vercel.app/api/users', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Ada', password: 'not serialized' }),
      }),
    )
    expect(created.status).toBe(201)
    expect(await created.text()).toBe('{"name":"Ada"}')
    const invalid = await POST(
      new Request('https://app.vercel.app/api/users', {
        method: 'POST',
        headers: json,
        body: '{}',
      }),
    )
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
  })

  it('several set-cookie headers stay separate', async () => {
    const response = await POST(
      new Request('https://app.vercel.app/api/session', {
        method: 'POST',
        headers: { ...json, cookie: 'session=abc' },
        body: '{}',
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual(['session=renewed', 'theme=dark'])
  })
})

describe('[serverless] Netlify functions (default export, config.path)', () => {
  it('routes /api/* to the function', () => {
    expect(config).toEqual({ path: '/api/*' })
  })

  it('answers a Request with the route, bytes as sent', async () => {
    const response = await netlify(new Request('https://app.netlify.app/api/pixel.png'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
  })

  it('an unknown path answers the framework 404', async () => {
    const response = await netlify(new Request('https://app.netlify.app/api/nothing'))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/api/nothing not found',
    })
  })
})
