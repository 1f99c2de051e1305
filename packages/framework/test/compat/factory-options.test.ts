import framework from 'framework'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

const poisoned = '{"a":1,"__proto__":{"admin":true}}'
const ctorPoisoned = '{"a":1,"constructor":{"prototype":{"admin":true}}}'

function post(payload: string) {
  return { method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload }
}

describe('onProtoPoisoning / onConstructorPoisoning', () => {
  itBoth("'error' (the default) answers 400 to either key", async ({ send }) => {
    const app = makeApp()
    app.post('/', async (request: any) => request.body)
    for (const body of [poisoned, ctorPoisoned]) {
      const response = await send(app, post(body))
      expect([response.statusCode, response.json()]).toEqual([
        400,
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Body contains a forbidden property name (__proto__ or constructor.prototype)',
          code: 'FRM_ERR_CTP_FORBIDDEN_PROPERTY',
        },
      ])
    }
  })

  itBoth("'remove' drops the key and the request goes on", async ({ send }) => {
    const app = makeApp({ onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' })
    app.post('/', async (request: any) => ({
      body: request.body,
      ownProto: Object.hasOwn(request.body, '__proto__'),
      polluted: ({} as any).admin ?? null,
    }))
    expect((await send(app, post(poisoned))).json()).toEqual({
      body: { a: 1 },
      ownProto: false,
      polluted: null,
    })
    expect((await send(app, post(ctorPoisoned))).json()).toEqual({
      body: { a: 1 },
      ownProto: false,
      polluted: null,
    })
  })

  itBoth("'ignore' keeps the keys as plain data, Object.prototype untouched", async ({ send }) => {
    const app = makeApp({ onProtoPoisoning: 'ignore', onConstructorPoisoning: 'ignore' })
    app.post('/', async (request: any) => ({
      keys: Object.keys(request.body),
      polluted: ({} as any).admin ?? null,
    }))
    expect((await send(app, post(poisoned))).json()).toEqual({
      keys: ['a', '__proto__'],
      polluted: null,
    })
    expect((await send(app, post(ctorPoisoned))).json()).toEqual({
      keys: ['a', 'constructor'],
      polluted: null,
    })
  })

  itBoth('each option governs its own key only', async ({ send }) => {
    const app = makeApp({ onProtoPoisoning: 'remove' })
    app.post('/', async (request: any) => request.body)
    expect((await send(app, post(poisoned))).json()).toEqual({ a: 1 })
    expect((await send(app, post(ctorPoisoned))).statusCode).toBe(400)
  })

  it('refuses an unknown action at creation, naming the option', () => {
    expect(() => framework({ onConstructorPoisoning: 'drop' as never })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_OPTION',
        message:
          "Option 'onConstructorPoisoning' is not valid: use 'error', 'remove' or 'ignore', received 'drop'",
      }),
    )
  })
})

describe('serializerOpts', () => {
  itBoth('reaches fast-json-stringify (rounding of integers)', async ({ send }) => {
    const schema = { response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } }
    const rounded = makeApp({ serializerOpts: { rounding: 'ceil' } })
    rounded.get('/', { schema }, async () => ({ n: 4.2 }))
    expect((await send(rounded, { url: '/' })).body).toBe('{"n":5}')
    const plain = makeApp()
    plain.get('/', { schema }, async () => ({ n: 4.2 }))
    expect((await send(plain, { url: '/' })).body).toBe('{"n":4}')
  })

  it('refuses an option fast-json-stringify does not take, or a bad value', () => {
    expect(() => framework({ serializerOpts: { rounding: 'up' as never } })).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_INVALID_OPTION',
        message:
          "Option 'serializerOpts.rounding' is not valid: Unsupported integer rounding method up",
      }),
    )
    expect(() => framework({ serializerOpts: 'fast' as never })).toThrow(
      "Option 'serializerOpts' is not valid: expected an object of fast-json-stringify options",
    )
  })
})

describe('options the framework does not implement', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each([['frameworkErrors', () => {}, 'use setErrorHandler()']])(
    'refuses the Fastify option %s, saying what to do',
    (name, value, advice) => {
      expect(() => framework({ [name]: value } as never)).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_OPTION_NOT_SUPPORTED',
          message: `Option '${name}' is a Fastify option the framework does not implement: ${advice}`,
        }),
      )
    },
  )

  it("accepts Fastify options set to the framework's own behaviour without a word", () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    makeApp({
      https: null,
      http2: false,
      trustProxy: false,
      jsonShorthand: true,
      return503OnClosing: false,
      disableRequestLogging: true,
      requestIdLogLabel: 'reqId',
    })
    expect(warnings).not.toHaveBeenCalled()
  })

  it('warns about ignored Fastify options and unknown ones, through the logger when on', () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    makeApp({ jsonShorthand: false, bodylimit: 5 })
    expect(warnings.mock.calls.map((call) => call[0])).toEqual([
      "framework: option 'jsonShorthand' is a Fastify option the framework does not implement, ignored: the shorthand schema syntax is always on (full schemas are used as they are)",
      "framework: option 'bodylimit' is unknown and ignored",
    ])
    const lines: string[] = []
    const logger = {
      level: 'warn',
      warn: (message: string) => lines.push(message),
      info() {},
      error() {},
      debug() {},
      fatal() {},
      trace() {},
      child() {
        return logger
      },
    }
    makeApp({ logger, jsonShorthand: false })
    expect(lines).toEqual([
      "framework: option 'jsonShorthand' is a Fastify option the framework does not implement, ignored: the shorthand schema syntax is always on (full schemas are used as they are)",
    ])
  })
})
