// Adds up the vitest JSON reports that every package's `test` task wrote (turbo restores them
// from its cache too) and prints one closing line for the whole repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

let passed = 0
let failed = 0
let skipped = 0
const rows = []
const dirs = [...readdirSync('packages').sort().map((name) => join('packages', name)), 'docs']
for (const dir of dirs) {
  const file = join(dir, 'reports', 'vitest.json')
  if (!existsSync(file)) {
    rows.push(`  ${dir}: no report (did its tests run?)`)
    failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  rows.push(`  ${dir}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
}
console.log(`\nTests by package:\n${rows.join('\n')}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exitCode = failed > 0 ? 1 : 0
