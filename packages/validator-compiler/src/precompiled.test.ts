import Ajv from 'ajv'
import ajvErrors from 'ajv-errors'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadModule } from '../test/load-module.js'
import { run } from '../test/support.js'
import { buildValidatorCompiler } from './build-validator-compiler.js'
import type { ValidatorCompileInput, ValidatorCompilerOptions } from './index.js'
import { ValidatorCollector } from './validator-collector.js'

// A module built by the collector gives the compiler its validators back: they must answer exactly
// as compiled ones, and anything that changed since the build must be compiled anew.

const address = {
  $id: 'address',
  type: 'object',
  required: ['city'],
  properties: {
    city: { type: 'string' },
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
    country: { type: 'string', default: 'FR' },
  },
}
const shared = { address }

const body = {
  type: 'object',
  required: ['email', 'age'],
  properties: {
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    score: { type: 'number' },
    site: { type: 'string', format: 'uri' },
    when: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 2 },
    home: { $ref: 'address#' },
    role: { type: 'string', enum: ['a', 'b'], default: 'a' },
  },
}
const query = {
  limit: { type: 'integer', maximum: 100 },
  tag: { type: 'array', items: { type: 'string' } },
}
const headers = {
  type: 'object',
  required: ['X-Key'],
  properties: { 'X-Key': { type: 'string', minLength: 3 } },
}

const routes: ValidatorCompileInput[] = [
  { schema: body, method: 'POST', url: '/users', httpPart: 'body' },
  { schema: query, method: 'GET', url: '/users', httpPart: 'querystring' },
  { schema: headers, method: 'GET', url: '/users', httpPart: 'headers' },
  { schema: { $ref: 'address#' }, method: 'PUT', url: '/home', httpPart: 'body' },
]

const bodies: unknown[] = [
  { email: 'a@b.co', age: '42', extra: 1, home: { city: 'Paris', zip: '75001', x: 1 } },
  { email: 'not-an-email', age: 1 },
  { email: 'a@b.co', age: 'Infinity' },
  { email: 'a@b.co', age: 1, score: '1e400' },
  { email: 'a@b.co', age: 200 },
  { email: 'a@b.co', age: 2, site: 'not a uri', when: 'yesterday' },
  { email: 'a@b.co', age: 2, tags: ['abcd'] },
  { email: 'a@b.co', age: 2, home: { zip: '1' } },
  { email: 'a@b.co', age: 2, role: 'c' },
  null,
]
const inputs: Record<string, unknown[]> = {
  body: bodies,
  querystring: [{ limit: '5', tag: 'x' }, { limit: '500' }, { limit: 'Infinity' }, {}],
  headers: [{ 'x-key': 'abcd', other: '1' }, { 'x-key': 'a' }, {}],
}

/** Builds the module of `routes` and returns what a fresh process would load. */
function buildModule(
  options: ValidatorCompilerOptions = {},
  list = routes,
  sharedSchemas = shared,
) {
  const collector = new ValidatorCollector()
  const compile = buildValidatorCompiler({ ...options, collector })(sharedSchemas)
  for (const input of list) compile(input)
  return { module: loadModule(collector.code()), collector }
}

function compilerWith(options: ValidatorCompilerOptions, sharedSchemas = shared) {
  const warnings: string[] = []
  const compile = buildValidatorCompiler({ onWarning: (m) => warnings.push(m), ...options })(
    sharedSchemas,
  )
  return { compile, warnings }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('precompiled validators', () => {
  it('answer exactly as compiled ones: result, coerced data, defaults, removed fields, errors', () => {
    const { module } = buildModule()
    const compiled = compilerWith({}).compile
    const precompiled = compilerWith({ precompiled: module }).compile
    for (const input of routes) {
      const part = input.httpPart
      for (const data of inputs[part === 'body' ? 'body' : part]!) {
        const expected = run(compiled(input), structuredClone(data))
        const actual = run(precompiled(input), structuredClone(data))
        expect(actual, `${input.url} ${part} ${JSON.stringify(data)}`).toEqual(expected)
      }
    }
  })

  it('compile nothing that the module holds', () => {
    const { module, collector } = buildModule()
    expect(collector.size).toBe(routes.length)
    expect(collector.skipped).toEqual([])
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const added = vi.spyOn(Ajv.prototype, 'addSchema')
    const { compile } = compilerWith({ precompiled: module })
    for (const input of routes) compile(input)
    expect(spy).not.toHaveBeenCalled()
    // Not even an Ajv instance for the shared schemas: the module's set had them, valid.
    expect(added).not.toHaveBeenCalled()
  })

  it('refuse non-finite coerced numbers in standalone code too', () => {
    const { module } = buildModule()
    const validate = compilerWith({ precompiled: module }).compile(routes[0]!)
    const result = run(validate, { email: 'a@b.co', age: '1e400' })
    expect(result.valid).toBe(false)
    expect(result.errors?.[0]).toMatchObject({ instancePath: '/age', message: 'must be integer' })
  })

  it('compile a changed route schema anew, never serving the stale validator', () => {
    const { module } = buildModule()
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const edited = structuredClone(body)
    edited.properties.age.maximum = 10
    const validate = compilerWith({ precompiled: module }).compile({
      ...routes[0]!,
      schema: edited,
    })
    expect(spy).toHaveBeenCalledTimes(1)
    expect(run(validate, { email: 'a@b.co', age: 20 }).valid).toBe(false)
  })

  it('compile anew when a shared schema the route uses changed', () => {
    const { module } = buildModule()
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const changed = { address: { ...address, required: ['city', 'zip'] } }
    const validate = compilerWith({ precompiled: module }, changed).compile(routes[3]!)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(run(validate, { city: 'Paris' }).valid).toBe(false)
  })

  it('compile anew when the options changed', () => {
    const { module } = buildModule()
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const validate = compilerWith({
      precompiled: module,
      customOptions: { coerceTypes: false },
    }).compile(routes[1]!)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(run(validate, { limit: '5' }).valid).toBe(false)
  })

  it('compile a part the module does not hold (a missing entry falls back)', () => {
    const { module } = buildModule({}, routes.slice(0, 1))
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const { compile } = compilerWith({ precompiled: module })
    compile(routes[0]!)
    expect(spy).not.toHaveBeenCalled()
    const validate = compile(routes[1]!)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(run(validate, { limit: '500' }).valid).toBe(false)
  })

  it('fail with the same error as without a module for a bad schema', () => {
    const { module } = buildModule()
    const bad = { ...routes[0]!, schema: { type: 'object', properties: { a: { $ref: 'nope#' } } } }
    const plain = () => compilerWith({}).compile(bad)
    const withModule = () => compilerWith({ precompiled: module }).compile(bad)
    const collecting = () =>
      buildValidatorCompiler({ collector: new ValidatorCollector() })(shared)(bad)
    expect(plain).toThrow(/cannot resolve \$ref 'nope#'/)
    for (const attempt of [withModule, collecting]) {
      expect(attempt).toThrow(
        expect.objectContaining({ code: 'FRM_ERR_SCH_VALIDATION_BUILD', message: errorOf(plain) }),
      )
    }
  })

  it('compile a part, with a warning, when its code fails to load', () => {
    const { module } = buildModule()
    const broken = {
      ...module,
      validators: Object.fromEntries(
        Object.entries(
          module.validators as Record<string, { index: object; chunks: string[] }>,
        ).map(([key, code]) => [
          key,
          { index: code.index, chunks: code.chunks.map(() => 'throw new Error("boom")') },
        ]),
      ),
    }
    const { compile, warnings } = compilerWith({ precompiled: broken })
    const validate = compile(routes[1]!)
    expect(run(validate, { limit: '500' }).valid).toBe(false)
    expect(warnings).toEqual([expect.stringMatching(/could not be loaded.*boom/)])
  })

  it('keep a schema that JSON cannot spell out of the module', () => {
    const odd = {
      ...routes[1]!,
      schema: {
        type: 'object',
        properties: { a: { type: 'string', default: undefined, x: () => 1 } },
      },
    }
    // An application that keeps such keywords turns Ajv's strict mode off.
    const { collector } = buildModule({ customOptions: { strictSchema: false } }, [odd])
    expect(collector.size).toBe(0)
  })
})

describe('precompiled validators with Ajv plugins', () => {
  it('keep what a plugin compiles into code (ajv-errors messages)', () => {
    const options: ValidatorCompilerOptions = {
      customOptions: { allErrors: true },
      plugins: [ajvErrors],
      onWarning: () => {},
    }
    const input: ValidatorCompileInput = {
      schema: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 2 } },
        errorMessage: { required: { name: 'name is needed' } },
      },
      method: 'POST',
      url: '/named',
      httpPart: 'body',
    }
    const { module, collector } = buildModule(options, [input])
    expect(collector.skipped).toEqual([])
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const precompiled = compilerWith({ ...options, precompiled: module }).compile(input)
    expect(spy).not.toHaveBeenCalled()
    spy.mockRestore()
    const compiled = compilerWith(options).compile(input)
    for (const data of [{}, { name: 'a' }, { name: 'ab' }]) {
      expect(run(precompiled, structuredClone(data))).toEqual(run(compiled, structuredClone(data)))
    }
    expect(run(precompiled, {}).errors?.[0]?.message).toBe('name is needed')
  })

  it('leave out, and compile at start, a part whose format has no code (a plugin function)', () => {
    const evenFormat = (ajv: Ajv) =>
      ajv.addFormat('even', (value: string) => value.length % 2 === 0)
    const options: ValidatorCompilerOptions = { plugins: [evenFormat], onWarning: () => {} }
    const input: ValidatorCompileInput = {
      schema: { type: 'object', properties: { code: { type: 'string', format: 'even' } } },
      method: 'POST',
      url: '/codes',
      httpPart: 'body',
    }
    const { module, collector } = buildModule(options, [input, routes[1]!])
    expect(collector.skipped).toEqual([expect.stringMatching(/^POST \/codes, part body: /)])
    expect(collector.size).toBe(2)
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const { compile } = compilerWith({ ...options, precompiled: module })
    const validate = compile(input)
    compile(routes[1]!)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(run(validate, { code: 'abc' }).valid).toBe(false)
    expect(run(validate, { code: 'ab' }).valid).toBe(true)
  })
})

function errorOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a throw')
}
