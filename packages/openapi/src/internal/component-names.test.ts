import { describe, expect, it } from 'vitest'
import { ComponentNames, safeName } from './component-names.js'

describe('component names', () => {
  it.each([
    ['user', 'user'],
    ['user#', 'user'],
    ['https://example.com/schemas/user.json', 'https_example.com_schemas_user.json'],
    ['urn:thing:v1', 'urn_thing_v1'],
    ['#', 'schema'],
    ['Ünïcode name', 'n_code_name'],
  ])('%s → %s', (id, name) => {
    expect(safeName(id)).toBe(name)
  })

  it('suffixes only a different schema on a collision; equal content shares the name', () => {
    const names = new ComponentNames()
    const a = { type: 'string' }
    expect(names.allocate('x', a)).toEqual({ name: 'x', isNew: true })
    expect(names.allocate('x', a)).toEqual({ name: 'x', isNew: false })
    expect(names.allocate('x', { type: 'string' })).toEqual({ name: 'x', isNew: false })
    expect(names.allocate('x#', { type: 'integer' })).toEqual({ name: 'x_2', isNew: true })
    expect(names.get(a)).toBe('x')
  })
})
