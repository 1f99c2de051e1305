import { describe, expect, it } from 'vitest'
import { schemaRefs } from './schema-refs.js'
import { type AnySchema, type SharedFacts, SharedSet } from './shared-set.js'

let counter = 0
const factsOf = (schema: AnySchema): SharedFacts => ({
  number: counter++,
  refs: schemaRefs(schema),
  needsCheck: (schema as { loose?: boolean }).loose === true,
})

const money = { $id: 'money', type: 'object' }
const item = { $id: 'item', type: 'object', properties: { price: { $ref: 'money#' } } }
const node = { $id: 'node', type: 'object', properties: { next: { $ref: 'node#' } } }
const other = { $id: 'other', type: 'string', loose: true }

describe('SharedSet', () => {
  const set = new SharedSet({ money, item, node, other }, factsOf)

  it('finds the shared schemas a response reaches, transitively, sorted', () => {
    expect(set.reachable({ ids: ['item'], plain: true })).toEqual(['item', 'money'])
    expect(set.reachable({ ids: ['node'], plain: true })).toEqual(['node'])
    expect(set.reachable({ ids: [], plain: true })).toEqual([])
  })

  it('falls back to the whole set when it cannot be sure', () => {
    const all = ['item', 'money', 'node', 'other']
    expect(set.reachable({ ids: ['missing'], plain: true })).toEqual(all)
    expect(set.reachable({ ids: ['item'], plain: false })).toEqual(all)
    const urls = new SharedSet(
      { a: { $id: 'a', properties: { b: { $ref: 'http://x.com/b#' } } }, c: { $id: 'c' } },
      factsOf,
    )
    expect(urls.reachable({ ids: ['a'], plain: true })).toEqual(['a', 'c'])
  })

  it('finds a schema by its $id when its key differs', () => {
    const byId = new SharedSet({ key: { $id: 'named', type: 'string' } }, factsOf)
    expect(byId.reachable({ ids: ['named'], plain: true })).toEqual(['key'])
  })

  it('tells which subsets need their output checked', () => {
    expect(set.needsCheck(['item', 'money'])).toBe(false)
    expect(set.needsCheck(['other'])).toBe(true)
  })

  it('keys a subset by names and content numbers; undefined when one is not plain data', () => {
    const numbered = new SharedSet({ a: {}, b: {} }, (schema) => ({
      number: Object.keys(schema).length === 0 ? 7 : undefined,
      refs: schemaRefs(schema),
      needsCheck: false,
    }))
    expect(numbered.keyOf(['a', 'b'])).toBe('"a":7,"b":7,')
    expect(numbered.key).toBe('"a":7,"b":7,')
    const unkeyed = new SharedSet({ a: { default: new Date(0) } }, () => ({
      number: undefined,
      refs: { ids: [], plain: true },
      needsCheck: false,
    }))
    expect(unkeyed.key).toBeUndefined()
  })
})
