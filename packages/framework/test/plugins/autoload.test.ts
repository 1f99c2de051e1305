import { join } from 'node:path'
import autoload4 from '@fastify/autoload'
import autoload5 from '@fastify/autoload-5'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// @fastify/autoload 5 (the last line for Fastify 4) and 6.5 (the Fastify-5 line), used as their
// README shows, on the fixtures in ./fixtures/autoload: plugins/ (shared, fastify-plugin) and
// routes/ (prefixed by their folders). Every case runs on both lines.

const fixtures = join(import.meta.dirname, 'fixtures', 'autoload')

/**
 * The plugin's two release lines, and the `ignorePattern` that skips the same entries on each:
 * autoload 5 matches it against an entry's name, 6 against its path relative to `dir`.
 */
const lines = [
  ['Fastify 4', { autoload: autoload4, ignorePattern: /^(root\.js|admin|_id)$/ }],
  ['Fastify 5', { autoload: autoload5, ignorePattern: /^(root\.js|admin|users\/_id)$/ }],
] as const

describe.each(lines)('[plugins] @fastify/autoload (%s)', (_line, { autoload, ignorePattern }) => {
  async function loadedApp() {
    const app = makeApp()
    app.register(autoload, { dir: join(fixtures, 'plugins'), options: { users: ['ada', 'alan'] } })
    app.register(autoload, {
      dir: join(fixtures, 'routes'),
      routeParams: true,
      autoHooks: true,
      cascadeHooks: true,
      options: { prefix: '/api' },
    })
    await app.ready()
    return app
  }

  itBoth(
    'loads the plugins folder: a fastify-plugin decorator reaches the app, with options',
    async ({ send }) => {
      const app = await loadedApp()
      expect(app.db).toEqual({ users: ['ada', 'alan'] })
      expect(app.hasPlugin('db')).toBe(true)
      const root = await send(app, { url: '/api' })
      expect([root.statusCode, root.json()]).toEqual([200, { root: true }])
    },
  )

  itBoth(
    'prefixes routes with their folder names, _folders as params, autohooks per folder',
    async ({ send }) => {
      const app = await loadedApp()
      const users = await send(app, { url: '/api/users' })
      expect(users.statusCode).toBe(200)
      expect(users.headers['x-users-hook']).toBe('yes')
      expect(users.json()).toEqual({ users: ['ada', 'alan'], hooked: true })
      const one = await send(app, { url: '/api/users/7' })
      expect(one.statusCode).toBe(200)
      expect(one.headers['x-users-hook']).toBe('yes')
      expect(one.json()).toEqual({ id: '7', hooked: true })
      // The users folder's hooks stay in it.
      const root = await send(app, { url: '/api' })
      expect(root.headers['x-users-hook']).toBeUndefined()
    },
  )

  itBoth('autoPrefix of a CommonJS plugin replaces its folder name', async ({ send }) => {
    const app = await loadedApp()
    const stats = await send(app, { url: '/api/manage/stats' })
    expect([stats.statusCode, stats.json()]).toEqual([200, { admin: true }])
    const byFolder = await send(app, { url: '/api/admin/stats' })
    expect(byFolder.statusCode).toBe(404)
    expect(byFolder.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/api/admin/stats not found',
    })
  })

  it('dirNameRoutePrefix: false mounts a folder without its name; ignorePattern skips files', async () => {
    const app = makeApp()
    app.register(autoload, { dir: join(fixtures, 'plugins') })
    app.register(autoload, {
      dir: join(fixtures, 'routes'),
      dirNameRoutePrefix: false,
      ignorePattern,
    })
    await app.ready()
    const users = await app.inject('/')
    expect([users.statusCode, users.json()]).toEqual([
      200,
      { users: ['ada', 'grace'], hooked: false },
    ])
    expect((await app.inject('/manage/stats')).statusCode).toBe(404)
    expect((await app.inject('/users')).statusCode).toBe(404)
  })
})
