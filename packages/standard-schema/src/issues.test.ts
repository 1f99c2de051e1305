import { describe, expect, it } from 'vitest'
import { pointerOf, toValidationErrors } from './issues.js'

describe('pointerOf', () => {
  it('turns keys and { key } segments into a JSON pointer', () => {
    expect(pointerOf(['items', 0, { key: 'name' }])).toBe('/items/0/name')
  })

  it('escapes ~ and / as JSON pointers require', () => {
    expect(pointerOf(['a/b', 'c~d'])).toBe('/a~1b/c~0d')
  })

  it('is empty for an issue about the part itself', () => {
    expect(pointerOf(undefined)).toBe('')
    expect(pointerOf([])).toBe('')
  })

  it('writes symbol keys as text', () => {
    expect(pointerOf([Symbol('s')])).toBe('/Symbol(s)')
  })
})

describe('toValidationErrors', () => {
  it('keeps only the path and the message of each issue', () => {
    const issues = [
      { message: 'Required', path: ['name'], input: 'secret', code: 'x', received: 'undefined' },
      { message: 'Too long' },
    ]
    expect(toValidationErrors(issues)).toEqual([
      { instancePath: '/name', message: 'Required' },
      { instancePath: '', message: 'Too long' },
    ])
  })

  it('cuts the value Valibot quotes after "but received" or "Received"', () => {
    const issues = [
      { message: 'Invalid type: Expected number but received "secret"', received: '"secret"' },
      { message: 'Invalid email: Received "secret"', received: '"secret"' },
      { message: 'My own message', received: '"secret"' },
    ]
    expect(toValidationErrors(issues).map((error) => error.message)).toEqual([
      'Invalid type: Expected number',
      'Invalid email',
      'My own message',
    ])
  })

  it('uses ArkType\'s problem without the "(was ...)" value and without the path', () => {
    const issues = [
      {
        message: 'age must be more than 3 (was 2)',
        problem: 'must be more than 3 (was 2)',
        actual: '2',
        propString: 'age',
        path: ['age'],
      },
      {
        message: 'k must be "x" or "y" (was "secret")',
        problem: 'k must be "x" or "y" (was "secret")',
        actual: '"secret"',
        propString: 'k',
        path: ['k'],
      },
    ]
    expect(toValidationErrors(issues)).toEqual([
      { instancePath: '/age', message: 'must be more than 3' },
      { instancePath: '/k', message: 'must be "x" or "y"' },
    ])
  })
})
