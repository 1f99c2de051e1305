import { describe, expect, it } from 'vitest'
import type { ResponseValidatorCompileInput, ValidateFunction } from '../src/index.js'
import { createApp } from '../test/helpers/app.js'

const user = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }

/** A response validator factory that records what it compiles and fails payloads without a name. */
function recordingValidator() {
  const compiled: Array<Omit<ResponseValidatorCompileInput, 'schema'>> = []
  const factory = () => (input: ResponseValidatorCompileInput) => {
    compiled.push({ method: input.method, url: input.url, httpStatus: input.httpStatus })
    const validate: ValidateFunction = (data) =>
      typeof (data as { name?: unknown }).name === 'string'
        ? true
        : { error: [{ instancePath: '/name', message: 'is missing' }] }
    return validate
  }
  return { compiled, factory }
}

describe('response validation (API.md "Response validation")', () => {
  it('is off by default: no response check is compiled, so no request runs one', async () => {
    const { compiled, factory } = recordingValidator()
    const { app } = createApp({ responseValidatorCompiler: factory })
    const loose = { type: 'object', properties: { name: { type: 'string' } } }
    app.get('/u', { schema: { response: { 200: loose } } }, async () => ({ other: 1 }))
    const res = await app.inject('/u')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('{}')
    expect(compiled).toEqual([])
  })

  it('compiles one check per response key at ready, and a failure is a coded 500', async () => {
    const { compiled, factory } = recordingValidator()
    const { app } = createApp({ responseValidatorCompiler: factory, responseValidation: true })
    app.get('/u', { schema: { response: { 200: user, '4xx': user } } }, async (request) =>
      (request.query as { ok?: string }).ok ? { name: 'a' } : { nope: 1 },
    )
    await app.ready()
    expect(compiled).toEqual([
      { method: 'GET', url: '/u', httpStatus: '200' },
      { method: 'GET', url: '/u', httpStatus: '4xx' },
      { method: 'HEAD', url: '/u', httpStatus: '200' },
      { method: 'HEAD', url: '/u', httpStatus: '4xx' },
    ])
    expect((await app.inject('/u?ok=1')).statusCode).toBe(200)
    const failed = await app.inject('/u')
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Response validation failed for GET /u (status 200): /name is missing',
      code: 'FRM_ERR_RESPONSE_VALIDATION',
    })
  })

  it('answers 500 for a check that answers with a promise (response checks are synchronous)', async () => {
    const { app } = createApp({
      responseValidation: true,
      responseValidatorCompiler: () => () => async () => true,
    })
    app.get('/u', { schema: { response: { 200: user } } }, async () => ({ name: 'a' }))
    const res = await app.inject('/u')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe(
      'Response validation failed for GET /u (status 200): the response schema validated asynchronously, which response validation does not support: use a synchronous schema',
    )
  })

  it('fails ready when a route turns it on and no response validator compiler was given', async () => {
    const { app } = createApp()
    app.get(
      '/u',
      { responseValidation: true, schema: { response: { 200: user } } },
      async () => ({}),
    )
    await expect(app.ready()).rejects.toThrow(
      'Failed building the serialization schema for GET: /u, due to error responseValidation is on, but createInstance received no responseValidatorCompiler (status: 200)',
    )
  })

  it('refuses malformed options at creation', () => {
    expect(() => createApp({ responseValidation: 'yes' as never })).toThrow(
      "Option 'responseValidation' is not valid",
    )
    expect(() => createApp({ responseValidatorCompiler: {} as never })).toThrow(
      "Option 'responseValidatorCompiler' is not valid",
    )
    expect(() => createApp({ sharedSchemaAdapter: 1 as never })).toThrow(
      "Option 'sharedSchemaAdapter' is not valid",
    )
  })
})

describe('the shared-schema adapter', () => {
  it('turns what addSchema receives into the schema the registry keeps', () => {
    const { app } = createApp({
      sharedSchemaAdapter: (schema) =>
        'toJson' in schema ? (schema as { toJson: () => object }).toJson() : schema,
    })
    app.addSchema({ toJson: () => ({ $id: 'converted', type: 'string' }) })
    app.addSchema({ $id: 'plain', type: 'number' })
    expect(app.getSchemas()).toEqual({
      converted: { $id: 'converted', type: 'string' },
      plain: { $id: 'plain', type: 'number' },
    })
  })
})
