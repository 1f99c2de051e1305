import { readFileSync } from 'node:fs'
import { openapi } from '@framework/openapi'
import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { openapiUi } from './openapi-ui.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

/** The JavaScript code blocks of the README section titled `title`, in order. */
function codeBlocks(title: string): string[] {
  const start = readme.indexOf(`## ${title}\n`)
  expect(start).toBeGreaterThan(-1)
  const end = readme.indexOf('\n## ', start + 1)
  const section = readme.slice(start, end === -1 ? undefined : end)
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!)
}

/** Runs a README block with its imports replaced by the sources; returns what it logged. */
async function run(code: string, rewrite: (body: string) => string = (body) => body) {
  const body = rewrite(code.replace(/^import .*$/gm, '')).concat('\nreturn { app }')
  const logs: unknown[][] = []
  const scope: Record<string, unknown> = {
    framework,
    openapi,
    openapiUi,
    console: { log: (...values: unknown[]) => logs.push(values) },
  }
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<{ app: ReturnType<typeof framework> }>
  const { app } = await new AsyncFunction(...Object.keys(scope), body)(...Object.values(scope))
  return { app, logs }
}

describe('README', () => {
  it('the Use block serves the docs page and prints its URL', async () => {
    const [use] = codeBlocks('Use')
    const { app, logs } = await run(use!, (body) =>
      body.replace('port: 3000', "port: 0, host: '127.0.0.1'"),
    )
    try {
      expect(logs).toHaveLength(1)
      const [line] = logs[0] as [string]
      expect(line).toMatch(/^API docs at http:\/\/127\.0\.0\.1:\d+\/docs$/)
      const page = await fetch(line.slice('API docs at '.length))
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<title>Shop</title>')
    } finally {
      await app.close()
    }
  })

  it('the Example block logs what it claims', async () => {
    const [example] = codeBlocks('Example')
    const { logs } = await run(example!)
    expect(logs).toEqual([[true], [200]])
  })
})
