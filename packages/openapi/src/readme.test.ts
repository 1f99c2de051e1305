import { readFileSync } from 'node:fs'
import framework, { listRoutes } from 'framework'
import { describe, expect, it } from 'vitest'
import { expectValidOpenApi } from '../test/check-document.js'
import { buildDocument } from './build-document.js'
import { openapi } from './openapi.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

/** The JavaScript code blocks of the README section titled `title`, in order. */
function codeBlocks(title: string): string[] {
  const start = readme.indexOf(`## ${title}\n`)
  expect(start).toBeGreaterThan(-1)
  const end = readme.indexOf('\n## ', start + 1)
  const section = readme.slice(start, end === -1 ? undefined : end)
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!)
}

/** Runs a README block with its imports replaced by the sources; returns what `expose` names. */
async function run(
  code: string,
  expose: string[],
  bindings: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const body = code.replace(/^import .*$/gm, '').concat(`\nreturn { ${expose.join(', ')} }`)
  const logs: unknown[][] = []
  const scope: Record<string, unknown> = {
    framework,
    openapi,
    listRoutes,
    buildDocument,
    console: { log: (...values: unknown[]) => logs.push(values) },
    ...bindings,
  }
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<Record<string, unknown>>
  const result = await new AsyncFunction(...Object.keys(scope), body)(...Object.values(scope))
  return { ...result, logs }
}

describe('README', () => {
  it('the Use example documents the items routes as it says', async () => {
    const [use] = codeBlocks('Use')
    const { app, document } = (await run(use!, ['app', 'document'])) as any
    expect(document.paths['/items/{id}'].get.operationId).toBe('getItemsById')
    expect(document.components.schemas.item).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['name'],
    })
    expect((await app.inject('/openapi/json')).json()).toEqual(document)
    await expectValidOpenApi(document)
  })

  it('the Example block prints the paths and methods it claims', async () => {
    const [example] = codeBlocks('Example')
    const { logs } = await run(example!, [])
    expect(logs).toEqual([[['/notes']], [['get', 'post']]])
  })

  it('the Standalone block builds the same document as app.openapi()', async () => {
    const [use] = codeBlocks('Use')
    const [standalone] = codeBlocks('Standalone')
    const { app } = (await run(use!, ['app'])) as any
    const { document } = await run(standalone!, ['document'], { app })
    expect(document).toEqual(app.openapi())
  })
})
