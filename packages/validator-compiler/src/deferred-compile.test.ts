import AjvModule from 'ajv'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { run, setup, thrown } from '../test/support.js'
import { defaultAjvOptions } from './index.js'

// The class the compiler loads (the same CommonJS module), to count its compiles.
const AjvClass = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule

/** Counts Ajv compiles from now on. */
function countCompiles(): { readonly count: number } {
  const spy = vi.spyOn(AjvClass.prototype, 'compile')
  return {
    get count() {
      return spy.mock.calls.length
    },
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

const shared = {
  money: {
    $id: 'money',
    type: 'object',
    required: ['amount', 'currency'],
    properties: {
      amount: { type: 'number', minimum: 0 },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
  },
}

const order = {
  type: 'object',
  required: ['price', 'quantity'],
  additionalProperties: false,
  properties: {
    price: { $ref: 'money#' },
    quantity: { type: 'integer', minimum: 1, default: 1 },
    tags: { type: 'array', items: { type: 'string', maxLength: 3 }, default: [] },
    when: { type: 'string', format: 'date-time' },
    kind: { type: 'string', enum: ['a', 'b'] },
  },
}

/** The same compiler with its options given explicitly: equal values, so compiled at once. */
const atOnce = () => setup(shared, { customOptions: { ...defaultAjvOptions } })

describe('validators of the deferrable subset: built on first use', () => {
  it('compiles nothing at compile time, once on the first call, never again', () => {
    const { compile } = setup(shared)
    const compiles = countCompiles()
    const validate = compile(order)
    expect(compiles.count).toBe(0)
    expect(validate({ price: { amount: 1, currency: 'EUR' } })).toBe(true)
    const afterFirst = compiles.count
    expect(afterFirst).toBeGreaterThan(0)
    validate({ price: { amount: 2, currency: 'USD' } })
    expect(compiles.count).toBe(afterFirst)
  })

  it('coerces, fills defaults and removes extra properties as a validator built at once', () => {
    const later = setup(shared).compile(order)
    const now = atOnce().compile(order)
    const input = () => ({ price: { amount: '12.5', currency: 'EUR' }, quantity: '3', extra: 1 })
    const expected = {
      valid: true,
      data: { price: { amount: 12.5, currency: 'EUR' }, quantity: 3, tags: [] },
      errors: null,
    }
    expect(run(later, input())).toEqual(expected)
    expect(run(now, input())).toEqual(expected)
  })

  it('reports the same errors as a validator built at once, then clears them', () => {
    const later = setup(shared).compile(order)
    const now = atOnce().compile(order)
    for (const data of [
      { price: { amount: 1, currency: 'eur' } },
      { price: { amount: -1, currency: 'EUR' } },
      { price: { amount: 1, currency: 'EUR' }, when: 'yesterday' },
      { price: { amount: 1, currency: 'EUR' }, tags: ['long'] },
      { price: { amount: 1, currency: 'EUR' }, kind: 'c' },
      { price: { amount: 'Infinity', currency: 'EUR' } },
      { quantity: 2 },
    ]) {
      const failed = run(later, structuredClone(data))
      expect(failed.valid).toBe(false)
      expect(failed).toEqual(run(now, structuredClone(data)))
    }
    expect(failed(later, { quantity: 0 })[0]).toEqual({
      instancePath: '',
      schemaPath: '#/required',
      keyword: 'required',
      params: { missingProperty: 'price' },
      message: "must have required property 'price'",
    })
    expect(run(later, { price: { amount: 1, currency: 'EUR' } }).errors).toBeNull()
  })

  it('builds from the schema as it was when compiled, not as changed afterwards', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } }
    const validate = setup().compile(schema, 'querystring')
    schema.properties.n.type = 'string'
    expect(run(validate, { n: '4' })).toEqual({ valid: true, data: { n: 4 }, errors: null })
  })

  it('deeply equal schemas share one validator, compiled once', () => {
    const { compile } = setup(shared)
    const first = compile(structuredClone(order))
    const second = compile(structuredClone(order), 'body', 'PUT', '/other')
    expect(second).toBe(first)
  })
})

describe('schemas outside the subset: compiled at once, failing and warning as before', () => {
  it('an unknown format, keyword or a pattern Ajv cannot compile fails the compile itself', () => {
    const { compile } = setup()
    for (const [schema, reason] of [
      [
        { type: 'object', properties: { a: { type: 'string', format: 'nope' } } },
        'unknown format "nope" ignored in schema at path "#/properties/a"',
      ],
      [
        { type: 'object', properties: { a: { type: 'string', example: 'x' } } },
        'strict mode: unknown keyword: "example"',
      ],
      [
        { type: 'string', pattern: '\\p{Nope}' },
        'Invalid regular expression: /\\p{Nope}/u: Invalid property name',
      ],
      [
        { type: 'object', properties: { a: { $ref: 'nobody#' } } },
        "cannot resolve $ref 'nobody#': no shared schema has the $id 'nobody'; add it with addSchema() in this context or an ancestor",
      ],
    ] as const) {
      const error = thrown(() => compile(schema))
      expect(error.code).toBe('FRM_ERR_SCH_VALIDATION_BUILD')
      expect(error.message).toBe(
        `Failed building the validation schema for POST: /items, due to error ${reason} (httpPart: body)`,
      )
    }
  })

  it("a keyword outside its node's type warns at compile time (strictTypes)", () => {
    const { compile, warnings } = setup()
    const compiles = countCompiles()
    compile({ type: 'object', properties: { a: { minimum: 1 } } })
    expect(compiles.count).toBe(1)
    expect(warnings).toEqual([
      'POST /items, part body: strict mode: missing type "number" for keyword "minimum" at "#/properties/a" (strictTypes)',
    ])
  })

  it('custom Ajv options, plugins or precompiling: everything is compiled at once', () => {
    for (const options of [
      { customOptions: { coerceTypes: false } },
      { plugins: [() => undefined] },
    ]) {
      const compiles = countCompiles()
      setup({}, options).compile({ type: 'object', properties: { a: { type: 'string' } } })
      expect(compiles.count).toBe(1)
      vi.restoreAllMocks()
    }
  })
})

describe('the subset: whatever it defers, Ajv compiles without error or warning', () => {
  const sharedSet = {
    ...shared,
    plain: { type: 'string', maxLength: 4 },
    amount: { $id: 'http://example.com/amount', type: 'number', minimum: 0 },
    // A relative reference, resolved against this schema's $id.
    deep: {
      $id: 'http://example.com/deep',
      type: 'object',
      properties: { m: { $ref: 'amount#' } },
    },
  }
  const inSubset: object[] = [
    {
      type: 'object',
      title: 't',
      description: 'd',
      $comment: 'c',
      examples: [{}],
      required: ['a'],
      minProperties: 0,
      maxProperties: 9,
      additionalProperties: { type: 'number', multipleOf: 0.5, exclusiveMinimum: 0 },
      properties: {
        a: {
          type: ['string', 'null'],
          minLength: 1,
          maxLength: 9,
          pattern: '^\\w+$',
          format: 'email',
        },
        b: {
          type: 'array',
          items: { $ref: 'plain#' },
          minItems: 0,
          maxItems: 3,
          uniqueItems: true,
        },
        c: {
          type: 'integer',
          nullable: true,
          minimum: 0,
          maximum: 9,
          exclusiveMaximum: 10,
          default: 1,
        },
        d: { type: 'boolean', const: true },
        e: { type: 'string', enum: ['x', 'y', null], default: 'x' },
        f: { $ref: 'http://example.com/deep#' },
        g: true,
        h: { type: 'object', default: { k: [1, 'two', null] } },
      },
    },
    true,
    { type: 'null' },
  ]
  // Each one step outside: Ajv throws or warns on some, the subset cannot tell on the others.
  const outside: object[] = [
    { type: 'object', default: {} },
    { type: ['string', 'number'] },
    { type: 'array', items: [{ type: 'string' }] },
    { type: 'string', nullable: false },
    { type: 'object', properties: { a: { $ref: 'money#', description: 'x' } } },
    { type: 'object', properties: { a: { $ref: 'money#/properties/amount' } } },
    { type: 'object', properties: { a: { type: 'string', minimum: 1 } } },
    { type: 'object', properties: { a: { type: 'string', enum: [] } } },
    { type: 'object', properties: { a: { type: 'integer', format: 'int32' } } },
    { type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } },
    { type: 'object', properties: { a: { type: 'string', default: 10n } } },
    { type: 'object', $id: 'route', properties: {} },
    { properties: { a: { type: 'string' } }, required: ['a'], type: 'object', maxItems: 1 },
  ]

  it('defers each schema of the subset, and its first call compiles it silently', () => {
    const { compile, warnings } = setup(sharedSet)
    const compiles = countCompiles()
    const validators = inSubset.map((schema) => compile(schema))
    expect(compiles.count).toBe(0)
    for (const validate of validators) validate({ a: 'x' })
    expect(compiles.count).toBe(inSubset.length)
    expect(warnings).toEqual([])
  })

  it('compiles each schema one step outside at once', () => {
    const { compile } = setup(sharedSet)
    for (const schema of outside) {
      const compiles = countCompiles()
      try {
        compile(schema)
      } catch {
        // Some fail: what matters here is that the compile ran now.
      }
      expect(
        compiles.count,
        JSON.stringify(schema, (_key, value) => (typeof value === 'bigint' ? 'bigint' : value)),
      ).toBe(1)
      vi.restoreAllMocks()
    }
  })
})

function failed(validate: (data: unknown) => boolean, data: unknown): unknown[] {
  const valid = validate(data)
  expect(valid).toBe(false)
  return (validate as { errors?: unknown[] }).errors ?? []
}
