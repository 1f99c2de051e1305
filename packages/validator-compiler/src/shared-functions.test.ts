import Ajv from 'ajv'
import ajvErrors from 'ajv-errors'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { run, setup } from '../test/support.js'
import { defaultAjvOptions } from './default-ajv-options.js'

// Shared schemas are compiled once and called by the routes that use them, where Ajv alone would
// copy (inline) the ref-free ones into every route. The errors must stay what Ajv reports.

const money = {
  $id: 'money',
  type: 'object',
  required: ['amount', 'currency'],
  properties: {
    amount: { type: 'number', minimum: 0 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
}
const item = {
  $id: 'item',
  type: 'object',
  required: ['sku', 'price'],
  properties: { sku: { type: 'string', maxLength: 4 }, price: { $ref: 'money#' } },
}
const address = {
  $id: 'address',
  type: 'object',
  required: ['city'],
  properties: {
    city: { type: 'string' },
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
    country: { type: 'string', default: 'FR' },
  },
  definitions: { street: { type: 'string', maxLength: 5 } },
}
const shared = { money, item, address }

const route = {
  type: 'object',
  required: ['item'],
  properties: {
    item: { $ref: 'item#' },
    shipTo: { $ref: 'address#' },
    street: { $ref: 'address#/definitions/street' },
    count: { $ref: '#/definitions/count' },
  },
  definitions: { count: { type: 'integer', maximum: 9 } },
}

/** Ajv alone, with the baseline options and the same shared schemas: what errors must look like. */
function plainAjv(): Ajv {
  const ajv = new Ajv({ ...defaultAjvOptions, logger: false })
  addFormats(ajv)
  for (const schema of Object.values(shared)) ajv.addSchema(structuredClone(schema))
  return ajv
}

const cases: Array<[string, unknown]> = [
  [
    'a ref-free shared schema',
    {
      item: { sku: 'a', price: { amount: 1, currency: 'EUR' } },
      shipTo: { city: 'Lyon', zip: 'x' },
    },
  ],
  [
    'its required property',
    { item: { sku: 'a', price: { amount: 1, currency: 'EUR' } }, shipTo: {} },
  ],
  [
    'a shared schema that refers to another',
    { item: { sku: 'abcdef', price: { amount: 1, currency: 'EUR' } } },
  ],
  [
    'the shared schema it refers to',
    { item: { sku: 'a', price: { amount: -1, currency: 'EUR' } } },
  ],
  [
    'a definition of a shared schema',
    { item: { sku: 'a', price: { amount: 1, currency: 'EUR' } }, street: 'too long' },
  ],
  [
    'a definition of the route schema',
    { item: { sku: 'a', price: { amount: 1, currency: 'EUR' } }, count: 10 },
  ],
]

describe('shared schemas compiled once', () => {
  it.each(cases)('errors inside %s are the ones Ajv reports', (_name, data) => {
    const validate = setup(shared).compile(route)
    const expected = plainAjv().compile(route)
    expect(expected(structuredClone(data))).toBe(false)
    expect(run(validate, structuredClone(data)).errors).toEqual(expected.errors)
  })

  it('keeps coercion, defaults and removal of extra properties inside the shared schema', () => {
    const validate = setup(shared).compile(route)
    const data = {
      item: { sku: 'a', price: { amount: '2.5', currency: 'EUR', extra: 1 } },
      shipTo: { city: 'Lyon', zip: 69001 },
      count: '3',
    }
    expect(run(validate, data)).toEqual({
      valid: true,
      data: {
        item: { sku: 'a', price: { amount: 2.5, currency: 'EUR', extra: 1 } },
        shipTo: { city: 'Lyon', zip: '69001', country: 'FR' },
        count: 3,
      },
      errors: null,
    })
  })

  it('a route does not carry its own copy of the shared schema code', () => {
    const { compile } = setup(shared)
    const source = compile({
      type: 'object',
      properties: { shipTo: { $ref: 'address#' } },
    }).toString()
    const inlined = plainAjv()
      .compile({ type: 'object', properties: { shipTo: { $ref: 'address#' } } })
      .toString()
    expect(inlined).toContain('zip')
    expect(source).not.toContain('zip')
  })

  it("leaves the user's shared schema objects unchanged", () => {
    const before = structuredClone(shared)
    setup(shared).compile(route)
    expect(shared).toEqual(before)
  })

  it('works with strict mode on (the marker keyword is known to Ajv)', () => {
    const { compile } = setup(shared, { customOptions: { strictSchema: true } })
    const validate = compile(route)
    expect(
      run(validate, { item: { sku: 'a', price: { amount: 1, currency: 'usd' } } }).errors?.[0]
        ?.schemaPath,
    ).toBe('money#/properties/currency/pattern')
  })

  it("customOptions.inlineRefs gives Ajv's own behaviour", () => {
    const { compile } = setup(shared, { customOptions: { inlineRefs: false } })
    const validate = compile(route)
    const errors = run(validate, {
      item: { sku: 'a', price: { amount: 1, currency: 'EUR' } },
      shipTo: {},
    }).errors
    expect(errors?.[0]?.schemaPath).toBe('#/required')
  })

  it('keeps errorMessage (ajv-errors) inside a shared schema', () => {
    const messages = {
      $id: 'named',
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
      errorMessage: { required: { name: 'a name is needed' } },
    }
    const { compile } = setup(
      { named: messages },
      {
        customOptions: { allErrors: true },
        plugins: [ajvErrors],
      },
    )
    const validate = compile({ type: 'object', properties: { who: { $ref: 'named#' } } })
    const errors = run(validate, { who: {} }).errors
    expect(errors?.map((error) => [error.instancePath, error.message])).toEqual([
      ['/who', 'a name is needed'],
    ])
  })
})
