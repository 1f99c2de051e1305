import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { codes } from './codes.js'

describe('README', () => {
  it('lists every error code with its status', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    for (const [code, entry] of Object.entries(codes)) {
      expect(readme).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${entry.statusCode}\\s*\\|`))
    }
  })
})
