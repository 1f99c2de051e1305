import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as api from './index.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README', () => {
  it('documents every export in its API table', () => {
    for (const name of Object.keys(api))
      expect(readme).toMatch(new RegExp(`^\\|.*\`${name}\\(`, 'm'))
  })

  it('shows each library and names the error codes the package raises', () => {
    for (const text of [
      "from 'zod'",
      "from 'valibot'",
      "from 'arktype'",
      '@valibot/to-json-schema',
    ]) {
      expect(readme).toContain(text)
    }
    for (const code of [
      'FRM_ERR_STANDARD_SCHEMA_CONVERSION',
      'FRM_ERR_SCH_MISSING_ID',
      'FRM_ERR_RESPONSE_VALIDATION',
    ]) {
      expect(readme).toContain(`\`${code}\``)
    }
  })
})
