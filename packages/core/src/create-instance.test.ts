import { defaultSchemaErrorFormatter } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { fakeCompilers } from '../test/helpers/fake-compilers.js'
import { FakeTransport } from '../test/helpers/fake-transport.js'
import { createInstance } from './index.js'

const base = () => {
  const { validatorCompiler, serializerCompiler, responseSelector } = fakeCompilers()
  return { transport: new FakeTransport(), validatorCompiler, serializerCompiler, responseSelector }
}

describe('createInstance', () => {
  it('returns a root instance with the whole surface', () => {
    const app = createInstance(base())
    for (const member of [
      'register',
      'after',
      'ready',
      'close',
      'listen',
      'inject',
      'decorate',
      'decorateRequest',
      'decorateReply',
      'hasDecorator',
      'hasRequestDecorator',
      'hasReplyDecorator',
      'addHook',
      'route',
      'get',
      'head',
      'post',
      'put',
      'patch',
      'delete',
      'options',
      'all',
      'addSchema',
      'getSchemas',
      'getSchema',
      'setValidatorCompiler',
      'setSerializerCompiler',
      'setErrorHandler',
      'setNotFoundHandler',
      'setSchemaErrorFormatter',
      'addContentTypeParser',
      'hasContentTypeParser',
      'removeContentTypeParser',
      'hasPlugin',
      'printRoutes',
      'printPlugins',
    ]) {
      expect([member, typeof (app as any)[member]]).toEqual([member, 'function'])
    }
    expect(typeof app.log.info).toBe('function')
    expect(app.server).toEqual({ fake: true })
  })

  it('refuses missing or malformed options, naming them', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { transport: undefined },
        "Option 'transport' is not valid: expected a Transport object, received undefined",
      ],
      [
        { transport: { mount() {} } },
        "Option 'transport' is not valid: transport.listen must be a function",
      ],
      [
        { validatorCompiler: 1 },
        "Option 'validatorCompiler' is not valid: expected a function, received number 1",
      ],
      [
        { serializerCompiler: null },
        "Option 'serializerCompiler' is not valid: expected a function, received null",
      ],
      [
        { responseSelector: {} },
        "Option 'responseSelector' is not valid: expected a function, received an object",
      ],
      [
        { bodyLimit: 0 },
        "Option 'bodyLimit' is not valid: use a positive integer (bytes), received number 0",
      ],
      [
        { pluginTimeout: -1 },
        "Option 'pluginTimeout' is not valid: use an integer number of milliseconds (0 for none), received number -1",
      ],
      [
        { genReqId: 'x' },
        "Option 'genReqId' is not valid: expected a function, received the string 'x'",
      ],
    ]
    for (const [override, message] of cases) {
      expect(() => createInstance({ ...base(), ...override } as never)).toThrow(
        expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION', message }),
      )
    }
    expect(() => createInstance({ ...base(), schemaErrorFormatter: 3 } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
        message:
          "schemaErrorFormatter option should be a non async function. Instead got 'number'.",
      }),
    )
    expect(() => createInstance(undefined as never)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
  })

  it('uses defaultSchemaErrorFormatter by default', async () => {
    const app = createInstance({ ...base(), schemaErrorFormatter: undefined })
    expect(typeof defaultSchemaErrorFormatter).toBe('function')
    app.get('/', { schema: { querystring: { type: 'object', required: ['q'] } } }, async () => 'x')
    expect((await app.inject('/')).json().message).toBe(
      "querystring should have required property 'q'",
    )
  })

  it('keeps two applications apart', async () => {
    const first = createInstance(base())
    const second = createInstance(base())
    first.decorate('only', 1)
    first.decorateRequest('mark', 'first')
    first.get('/', async (request) => (request as any).mark ?? 'none')
    second.get('/', async (request) => (request as any).mark ?? 'none')
    expect([
      second.hasDecorator('only'),
      (await first.inject('/')).body,
      (await second.inject('/')).body,
    ]).toEqual([false, 'first', 'none'])
  })
})
