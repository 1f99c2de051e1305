import { codes, FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import framework, { errorCodes } from '../../src/index'
import * as libErrors from '../../src/lib/errors'
import { kRouteContext } from '../../src/lib/symbols'
import { itBoth, makeApp } from '../spec/helpers'

// Fastify's `errorCodes` and its module paths `fastify/lib/errors` and `fastify/lib/symbols`,
// which plugins' own test suites import (cors reads `request[kRouteContext]`, swagger builds
// `FST_ERR_SCH_ALREADY_PRESENT`).

describe('[compat] errorCodes', () => {
  it('has every catalogue code under Fastify spelling, on the factory too', () => {
    const expected = Object.keys(codes)
      .map((code) => code.replace(/^FRM_/, 'FST_'))
      .sort()
    expect(Object.keys(errorCodes).sort()).toEqual(expected)
    expect((framework as unknown as { errorCodes: unknown }).errorCodes).toBe(errorCodes)
  })

  it('answers under the framework spelling too, for code whose FST_ERR_ names were renamed', () => {
    expect(errorCodes.FRM_ERR_NOT_FOUND).toBe(errorCodes.FST_ERR_NOT_FOUND)
    const built = errorCodes.FRM_ERR_VALIDATION('custom error message')
    expect(built).toBeInstanceOf(errorCodes.FRM_ERR_VALIDATION)
    expect(built.message).toBe('custom error message')
    expect(Object.keys(errorCodes).some((name) => name.startsWith('FRM_'))).toBe(false)
  })

  it('builds the framework error of the code, with or without new', () => {
    const built = new errorCodes.FST_ERR_SCH_ALREADY_PRESENT('user')
    expect(built).toBeInstanceOf(FrameworkError)
    expect(built.code).toBe('FRM_ERR_SCH_ALREADY_PRESENT')
    expect(built.statusCode).toBe(500)
    expect(built.message).toBe("Schema with id 'user' already declared!")
    const called = errorCodes.FST_ERR_NOT_FOUND('GET', '/missing')
    expect(called.message).toBe(new errorCodes.FST_ERR_NOT_FOUND('GET', '/missing').message)
    expect(errorCodes.FST_ERR_NOT_FOUND.code).toBe('FRM_ERR_NOT_FOUND')
    expect(errorCodes.FST_ERR_NOT_FOUND.statusCode).toBe(404)
  })

  it('instanceof recognises an error the framework threw, of that code only', () => {
    const app = makeApp()
    app.addSchema({ $id: 'user', type: 'object' })
    let thrown: unknown
    try {
      app.addSchema({ $id: 'user', type: 'object' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(errorCodes.FST_ERR_SCH_ALREADY_PRESENT)
    expect(thrown).not.toBeInstanceOf(errorCodes.FST_ERR_SCH_MISSING_ID)
    expect(new Error('plain')).not.toBeInstanceOf(errorCodes.FST_ERR_SCH_ALREADY_PRESENT)
    // node:assert's throws(fn, error) compares name, message and the expected error's own keys
    expect(thrown).toMatchObject({
      name: 'FrameworkError',
      message: new errorCodes.FST_ERR_SCH_ALREADY_PRESENT('user').message,
      code: 'FRM_ERR_SCH_ALREADY_PRESENT',
    })
  })
})

describe('[compat] framework/lib/errors', () => {
  it('exports each errorCodes constructor by name', () => {
    const { errorCodes: fromModule, ...named } = libErrors
    expect(fromModule).toBe(errorCodes)
    expect(named).toEqual({ ...errorCodes })
  })
})

describe('[compat] framework/lib/symbols', () => {
  itBoth(
    'request[kRouteContext] holds the route config and hook lists, null when empty',
    async ({ send }) => {
      const app = makeApp()
      const seen: Record<string, unknown>[] = []
      app.addHook('onRequest', async () => {})
      app.addHook('onResponse', async (request: any) => {
        const context = request[kRouteContext]
        seen.push({
          onRequest: context.onRequest?.length,
          preHandler: context.preHandler,
          onSend: context.onSend,
          onError: context.onError,
          preValidation: context.preValidation,
          preParsing: context.preParsing,
          preSerialization: context.preSerialization,
          onResponse: context.onResponse?.length,
        })
      })
      app.get(
        '/',
        { preHandler: async () => {}, config: { area: 'home' } },
        async (request: any) => {
          expect(request[kRouteContext].config).toEqual(request.routeOptions.config)
          expect(request[kRouteContext].config).toMatchObject({ area: 'home' })
          return 'ok'
        },
      )
      app.get('/plain', async () => 'plain')
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('ok')
      await send(app, { url: '/plain' })
      await new Promise((resolve) => setImmediate(resolve))
      const emptyHooks = {
        onSend: null,
        onError: null,
        preValidation: null,
        preParsing: null,
        preSerialization: null,
        onRequest: 1,
        onResponse: 1,
      }
      expect(seen).toEqual([
        { ...emptyHooks, preHandler: [expect.anything()] },
        { ...emptyHooks, preHandler: null },
      ])
    },
  )
})
