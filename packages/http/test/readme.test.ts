import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README', () => {
  it('the standalone example runs against the built package and prints what it says', async () => {
    const example = /## Use it alone\n\n```js\n(.*?)```/s.exec(readme)?.[1]
    expect(example).toBeDefined()
    // Port 0 instead of 3000, so the test never collides with a running server.
    const script = example!.replace('port: 3000', 'port: 0')
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: packageDir },
    )
    expect(stdout).toMatch(
      /^200 \{ id: '7', tags: \[ 'a', 'b' \] \}\nlistening on http:\/\/127\.0\.0\.1:\d+\n$/,
    )
  })
})
