import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { requestIdGenerator } from './request-id.js'

const raw = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage

describe('request ids', () => {
  it("leaves the core's counter in charge when no option is given", () => {
    expect(requestIdGenerator(undefined, undefined)).toBeUndefined()
    expect(requestIdGenerator(undefined, false)).toBeUndefined()
  })

  it('passes a custom generator through', () => {
    const gen = () => 'fixed'
    expect(requestIdGenerator(gen, undefined)).toBe(gen)
  })

  it('trusts the named header only for id-like values', () => {
    const gen = requestIdGenerator(undefined, 'X-Request-Id')!
    expect(gen(raw({ 'x-request-id': 'abc-123' }))).toBe('abc-123')
    const forged = gen(raw({ 'x-request-id': 'a b\n{"level":60}' }))
    expect(forged).not.toContain('level')
    expect(forged).toMatch(/^req-/)
    expect(gen(raw({}))).toMatch(/^req-/)
    expect(gen(raw({}))).not.toBe(gen(raw({})))
  })
})
