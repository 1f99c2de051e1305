import framework from 'framework'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The framework's own answers, as the generated types name them (`BadRequestBody`, ...): these
 * tests pin the bodies the types promise to what the framework really sends.
 */
const app = framework({ bodyLimit: 32 })
app.post(
  '/things',
  { schema: { body: { type: 'object', properties: { name: { type: 'string' } } } } },
  async () => ({ ok: true }),
)
app.get('/boom', async () => {
  throw new Error('boom')
})
afterAll(() => app.close())

const json = { 'content-type': 'application/json' }

describe('the framework answers the generated types name', () => {
  it('400 BadRequestBody: malformed JSON (with its code)', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', headers: json, payload: '{' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'FRM_ERR_CTP_INVALID_JSON_BODY',
    })
  })

  it('413 PayloadTooLargeBody', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(64) })
    const res = await app.inject({ method: 'POST', url: '/things', headers: json, payload })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
      message: 'Request body is too large',
    })
  })

  it('415 UnsupportedMediaTypeBody', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' })
  })

  it('404 NotFoundBody and 500 InternalServerErrorBody', async () => {
    const missing = await app.inject({ method: 'GET', url: '/missing' })
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/missing not found',
    })
    const boom = await app.inject({ method: 'GET', url: '/boom' })
    expect(boom.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'boom',
    })
  })
})
