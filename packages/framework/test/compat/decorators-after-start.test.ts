import framework from 'framework'
import { describe, expect, it } from 'vitest'

describe('[compat] decorators after start (Fastify 4.29 and 5)', () => {
  it('a listening instance refuses decorate, decorateRequest and decorateReply with FRM_ERR_DEC_AFTER_START, and keeps serving', async () => {
    const app = framework()
    app.get('/', async () => ({ hello: 'world' }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      for (const method of ['decorate', 'decorateRequest', 'decorateReply'] as const) {
        expect(() => (app as any)[method]('test', true)).toThrow(
          expect.objectContaining({
            code: 'FRM_ERR_DEC_AFTER_START',
            message: "The decorator 'test' has been added after start!",
          }),
        )
      }
      const response = await fetch(address)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ hello: 'world' })
    } finally {
      await app.close()
    }
  })

  it("an array given to decorateRequest is named by its typeof, as Fastify names it ('object')", () => {
    expect(() => framework().decorateRequest('test_array', [])).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DEC_REFERENCE_TYPE',
        message:
          "The decorator 'test_array' of type 'object' is a reference type. Use the { getter, setter } interface instead.",
      }),
    )
  })
})
