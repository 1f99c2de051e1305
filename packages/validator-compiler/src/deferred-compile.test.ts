import AjvModule from 'ajv'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { run, setup, thrown } from '../test/support.js'
import { defaultAjvOptions, type ValidateFunction, ValidatorCollector } from './index.js'

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

  it("passes Ajv's data context on: a coerced root value is written back to its holder", () => {
    const later = setup().compile({ type: 'integer' })
    expect((later as { schemaEnv?: unknown }).schemaEnv).toBeDefined()
    const holder = { body: '42' as unknown }
    const validate = later as unknown as (data: unknown, context: object) => boolean
    expect(validate(holder.body, { parentData: holder, parentDataProperty: 'body' })).toBe(true)
    expect(holder).toEqual({ body: 42 })
  })

  it("has Ajv's schema and schemaEnv, read from the function compiled when first read", () => {
    const { compile } = setup()
    const compiles = countCompiles()
    const validate = compile({ type: 'object', properties: { n: { type: 'integer' } } }) as {
      schema?: unknown
      schemaEnv?: { schema?: unknown }
    }
    expect(compiles.count).toBe(0)
    expect(validate.schema).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', 'x-framework-finite-number': true } },
    })
    expect(validate.schemaEnv?.schema).toBe(validate.schema)
    expect(compiles.count).toBe(1)
  })

  it("shows the errors of the compiled function's last call, whoever called it", () => {
    const validate = setup().compile({
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
    })
    const missingName = [
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'name' },
        message: "must have required property 'name'",
      },
    ]
    // Before the compile, as on a function Ajv compiled.
    expect(validate.errors).toBeNull()
    // A failing first call compiles, and shows its errors.
    expect(validate({})).toBe(false)
    expect(validate.errors).toEqual(missingName)
    expect(validate({ name: 'a' })).toBe(true)
    expect(validate.errors).toBeNull()
    // The compiled function called directly, as the core calls it: the same errors, read through.
    const compiled = (validate as { schemaEnv?: { validate?: ValidateFunction } }).schemaEnv
      ?.validate as ValidateFunction
    expect(compiled).not.toBe(validate)
    expect(compiled({ name: 'a', age: 'x' })).toBe(false)
    expect(validate.errors).toEqual([
      {
        instancePath: '/age',
        schemaPath: '#/properties/age/type',
        keyword: 'type',
        params: { type: 'integer' },
        message: 'must be integer',
      },
    ])
    expect(compiled({ name: 'b' })).toBe(true)
    expect(validate.errors).toBeNull()
    // Set through the wrapper (as on Ajv's own function): the compiled function's are set.
    validate.errors = missingName
    expect(compiled.errors).toBe(missingName)
  })

  it('keeps errors set before its compile until it compiles', () => {
    const validate = setup().compile({ type: 'object', properties: { n: { type: 'integer' } } })
    validate.errors = []
    expect(validate.errors).toEqual([])
    expect(validate({ n: 'x' })).toBe(false)
    expect(validate.errors?.map((error) => error.message)).toEqual(['must be integer'])
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
      { collector: new ValidatorCollector() },
      { eager: true },
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
  const inSubset: (object | boolean)[] = [
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

describe('the subset against Ajv: random schemas near its edge', () => {
  /** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
  function random(seed: number): () => number {
    let state = seed
    return () => {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), 1 | state)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
  }
  const fuzzShared = {
    ...shared,
    loop: { $id: 'loop', type: 'object', properties: { next: { $ref: 'loop#' } } },
    loose: { $id: 'loose', properties: { a: { minimum: 1 } } },
  }

  function schemaOf(next: () => number, depth: number): unknown {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
    if (next() < 0.1)
      return pick([
        true,
        false,
        {
          $ref: pick(['money#', 'loop#', 'loose#', 'nobody#', 'money#/properties/amount', 'money']),
        },
      ])
    const node: Record<string, unknown> = {}
    const type = pick([
      'string',
      'number',
      'integer',
      'boolean',
      'null',
      'object',
      'array',
      undefined,
      ['string', 'null'],
      ['string', 'number'],
      'text',
    ])
    if (type !== undefined) node.type = type
    const keywords = 1 + Math.floor(next() * 4)
    for (let i = 0; i < keywords; i++) {
      const key = pick([
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'multipleOf',
        'minLength',
        'maxLength',
        'pattern',
        'format',
        'minItems',
        'uniqueItems',
        'items',
        'properties',
        'required',
        'additionalProperties',
        'minProperties',
        'enum',
        'const',
        'default',
        'nullable',
        'title',
        'examples',
        'anyOf',
        'example',
        '$id',
        'if',
        'dependencies',
      ])
      const child = () => (depth < 3 ? schemaOf(next, depth + 1) : { type: 'string' })
      node[key] = (
        {
          minimum: () => pick([0, -1.5, '1', Number.POSITIVE_INFINITY]),
          maximum: () => pick([10, 1e300]),
          exclusiveMinimum: () => pick([0, true]),
          multipleOf: () => pick([0.5, 0, -2]),
          minLength: () => pick([0, 3, -1, 1.5]),
          maxLength: () => pick([8, '8']),
          pattern: () => pick(['^a+$', '\\p{L}', '\\p{Nope}', '(', '\\d{2}']),
          format: () => pick(['email', 'date-time', 'uuid', 'phone', 'int32', 'regex']),
          minItems: () => pick([1, -1]),
          uniqueItems: () => pick([true, 'yes']),
          items: () => (next() < 0.2 ? [child()] : child()),
          properties: () => ({ a: child(), b: child() }),
          required: () => pick([['a'], ['a', 'a'], [1], 'a']),
          additionalProperties: () => (next() < 0.5 ? pick([true, false]) : child()),
          minProperties: () => pick([1, -2]),
          enum: () => pick([['a', 1, null], [], ['a', 'a'], [{ a: 1 }]]),
          const: () => pick(['x', 2, { k: [1] }, 10n]),
          default: () => pick(['x', 0, { a: 'b' }, null, 10n]),
          nullable: () => pick([true, false]),
          title: () => pick(['t', 3]),
          examples: () => pick([['x'], 'x']),
          anyOf: () => [child()],
          example: () => 'x',
          $id: () => 'inner',
          if: () => child(),
          dependencies: () => ({ a: ['b'] }),
        } as Record<string, () => unknown>
      )[key]!()
    }
    return node
  }

  it('whatever it defers, a first call compiles without error or warning', () => {
    let deferred = 0
    for (let seed = 1; seed <= 400; seed++) {
      const schema = schemaOf(random(seed), 0) as object
      const { compile, warnings } = setup(fuzzShared)
      const compiles = countCompiles()
      let validate: ((data: unknown) => boolean) | undefined
      try {
        validate = compile(schema)
      } catch {
        // Refused at compile time: nothing deferred.
      }
      if (validate !== undefined && compiles.count === 0) {
        deferred++
        expect(() => validate({ a: 'x' }), `seed ${seed}`).not.toThrow()
        expect(compiles.count, `seed ${seed}`).toBe(1)
        expect(warnings, `seed ${seed}`).toEqual([])
      }
      vi.restoreAllMocks()
    }
    // The generator reaches the subset often enough for the check to mean something.
    expect(deferred).toBeGreaterThan(40)
  })
})

function failed(validate: (data: unknown) => boolean, data: unknown): unknown[] {
  const valid = validate(data)
  expect(valid).toBe(false)
  return (validate as { errors?: unknown[] }).errors ?? []
}
