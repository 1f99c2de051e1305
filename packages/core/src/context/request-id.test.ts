import { describe, expect, it } from 'vitest'
import { requestIdGenerator } from './request-id.js'

const raw = (headers: Record<string, string>) => ({ headers })

describe('request ids', () => {
  it('counts req-1, req-2... when no generator is given', () => {
    const gen = requestIdGenerator(undefined, undefined)
    expect([gen(raw({})), gen(raw({}))]).toEqual(['req-1', 'req-2'])
  })

  it('passes a custom generator through when no header is named', () => {
    const gen = () => 'fixed'
    expect(requestIdGenerator(gen, undefined)).toBe(gen)
    expect(requestIdGenerator(gen, false)).toBe(gen)
  })

  it('trusts the named header only for id-like values', () => {
    const gen = requestIdGenerator(undefined, 'X-Request-Id')
    expect(gen(raw({ 'x-request-id': 'abc-123' }))).toBe('abc-123')
    const forged = gen(raw({ 'x-request-id': 'a b\n{"level":60}' }))
    expect(forged).not.toContain('level')
    expect(forged).toMatch(/^req-/)
    expect(gen(raw({}))).toMatch(/^req-/)
    expect(gen(raw({}))).not.toBe(gen(raw({})))
  })

  it('calls the fallback generator with the same this', () => {
    const self = { name: 'instance' }
    const gen = requestIdGenerator(function (this: { name: string }) {
      return this.name
    }, 'x-id')
    expect(gen.call(self, raw({}))).toBe('instance')
  })
})
