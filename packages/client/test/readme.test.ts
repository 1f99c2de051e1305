import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { typedInject } from '../src/index.js'
import { generateRouteTypes } from '../src/typegen.js'
import { buildQuickStart } from './fixtures/quick-start-app.js'
import type { Routes } from './fixtures/quick-start-routes.generated.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

describe('the root README, "Calling it"', () => {
  it('its TypeScript block is test/readme-calling-it.ts, which the typecheck compiles', async () => {
    const readme = await readFile(here('../../../README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('### Calling it'), readme.indexOf('## The model'))
    const block = /```ts\n([\s\S]*?)```/.exec(section)![1]!
    const file = await readFile(here('./readme-calling-it.ts'), 'utf8')
    expect(file).toContain(
      block
        .replace("from '@framework/client'", "from '../src/index.js'")
        .replace(
          "from './routes.generated.js'",
          "from './fixtures/quick-start-routes.generated.js'",
        ),
    )
  })

  it("the quick start app's generated types are current (UPDATE_FIXTURES=1 rewrites them)", async () => {
    const app = buildQuickStart()
    const text = await generateRouteTypes(app, { importFrom: '../../src/index.js' })
    await app.close()
    const file = here('./fixtures/quick-start-routes.generated.ts')
    if (process.env.UPDATE_FIXTURES === '1') await writeFile(file, text)
    expect(await readFile(file, 'utf8')).toBe(text)
  })

  it('the calls answer as the block says', async () => {
    const app = buildQuickStart()
    const api = typedInject<Routes>(app)
    const res = await api.post('/users', { body: { name: 'Ada' } })
    expect(res.status).toBe(201)
    if (res.status === 201) expect(res.data.name).toBe('Ada')
    const bad = await api.post('/users', { body: {} } as never)
    expect(bad).toMatchObject({
      status: 400,
      data: { message: "body should have required property 'name'" },
    })
    await app.close()
  })
})
