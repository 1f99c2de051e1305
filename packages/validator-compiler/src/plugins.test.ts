import Ajv from 'ajv'
import ajvErrors from 'ajv-errors'
import ajvMergePatch from 'ajv-merge-patch'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { run, setup, thrown } from '../test/support.js'
import { type AjvPlugin, buildValidatorCompiler } from './index.js'

const ALL_ERRORS_WARNING =
  'validator.customOptions.allErrors is true: Ajv will check every keyword of every request part instead of stopping at the first error, which lets a crafted request make validation slow (a denial-of-service risk). Keep allErrors false unless you need every error, for example for the errorMessage keyword of ajv-errors.'

describe('[4.2.6] validator plugins', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('[4.2.6] each plugin is called with the Ajv instance, and its options when given as a pair', () => {
    const calls: unknown[][] = []
    const plain: AjvPlugin = (...args) => calls.push(['plain', ...args])
    const withOptions: AjvPlugin = (...args) => calls.push(['pair', ...args])
    const options = { level: 2 }
    setup({}, { plugins: [plain, [withOptions, options]] })
    expect(calls).toHaveLength(2)
    expect(calls[0]?.[0]).toBe('plain')
    expect(calls[0]?.[1]).toBeInstanceOf(Ajv)
    expect(calls[0]).toHaveLength(2)
    expect(calls[1]?.[0]).toBe('pair')
    expect(calls[1]?.[1]).toBe(calls[0]?.[1])
    expect(calls[1]?.[2]).toBe(options)
  })

  it('[4.2.6] $merge (source and with) through ajv-merge-patch, with a shared source', () => {
    const { compile } = setup(
      {
        base: {
          $id: 'base',
          type: 'object',
          properties: { a: { type: 'string' } },
          additionalProperties: false,
        },
      },
      { plugins: [ajvMergePatch] },
    )
    const validate = compile({
      $merge: {
        source: { $ref: 'base#' },
        with: { properties: { b: { type: 'integer' } }, required: ['b'] },
      },
    })
    expect(run(validate, { a: 'x', b: '3', c: 1 })).toEqual({
      valid: true,
      data: { a: 'x', b: 3 },
      errors: null,
    })
    expect(run(validate, { a: 'x' }).errors?.[0]?.params).toEqual({ missingProperty: 'b' })
  })

  it('[4.2.6] $patch (source and with as JSON Patch) through ajv-merge-patch', () => {
    const { compile } = setup({}, { plugins: [ajvMergePatch] })
    const validate = compile({
      $patch: {
        source: { type: 'object', properties: { a: { type: 'string' } } },
        with: [{ op: 'add', path: '/properties/b', value: { type: 'boolean' } }],
      },
    })
    expect(run(validate, { a: 'x', b: 'true' })).toEqual({
      valid: true,
      data: { a: 'x', b: true },
      errors: null,
    })
    expect(run(validate, { b: 'maybe' }).errors?.[0]?.message).toBe('must be boolean')
  })

  it('[4.2.6] ajv-errors: errorMessage as a string replaces the errors', () => {
    const { compile } = setup(
      {},
      { plugins: [ajvErrors], customOptions: { allErrors: true, jsonPointers: true } },
    )
    const validate = compile({
      type: 'object',
      properties: { age: { type: 'integer', minimum: 0 } },
      required: ['age'],
      errorMessage: 'an age is needed, as a whole number from 0',
    })
    const errors = run(validate, { age: -1 }).errors
    expect(errors).toHaveLength(1)
    expect(errors?.[0]?.keyword).toBe('errorMessage')
    expect(errors?.[0]?.message).toBe('an age is needed, as a whole number from 0')
  })

  it('[4.2.6] ajv-errors: errorMessage as an object with a nested required', () => {
    const { compile } = setup(
      {},
      { plugins: [ajvErrors], customOptions: { allErrors: true, jsonPointers: true } },
    )
    const validate = compile({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      errorMessage: { type: 'should be an object', required: { name: 'a name is required' } },
    })
    expect(run(validate, {}).errors?.map((e) => e.message)).toEqual(['a name is required'])
    expect(run(validate, 5).errors?.map((e) => e.message)).toEqual(['should be an object'])
  })

  it('[4.2.6] allErrors: true warns once per compiler built, however many sets and routes', () => {
    const warnings: string[] = []
    const factory = buildValidatorCompiler({
      customOptions: { allErrors: true, jsonPointers: true },
      plugins: [ajvErrors],
      onWarning: (message) => warnings.push(message),
    })
    const first = factory({})
    const second = factory({ a: { $id: 'a', type: 'string' } })
    first({ schema: { type: 'object' }, method: 'GET', url: '/1', httpPart: 'querystring' })
    second({ schema: { $ref: 'a#' }, method: 'POST', url: '/2', httpPart: 'body' })
    expect(warnings).toEqual([ALL_ERRORS_WARNING])
  })

  it('allErrors false gives no warning; by default warnings go to process.emitWarning', () => {
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    buildValidatorCompiler()({})
    expect(emit).not.toHaveBeenCalled()
    buildValidatorCompiler({ customOptions: { allErrors: true } })({})
    expect(emit).toHaveBeenCalledTimes(1)
    expect(emit).toHaveBeenCalledWith(ALL_ERRORS_WARNING, 'FrameworkWarning')
  })

  it('[4.2.6] a plugin entry that is not a function fails at once, naming its index', () => {
    const error = thrown(() =>
      buildValidatorCompiler({ plugins: [ajvErrors, 'ajv-keywords' as unknown as AjvPlugin] }),
    )
    expect(error.code).toBe('FRM_ERR_VALIDATOR_PLUGIN')
    expect(error.message).toBe(
      'validator.plugins[1] must be a function or a [function, options] pair, received the string "ajv-keywords"',
    )
    const pair = thrown(() =>
      buildValidatorCompiler({ plugins: [[{ default: ajvErrors } as unknown as AjvPlugin, {}]] }),
    )
    expect(pair.message).toBe(
      'validator.plugins[0] must be a function or a [function, options] pair, received an array whose first item is a module object (pass its default export)',
    )
  })

  it('a plugin that throws fails with FRM_ERR_PLUGIN_FAILED naming it', () => {
    function brokenPlugin(): never {
      throw new Error('needs Ajv 6')
    }
    const error = thrown(() => setup({}, { plugins: [brokenPlugin] }))
    expect(error.code).toBe('FRM_ERR_PLUGIN_FAILED')
    expect(error.message).toBe(
      "Plugin 'validator.plugins[0] (brokenPlugin)' failed to load: needs Ajv 6",
    )
  })
})

describe('ajv-formats given as a plugin', () => {
  it('replaces the default one (no "already defined"), with its own options', async () => {
    const { default: addFormats } = await import('ajv-formats')
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        mail: { type: 'string', format: 'email' },
      },
    }
    const { compile } = setup({}, { plugins: [addFormats] })
    const validate = compile(schema)
    expect(run(validate, { id: '254381a5-888c-4b41-8116-e3b1a54980bd' }).valid).toBe(true)
    const bad = run(validate, { id: 'invalid' })
    expect([bad.valid, bad.errors?.[0]?.message]).toEqual([false, 'must match format "uuid"'])
    // With options: only the formats named are there; another one is unknown, which Ajv's strict
    // mode refuses (as Fastify 5's validator does).
    const onlyUuid = setup({}, { plugins: [[addFormats, ['uuid']]] })
    expect(run(onlyUuid.compile(schema.properties.id), 'x').valid).toBe(false)
    expect(() => onlyUuid.compile(schema)).toThrow('unknown format "email" ignored in schema')
  })
})
