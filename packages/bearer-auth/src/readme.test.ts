import { readFileSync } from 'node:fs'
import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { bearerAuth } from './bearer-auth.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

/** The JavaScript code blocks of the README section titled `title`, in order. */
function codeBlocks(title: string): string[] {
  const start = readme.indexOf(`## ${title}\n`)
  expect(start).toBeGreaterThan(-1)
  const end = readme.indexOf('\n## ', start + 1)
  const section = readme.slice(start, end === -1 ? undefined : end)
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!)
}

/**
 * Runs a README snippet against a fresh app, with `app` and `bearerAuth` in scope. The app comes back
 * wrapped: an instance is thenable, so an async function returning it would resolve to undefined.
 */
async function runSnippet(code: string) {
  const app = framework()
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>
  await new AsyncFunction('app', 'bearerAuth', code)(app, bearerAuth)
  await app.ready()
  return { app }
}

describe('README', () => {
  it('[5] the scope example protects api and its grandchild, not the parent nor the sibling', async () => {
    const [scope] = codeBlocks('Scope: which routes need a key')
    const { app } = await runSnippet(scope!)
    const status = async (url: string, key?: string) =>
      (await app.inject({ url, headers: key ? { authorization: `Bearer ${key}` } : {} })).statusCode
    expect(await status('/health')).toBe(200)
    expect(await status('/docs/index')).toBe(200)
    expect(await status('/api/me')).toBe(401)
    expect(await status('/api/me', 'k1')).toBe(200)
    expect(await status('/api/admin/stats')).toBe(401)
    expect(await status('/api/admin/stats', 'k2')).toBe(200)
    await app.close()
  })

  it('the not-found example asks for the key on unknown paths under /api', async () => {
    const [, notFound] = codeBlocks('Scope: which routes need a key')
    const { app } = await runSnippet(notFound!)
    expect((await app.inject({ url: '/api/nope' })).statusCode).toBe(401)
    const found = await app.inject({ url: '/api/nope', headers: { authorization: 'Bearer k1' } })
    expect(found.statusCode).toBe(404)
    expect(found.json()).toEqual({ missing: '/api/nope' })
    await app.close()
  })

  it('lists every bearer-auth error code of the catalogue', () => {
    for (const code of [
      'FRM_ERR_BEARER_AUTH_OPTIONS',
      'FRM_ERR_BEARER_AUTH_MISSING',
      'FRM_ERR_BEARER_AUTH_INVALID',
    ]) {
      expect(readme).toContain(`| \`${code}\` |`)
    }
  })
})
