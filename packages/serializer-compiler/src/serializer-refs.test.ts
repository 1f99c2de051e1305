import { describe, expect, it } from 'vitest'
import { buildSerializerCompiler } from './serializer-compiler.js'

const address = {
  type: 'object',
  properties: { city: { type: 'string' } },
}

/** Shared schemas as `getSchemas()` returns them: keyed by `$id`. */
const shared = {
  user: {
    $id: 'user',
    type: 'object',
    properties: {
      name: { type: 'string' },
      home: { $ref: '#/definitions/address' },
      badge: { $ref: '#badge' },
    },
    definitions: {
      address,
      badge: {
        $id: '#badge',
        type: 'object',
        properties: { label: { type: 'string' } },
      },
    },
  },
  team: {
    $id: 'team',
    type: 'object',
    properties: {
      lead: { $ref: 'user#' },
      office: { $ref: 'user#/definitions/address' },
    },
  },
  'http://example.com/schemas/tree.json': {
    $id: 'http://example.com/schemas/tree.json',
    type: 'object',
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: { $ref: 'http://example.com/schemas/tree.json#' } },
    },
  },
}

const ada = {
  name: 'Ada',
  password: 'x',
  home: { city: 'London', street: 'hidden' },
  badge: { label: 'admin', secret: 1 },
}
const adaOut = '{"name":"Ada","home":{"city":"London"},"badge":{"label":"admin"}}'

function serializerOf(schema: object) {
  return buildSerializerCompiler()(shared)({
    schema,
    method: 'GET',
    url: '/refs',
    httpStatus: '200',
  })
}

describe('$ref resolution in response schemas', () => {
  it("[2.5] resolves '#foo' to the object with $id '#foo' inside the schema", () => {
    const serialize = serializerOf({
      type: 'object',
      properties: { owner: { $ref: '#person' } },
      definitions: {
        person: { $id: '#person', type: 'object', properties: { name: { type: 'string' } } },
      },
    })
    expect(serialize({ owner: { name: 'Ada', age: 36 } })).toBe('{"owner":{"name":"Ada"}}')
  })

  it("[2.5] resolves '#foo' when the anchor sits in properties, not in definitions", () => {
    const serialize = serializerOf({
      type: 'object',
      properties: {
        main: { $id: '#point', type: 'object', properties: { x: { type: 'integer' } } },
        other: { $ref: '#point' },
      },
    })
    expect(serialize({ main: { x: 1, y: 2 }, other: { x: 3, y: 4 } })).toBe(
      '{"main":{"x":1},"other":{"x":3}}',
    )
  })

  it("[2.5] resolves '#/definitions/x' inside the schema", () => {
    const serialize = serializerOf({
      type: 'object',
      properties: { home: { $ref: '#/definitions/place' } },
      definitions: { place: address },
    })
    expect(serialize({ home: { city: 'Paris', zip: '75001' } })).toBe('{"home":{"city":"Paris"}}')
  })

  it("[2.5] resolves 'id#' to a shared schema", () => {
    const serialize = serializerOf({ type: 'object', properties: { who: { $ref: 'user#' } } })
    expect(serialize({ who: ada })).toBe(`{"who":${adaOut}}`)
  })

  it("[2.5] resolves 'id#/definitions/x' inside a shared schema", () => {
    const serialize = serializerOf({
      type: 'object',
      properties: { at: { $ref: 'user#/definitions/address' } },
    })
    expect(serialize({ at: { city: 'Rome', street: 'Via' } })).toBe('{"at":{"city":"Rome"}}')
  })

  it("[2.5] resolves 'id#foo' to the object with $id '#foo' inside a shared schema", () => {
    const serialize = serializerOf({ type: 'object', properties: { b: { $ref: 'user#badge' } } })
    expect(serialize({ b: { label: 'staff', secret: 2 } })).toBe('{"b":{"label":"staff"}}')
  })

  it('[2.4] accepts a root $ref to a shared schema with a trailing #', () => {
    expect(serializerOf({ $ref: 'user#' })(ada)).toBe(adaOut)
  })

  it("[2.4] accepts a root $ref to a shared schema's definitions", () => {
    expect(serializerOf({ $ref: 'user#/definitions/address' })({ city: 'Oslo', x: 1 })).toBe(
      '{"city":"Oslo"}',
    )
  })

  it('[2.5] follows shared schemas that refer to each other', () => {
    const serialize = serializerOf({ $ref: 'team#' })
    expect(serialize({ lead: ada, office: { city: 'Berlin', floor: 3 }, budget: 9 })).toBe(
      `{"lead":${adaOut},"office":{"city":"Berlin"}}`,
    )
  })

  it('[2.5] follows a shared schema that refers to itself, with a URL $id', () => {
    const serialize = serializerOf({ $ref: 'http://example.com/schemas/tree.json#' })
    expect(
      serialize({ name: 'root', x: 1, children: [{ name: 'leaf', children: [], y: 2 }] }),
    ).toBe('{"name":"root","children":[{"name":"leaf","children":[]}]}')
  })

  it('[2.5] resolves refs in the contract syntax', () => {
    const serialize = serializerOf({
      who: { $ref: 'user#' },
      at: { $ref: 'user#/definitions/address' },
    })
    expect(serialize({ who: ada, at: { city: 'Lima', z: 0 } })).toBe(
      `{"who":${adaOut},"at":{"city":"Lima"}}`,
    )
  })

  it('[2.5] refs in array items and a shared schema default', () => {
    const compile = buildSerializerCompiler()({
      ...shared,
      flag: { $id: 'flag', type: 'boolean', default: false },
    })
    const serialize = compile({
      schema: {
        type: 'object',
        properties: { people: { type: 'array', items: { $ref: 'user#' } }, on: { $ref: 'flag#' } },
      },
      method: 'GET',
      url: '/people',
      httpStatus: '200',
    })
    expect(serialize({ people: [ada, ada] })).toBe(`{"people":[${adaOut},${adaOut}],"on":false}`)
  })
})
